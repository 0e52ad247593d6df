import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messageFor } from '@clinica/domain';
import { envelopeResponse } from '../test/session';
import { CodeStep } from './CodeStep';
import { LinkPage } from './LinkPage';

/** The public pages' refusals (CONTRACT §15): each said in place, with what to do next. */

afterEach(() => {
  vi.unstubAllGlobals();
});

const sent = {
  requestId: 'AbCdEfGhIjKlMnOpQrStUv',
  expiresAt: '2026-12-01T18:10:00.000Z',
  body: {
    branchId: 1,
    treatmentId: 2,
    date: '2026-12-20',
    startTime: '10:00',
    name: 'Ana',
    lastName: 'Ruiz',
    birthday: '1990-01-01',
    mobilePhone: '6641234567',
    email: 'ana@example.com',
  },
};

function renderCode(onResent = vi.fn()) {
  render(
    <CodeStep
      sent={sent}
      phone="664 123 4567"
      onBooked={vi.fn()}
      onResent={onResent}
      onChangeData={vi.fn()}
      onChooseTime={vi.fn()}
    />,
  );
  return screen.getByLabelText('Código') as HTMLInputElement;
}

describe('the code step', () => {
  it('clears a wrong code (404/21), says so and keeps the focus on the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelopeResponse(404, null, 21)),
    );
    const code = renderCode();
    await userEvent.type(code, 'abc234');
    expect(code.value).toBe('ABC234');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    await screen.findByText(messageFor(404, 21));
    expect(code.value).toBe('');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('aria-invalid')).toBe('true');
  });

  it('offers a new code for an expired request (404/37) and sends it', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(envelopeResponse(404, null, 37))
      .mockResolvedValueOnce(
        envelopeResponse(
          201,
          { requestId: 'ZyXwVuTsRqPoNmLkJiHgFe', expiresAt: sent.expiresAt },
          1,
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    const onResent = vi.fn();
    const code = renderCode(onResent);
    await userEvent.type(code, 'ABC234');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messageFor(404, 37));
    // One offer of a new code, inside the message.
    const buttons = screen.getAllByRole('button', { name: 'Enviar un código nuevo' });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]!);
    await screen.findByText('Te enviamos un código nuevo a ana@example.com.');
    expect(onResent).toHaveBeenCalledWith(
      expect.objectContaining({ requestId: 'ZyXwVuTsRqPoNmLkJiHgFe' }),
    );
  });

  it("gives the neutral refusal (409/46) with the branch's phone", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelopeResponse(409, null, 46)),
    );
    const code = renderCode();
    await userEvent.type(code, 'ABC234');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    await screen.findByText(messageFor(409, 46));
    expect(screen.getByRole('link', { name: '(664)123-4567' }).getAttribute('href')).toBe(
      'tel:6641234567',
    );
  });

  it('says a short code before sending anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const code = renderCode();
    await userEvent.type(code, 'ABC');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    await screen.findByText('El campo Código debe tener 6 caracteres');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

const linked = {
  folio: 'CITA-000001',
  date: '2026-12-20',
  startTime: '10:00:00',
  endTime: '10:30:00',
  status: 'scheduled',
  confirmMethod: null,
  branch: { name: 'Zona Río', address: 'Paseo de los Héroes 9350', phone: '6646342200' },
  treatment: { name: 'Limpieza facial' },
  cancelUntil: '2026-12-20T06:00:00.000Z',
};

describe('the link page', () => {
  it('asks before cancelling, and shows 409/47 with the phone when it is too late', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(envelopeResponse(200, linked))
      .mockResolvedValueOnce(envelopeResponse(409, null, 47));
    vi.stubGlobal('fetch', fetchMock);
    render(<LinkPage token="abc.def" />);
    await screen.findByText('Limpieza facial');
    expect(screen.getByText('Agendada')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar cita' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sí, cancelar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messageFor(409, 47));
    expect(alert.querySelector('a[href="tel:6646342200"]')).toBeTruthy();
    expect(fetchMock.mock.calls[1]![0]).toBe('/v1/public/appointment/abc.def/cancel');
    // Still scheduled: Confirmar stays.
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeTruthy();
  });

  it('confirms and says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(envelopeResponse(200, linked))
        .mockResolvedValueOnce(envelopeResponse(200, { ...linked, confirmMethod: 'si' })),
    );
    render(<LinkPage token="abc.def" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await screen.findByText('Gracias: tu cita quedó confirmada.');
    expect(screen.getByText('Confirmada')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirmar' })).toBeNull());
  });
});
