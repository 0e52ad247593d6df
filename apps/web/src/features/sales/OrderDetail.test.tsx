import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEFAULT_PRIVILEGES, type OrderRecord } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { orderRecordOf } from '../../test/orders';
import { envelopeResponse, signInAs } from '../../test/session';
import { OrderDetail } from './OrderDetail';

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

const summary = orderRecordOf({
  id: 5,
  user: { id: 1, name: 'Ana Recepción' },
  subtotal: 900,
  total: 900,
  points: 9,
  appointmentId: 101,
});

function answering(record: OrderRecord) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === '/v1/order/5') return envelopeResponse(200, record);
      if (url === '/v1/consent/3/101')
        return new Response(new Blob(['%PDF-1.4']), {
          status: 200,
          headers: { 'Content-Type': 'application/pdf' },
        });
      return envelopeResponse(404, null, 0);
    }),
  );
  return asked;
}

describe('the order detail', () => {
  it('opens each consent signed on its purchased products', async () => {
    const asked = answering({
      ...summary,
      consents: [
        {
          consentId: 3,
          appointmentId: 101,
          treatment: 'Toxina botulínica',
          signedAt: '2026-11-25T19:30:00.000Z',
        },
      ],
    });
    const opened = vi.fn(() => null);
    vi.stubGlobal('open', opened);
    // jsdom has no object URLs: the file's address is what the new tab is sent to.
    const createObjectURL = vi.fn(() => 'blob:consent');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Gerente de Sucursal', branchId: 2 });
    renderScreen(<OrderDetail order={summary} />);
    const section = await screen.findByRole('region', { name: 'Consentimientos' });
    const button = section.querySelector('button')!;
    expect(button.textContent).toContain('Toxina botulínica');
    fireEvent.click(button);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(asked).toContain('/v1/consent/3/101');
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('shows no consent section for a sale without one', async () => {
    answering(summary);
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Gerente de Sucursal', branchId: 2 });
    renderScreen(<OrderDetail order={summary} />);
    expect(await screen.findByRole('region', { name: 'Productos adquiridos' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Consentimientos' })).toBeNull();
  });
});
