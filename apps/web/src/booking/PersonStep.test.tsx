import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messageFor } from '@clinica/domain';
import { envelopeResponse } from '../test/session';
import { PersonStep } from './PersonStep';

/** The person's step: the server's answers said where they belong (CONTRACT §15). */

afterEach(() => {
  vi.unstubAllGlobals();
});

const slot = { branchId: 1, treatmentId: 2, date: '2026-12-20', startTime: '10:00' };

async function fillAndSend() {
  const onChooseTime = vi.fn();
  const onSent = vi.fn();
  render(
    <PersonStep
      slot={slot}
      initial={null}
      onSent={onSent}
      onBack={vi.fn()}
      onChooseTime={onChooseTime}
    />,
  );
  await userEvent.type(screen.getByLabelText('Nombre'), 'Ana');
  await userEvent.type(screen.getByLabelText('Apellido paterno'), 'Ruiz');
  await userEvent.type(screen.getByLabelText('Fecha de nacimiento'), '2010-01-01');
  await userEvent.type(screen.getByLabelText('Celular'), '664 123 4567');
  await userEvent.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
  return { onChooseTime, onSent };
}

describe('the person step', () => {
  it('sends the slot with the data and moves on with the request', async () => {
    const fetchMock = vi.fn(async () =>
      envelopeResponse(201, { requestId: 'AbCdEfGhIjKlMnOpQrStUv', expiresAt: 'x' }, 1),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onSent } = await fillAndSend();
    await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      ...slot,
      name: 'Ana',
      mobilePhone: '6641234567',
      email: 'ana@example.com',
    });
  });

  it('puts the server’s details on their field (a minor’s birthday)', async () => {
    const message = 'La reserva en línea es para mayores de 18 años';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        envelopeResponse(400, null, 0, { details: [{ field: 'birthday', message }] }),
      ),
    );
    await fillAndSend();
    await screen.findByText(message);
    expect(screen.getByLabelText('Fecha de nacimiento').getAttribute('aria-invalid')).toBe('true');
  });

  it('says the rate limit (429/1) plainly', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelopeResponse(429, null, 1)),
    );
    await fillAndSend();
    expect((await screen.findByRole('alert')).textContent).toContain(messageFor(429, 1));
    expect(screen.queryByRole('button', { name: 'Elegir otro horario' })).toBeNull();
  });

  it('offers another time when the slot was taken meanwhile (409/5)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelopeResponse(409, null, 5)),
    );
    const { onChooseTime } = await fillAndSend();
    await screen.findByText(messageFor(409, 5));
    await userEvent.click(screen.getByRole('button', { name: 'Elegir otro horario' }));
    expect(onChooseTime).toHaveBeenCalled();
  });
});
