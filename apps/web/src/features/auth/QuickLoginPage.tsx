import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PIN_LENGTH, msg, quickLoginBody, authRoutes } from '@clinica/domain';
import { callApi, isApiError } from '../../shared/api/client';
import { useSchemaForm } from '../../shared/form/useSchemaForm';
import { notifyError, showNotice } from '../../shared/notify';
import { startPathOf } from '../../shared/session/hooks';
import {
  dropQuickLoginTicket,
  getQuickLoginTicket,
  startSession,
} from '../../shared/session/store';
import { AuthLayout } from './AuthLayout';
import { Notice, PasswordInput, PersonAvatar, SubmitButton } from './controls';
import { Field } from './Field';

const pinSchema = quickLoginBody.pick({ pin: true });

/** `/quick-login`: the owner of the idle session comes back with their 4-digit PIN. */
export function QuickLoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // The page the user was sent here from, else the one the idle timeout saved.
  const from = (location.state as { returnTo?: unknown } | null)?.returnTo;
  const [ticket, setTicket] = useState(getQuickLoginTicket);
  const [submitting, setSubmitting] = useState(false);
  const form = useSchemaForm(pinSchema, { pin: '' });
  const pin = form.field('pin');

  const resume = form.handleSubmit(async ({ pin: value }) => {
    if (!ticket) return;
    setSubmitting(true);
    try {
      const { data } = await callApi(authRoutes.quickLogin, {
        body: { pin: value, refreshToken: ticket.refreshToken, branchId: ticket.branchId },
      });
      const session = startSession(data.payload);
      const returnTo = typeof from === 'string' && from.startsWith('/dashboard') ? from : null;
      if (session) navigate(returnTo ?? ticket.returnTo ?? startPathOf(session), { replace: true });
    } catch (error) {
      form.reset({ pin: '' });
      // A wrong PIN is said on the field, with the tries left; anything else in a notice.
      const onField = isApiError(error) && (error.details?.length ?? 0) > 0;
      if (!onField) notifyError(error);
      if (isApiError(error)) {
        form.setServerErrors(error.details);
        // Too many wrong PINs revoke the refresh token: only a full sign-in helps now.
        const spent = error.details?.some((detail) => detail.message === msg.pinTriesLeft(0));
        if (error.status === 422 || spent) {
          if (spent) showNotice('error', msg.pinTriesLeft(0));
          dropQuickLoginTicket();
          setTicket(null);
        }
      }
      setSubmitting(false);
    }
  });

  if (!ticket) {
    return (
      <AuthLayout title="Ingreso rápido" lead="Reanuda tu sesión con tu PIN.">
        <Notice title="No hay una sesión para reanudar en este equipo.">
          Inicia sesión con tu usuario y contraseña.
        </Notice>
        <Link to="/login" className="ui-button ui-button--primary ui-button--block">
          Ir a iniciar sesión
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Ingreso rápido"
      lead="Tu sesión se cerró por inactividad. Ingresa tu PIN de 4 dígitos para continuar."
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 14, marginBottom: 24 }}>
        <PersonAvatar fullname={ticket.fullname} photo={ticket.photo} />
        <div>
          <div style={{ fontWeight: 600, fontSize: 16 }}>{ticket.fullname}</div>
          <div style={{ color: '#51605f' }}>{ticket.username}</div>
        </div>
      </div>
      <form ref={form.formRef} onSubmit={resume} noValidate>
        <Field id="pin" label="PIN" error={pin.error} count={{ value: pin.value, max: PIN_LENGTH }}>
          {(control) => (
            <PasswordInput
              {...control}
              name="pin"
              className="auth__pin"
              toggle={false}
              autoFocus
              inputMode="numeric"
              autoComplete="one-time-code"
              value={String(pin.value)}
              onChange={(event) => pin.onValue(event.target.value.replace(/\D/g, ''))}
              onBlur={pin.onBlur}
            />
          )}
        </Field>
        <SubmitButton loading={submitting}>Continuar</SubmitButton>
      </form>
      <p style={{ marginTop: 20, textAlign: 'center' }}>
        ¿No eres {ticket.fullname.split(' ')[0]}? <Link to="/login">Ingresar con contraseña</Link>
      </p>
    </AuthLayout>
  );
}
