import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PRIVILEGES } from '@clinica/domain';
import { endSession } from '../session/store';
import { renderScreen } from '../../test/render';
import { orderRecordOf } from '../../test/orders';
import { envelopeResponse, signInAs } from '../../test/session';
import { RefundDialog } from './RefundDialog';

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

/** The refunded order, as `orderRecord` answers it. */
const refunded = orderRecordOf({
  subtotal: 1234.5,
  total: 1234.5,
  points: 12,
  refundedAt: '2026-11-25T18:00:00.000Z',
  refundDate: '2026-11-25',
  type: 'Devolución',
  refundReason: 'No le gustó',
  refundMethod: 'Efectivo',
  refundedBy: { id: 7, name: 'Ana' },
  refundAmount: 1234.5,
});
const order = { orderNumber: 42, folio: 'POS-000042', total: 1234.5, branch: { id: 2 } };

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  fireEvent.click(await screen.findByTitle(option));
}

describe('the refund dialog (spec 002 §5, CONTRACT §12)', () => {
  it('says a refusal in Spanish, stays open to retry, and closes on the refund', async () => {
    const bodies: unknown[] = [];
    let answers = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/v1/order/42/refund') {
          bodies.push(JSON.parse(String(init?.body)));
          answers += 1;
          return answers === 1
            ? envelopeResponse(404, null, 3)
            : envelopeResponse(200, refunded, 0);
        }
        return envelopeResponse(404, null, 0);
      }),
    );
    signInAs(DEFAULT_PRIVILEGES.branchManager, { branchId: 2 });
    const onClose = vi.fn();
    renderScreen(<RefundDialog order={order} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Devolución de la venta POS-000042' });
    expect(within(dialog).getByText('$1,234.50')).toBeTruthy();

    // Nothing is sent while a field is missing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hacer devolución' }));
    expect(await within(dialog).findByText('El campo Contraseña es obligatorio')).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Motivo de la devolución'), {
      target: { value: 'No le gustó' },
    });
    await choose('Método de devolución', 'Efectivo');
    fireEvent.change(within(dialog).getByLabelText('Tu contraseña'), {
      target: { value: 'equivocada' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hacer devolución' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'La contraseña no coincide',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(bodies[0]).toEqual({
      refundReason: 'No le gustó',
      refundMethod: 'Efectivo',
      password: 'equivocada',
      branchId: 2,
    });
    // The password is cleared for the retry; reason and method stay.
    expect((within(dialog).getByLabelText('Tu contraseña') as HTMLInputElement).value).toBe('');

    fireEvent.change(within(dialog).getByLabelText('Tu contraseña'), {
      target: { value: 'Gerente1234' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hacer devolución' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[1]).toMatchObject({ refundReason: 'No le gustó', password: 'Gerente1234' });
  });

  it("names the Órdenes tab's order by the folio it carries as its number", async () => {
    signInAs(DEFAULT_PRIVILEGES.branchManager, { branchId: 2 });
    const fromTab = { orderNumber: 'POS-000042', total: 1234.5, branch: { id: 2 } };
    renderScreen(<RefundDialog order={fromTab} onClose={() => undefined} />);
    expect(
      await screen.findByRole('dialog', { name: 'Devolución de la venta POS-000042' }),
    ).toBeTruthy();
  });

  it('offers the five money methods, never points', async () => {
    signInAs(DEFAULT_PRIVILEGES.branchManager, { branchId: 2 });
    renderScreen(<RefundDialog order={order} onClose={() => undefined} />);
    await screen.findByRole('dialog');
    fireEvent.mouseDown(screen.getByLabelText('Método de devolución'));
    for (const method of [
      'Efectivo',
      'Transferencia electrónica',
      'Depósito bancario',
      'Tarjeta de crédito',
      'Tarjeta de débito',
    ])
      expect(await screen.findByTitle(method)).toBeTruthy();
    expect(screen.queryByTitle('Puntos')).toBeNull();
  });
});
