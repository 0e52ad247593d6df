import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messageFor } from '@clinica/domain';
import { renderScreen } from '../../test/render';
import { envelopeResponse } from '../../test/session';
import { dismissNotice } from '../../shared/notify';
import { ChangePasswordModal, ChangePinModal, CheckInModal } from './AccountModals';

afterEach(() => {
  act(() => dismissNotice());
  vi.unstubAllGlobals();
});

function answerWith(response: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function fill(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.type(within(dialog).getByLabelText(label), value);
  }
  await userEvent.click(within(dialog).getByRole('button', { name: /Guardar/ }));
}

describe('the account modals close on 200 or 201 and stay open on failure (spec 000 §4)', () => {
  it('Cambiar Contraseña with a wrong current password marks that field and stays open (404 code 3)', async () => {
    const fetchMock = answerWith(() => envelopeResponse(404, undefined, 3));
    const onClose = vi.fn();
    renderScreen(<ChangePasswordModal open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar Contraseña' });
    await fill(dialog, {
      'Contraseña actual': 'Equivocada1',
      'Nueva contraseña': 'Nueva5678',
      'Confirmar contraseña': 'Nueva5678',
    });
    // On the field it is about (issue 11 item 7), not in a notice.
    expect(await within(dialog).findByText('La contraseña actual no es correcta')).toBeTruthy();
    expect(within(dialog).getByLabelText('Contraseña actual').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.queryByTestId('notice')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Cambiar Contraseña' })).toBeTruthy();
    // What the user typed stays, to be corrected.
    expect((within(dialog).getByLabelText('Nueva contraseña') as HTMLInputElement).value).toBe(
      'Nueva5678',
    );
  });

  it('Cambiar PIN takes digits only, counted against its 4, and never cuts a fifth (issue 11 items 7, 9)', async () => {
    const fetchMock = answerWith(() => envelopeResponse(200, null));
    renderScreen(<ChangePinModal open onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar Pin' });
    const pin = within(dialog).getByLabelText('Nuevo PIN') as HTMLInputElement;
    await userEvent.type(pin, '1a2b3');
    expect(pin.value).toBe('123');
    expect(within(dialog).getByText('3 / 4')).toBeTruthy();
    await userEvent.type(pin, '45');
    expect(pin.value).toBe('12345');
    await userEvent.click(within(dialog).getByRole('button', { name: /Guardar/ }));
    expect(
      await within(dialog).findAllByText(/PIN/, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's details on their fields and stays open", async () => {
    answerWith(() =>
      envelopeResponse(400, undefined, 0, {
        details: [
          { field: 'newPin', message: 'El PIN no puede ser el mismo que el anterior' },
          { field: 'currentPassword', message: 'La contraseña no coincide' },
        ],
      }),
    );
    const onClose = vi.fn();
    renderScreen(<ChangePinModal open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar Pin' });
    await fill(dialog, {
      'Contraseña actual': 'Actual1234',
      'Nuevo PIN': '1234',
      'Confirmar PIN': '1234',
    });
    const fieldError = (id: string) =>
      dialog.querySelector(`#cambiar-pin_${id}_help`)?.textContent ?? '';
    await waitFor(() =>
      expect(fieldError('newPin')).toBe('El PIN no puede ser el mismo que el anterior'),
    );
    expect(fieldError('currentPassword')).toBe('La contraseña no coincide');
    expect(fieldError('pin')).toBe('');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on 200 with the catalogue message', async () => {
    answerWith(() => envelopeResponse(200, { userId: 7 }, 2));
    const onClose = vi.fn();
    renderScreen(<ChangePasswordModal open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar Contraseña' });
    await fill(dialog, {
      'Contraseña actual': 'Actual1234',
      'Nueva contraseña': 'Nueva5678',
      'Confirmar contraseña': 'Nueva5678',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('notice').textContent).toBe(messageFor(200, 2));
  });
});

describe('Registrar Entrada', () => {
  it('names who checked in, and when, in the branch’s time', async () => {
    answerWith(() =>
      envelopeResponse(201, {
        id: 9,
        user: { id: 4, name: 'Jorge', lastName: 'Martínez', username: 'medico@clinica.mx' },
        branch: { id: 2, name: 'Zona Río' },
        checkedInAt: '2026-11-23T16:05:00.000Z',
      }),
    );
    const onClose = vi.fn();
    renderScreen(<CheckInModal open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Registrar Entrada' });
    await userEvent.type(
      within(dialog).getByLabelText('Usuario (correo electrónico)'),
      'medico@clinica.mx',
    );
    await userEvent.type(within(dialog).getByLabelText('Contraseña'), 'Medico1234');
    await userEvent.click(within(dialog).getByRole('button', { name: /Registrar/ }));
    await waitFor(() =>
      expect(screen.getByTestId('notice').textContent).toBe(
        'Entrada de Jorge Martínez registrada a las 08:05 del 23-11-2026 en Zona Río.',
      ),
    );
    expect(onClose).toHaveBeenCalled();
  });
});
