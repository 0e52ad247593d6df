import { useState } from 'react';
import { bookingRequestBody } from '@clinica/domain';
import { isApiError } from '../shared/api/client';
import { useSchemaForm } from '../shared/form/useSchemaForm';
import type { Sent } from './BookingPage';
import { requestBooking, type BookingRequest } from './api';
import { StepActions } from './ChooseSteps';
import { TextField } from './Field';
import { ErrorBox } from './PublicLayout';
import { messageOf } from './text';

/** §13's refusals of a slot: another time may do. */
const SLOT_REFUSALS = new Set([4, 5, 6, 14, 17]);

interface Slot {
  branchId: number;
  treatmentId: number;
  date: string;
  startTime: string;
}

/**
 * Step 4: the person's data, checked with the server's own schema before sending; the request
 * mails a code. The server's `details` land on their fields; a refusal is said above the button,
 * with "Elegir otro horario" when the slot was the reason.
 */
export function PersonStep({
  slot,
  initial,
  onSent,
  onBack,
  onChooseTime,
}: {
  slot: Slot;
  initial: BookingRequest | null;
  onSent: (sent: Sent) => void;
  onBack: () => void;
  onChooseTime: () => void;
}) {
  const form = useSchemaForm(bookingRequestBody, {
    name: initial?.name ?? '',
    lastName: initial?.lastName ?? '',
    motherLastName: initial?.motherLastName ?? '',
    birthday: initial?.birthday ?? '',
    mobilePhone: initial?.mobilePhone ?? '',
    email: initial?.email ?? '',
    ...slot,
  });
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; slot: boolean } | null>(null);

  const submit = form.handleSubmit(async () => {
    setSending(true);
    setRefusal(null);
    // What was typed, as typed: the client validates and normalises it again before sending.
    const body = { ...form.values, ...slot } as BookingRequest;
    try {
      const answer = await requestBooking(body);
      onSent({ body, requestId: answer.requestId, expiresAt: answer.expiresAt });
    } catch (error) {
      setSending(false);
      const details = isApiError(error) ? error.details : [];
      if (details.length > 0) form.setServerErrors(details);
      const onForm = details.some((detail) => detail.field.split('.')[0]! in form.values);
      if (!onForm || details.some((detail) => /^(date|startTime)/.test(detail.field)))
        setRefusal({
          message: messageOf(error),
          slot: isApiError(error) && error.status === 409 && SLOT_REFUSALS.has(error.code),
        });
    }
  });

  const field = (name: keyof BookingRequest & string) =>
    form.field(name as Parameters<typeof form.field>[0]);

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="pb-form">
      <p className="pb-hint">
        Te enviaremos un código a tu correo para confirmar la reserva. La reserva en línea es para
        personas mayores de 18 años.
      </p>
      <TextField field={field('name')} label="Nombre" autoComplete="given-name" required />
      <TextField
        field={field('lastName')}
        label="Apellido paterno"
        autoComplete="family-name"
        required
      />
      <TextField field={field('motherLastName')} label="Apellido materno" autoComplete="off" />
      <TextField
        field={field('birthday')}
        label="Fecha de nacimiento"
        type="date"
        autoComplete="bday"
        required
      />
      <TextField
        field={field('mobilePhone')}
        label="Celular"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        hint="10 dígitos"
        required
      />
      <TextField
        field={field('email')}
        label="Correo electrónico"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
      />
      {refusal && (
        <ErrorBox message={refusal.message}>
          {refusal.slot && (
            <button type="button" className="pb-button pb-button--secondary" onClick={onChooseTime}>
              Elegir otro horario
            </button>
          )}
        </ErrorBox>
      )}
      <StepActions onBack={onBack}>
        <button
          type="submit"
          className="pb-button pb-button--primary"
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending ? 'Enviando…' : 'Enviar código'}
        </button>
      </StepActions>
    </form>
  );
}
