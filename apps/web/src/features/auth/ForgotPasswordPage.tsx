import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  acceptInvitationBody,
  INVITATION_CODE_LENGTH,
  INVITATION_HOURS,
  changePasswordCodeBody,
  PIN_LENGTH,
  RESET_CODE_LENGTH,
  resetPasswordBody,
  authRoutes,
} from '@clinica/domain';
import { callApi, isApiError } from '../../shared/api/client';
import { useSchemaForm } from '../../shared/form/useSchemaForm';
import { notifyError, notifySuccess, notifySuccessText } from '../../shared/notify';
import { AuthLayout } from './AuthLayout';
import { Notice, PasswordInput, SubmitButton, TextInput } from './controls';
import { Field } from './Field';

const PASSWORD_HINT = 'Mínimo 8 caracteres, con una mayúscula, una minúscula y un número.';

function RequestCode({ onSent }: { onSent: (email: string) => void }) {
  const [submitting, setSubmitting] = useState(false);
  const form = useSchemaForm(resetPasswordBody, { email: '' });
  const email = form.field('email');

  const request = form.handleSubmit(async (body) => {
    setSubmitting(true);
    try {
      const answer = await callApi(authRoutes.resetPassword, { body });
      notifySuccess(answer.status, answer.code);
      onSent(body.email);
    } catch (error) {
      notifyError(error);
      if (isApiError(error)) form.setServerErrors(error.details);
      setSubmitting(false);
    }
  });

  return (
    <form ref={form.formRef} onSubmit={request} noValidate>
      <Field id="email" label="Correo electrónico" error={email.error}>
        {(control) => (
          <TextInput
            {...control}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={String(email.value)}
            onChange={(event) => email.onValue(event.target.value)}
            onBlur={email.onBlur}
          />
        )}
      </Field>
      <SubmitButton loading={submitting}>Enviar código</SubmitButton>
    </form>
  );
}

function SetPassword({ email: knownEmail, code: knownCode }: { email: string; code: string }) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useSchemaForm(changePasswordCodeBody, {
    email: knownEmail,
    code: knownCode,
    password: '',
    passwordConfirm: '',
  });
  const email = form.field('email');
  const code = form.field('code');
  const password = form.field('password');
  const confirm = form.field('passwordConfirm');

  const save = form.handleSubmit(async (body) => {
    setSubmitting(true);
    try {
      const answer = await callApi(authRoutes.changePasswordWithCode, { body });
      notifySuccess(answer.status, answer.code);
      navigate('/login', { replace: true });
    } catch (error) {
      notifyError(error);
      if (isApiError(error)) form.setServerErrors(error.details);
      setSubmitting(false);
    }
  });

  return (
    <form ref={form.formRef} onSubmit={save} noValidate>
      <Field id="email" label="Correo electrónico" error={email.error}>
        {(control) => (
          <TextInput
            {...control}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={String(email.value)}
            onChange={(event) => email.onValue(event.target.value)}
            onBlur={email.onBlur}
          />
        )}
      </Field>
      <Field
        id="code"
        label="Código"
        error={code.error}
        count={{ value: code.value, max: RESET_CODE_LENGTH }}
      >
        {(control) => (
          <TextInput
            {...control}
            name="code"
            autoComplete="one-time-code"
            style={{ textTransform: 'uppercase', letterSpacing: 4 }}
            value={String(code.value)}
            onChange={(event) => code.onValue(event.target.value)}
            onBlur={code.onBlur}
          />
        )}
      </Field>
      <Field id="password" label="Nueva contraseña" error={password.error} hint={PASSWORD_HINT}>
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="new-password"
            value={String(password.value)}
            onChange={(event) => password.onValue(event.target.value)}
            onBlur={password.onBlur}
          />
        )}
      </Field>
      <Field id="passwordConfirm" label="Confirmar contraseña" error={confirm.error}>
        {(control) => (
          <PasswordInput
            {...control}
            name="passwordConfirm"
            autoComplete="new-password"
            value={String(confirm.value)}
            onChange={(event) => confirm.onValue(event.target.value)}
            onBlur={confirm.onBlur}
          />
        )}
      </Field>
      <SubmitButton loading={submitting}>Cambiar contraseña</SubmitButton>
    </form>
  );
}

type Invitation = { fullname: string; username: string };

/** A 4-digit PIN: the keyboard offers digits, and anything else typed is dropped. */
function PinField({
  id,
  label,
  field,
}: {
  id: string;
  label: string;
  field: { value: unknown; error?: string; onValue: (value: string) => void; onBlur: () => void };
}) {
  return (
    <Field
      id={id}
      label={label}
      error={field.error}
      hint="4 dígitos"
      count={{ value: field.value, max: PIN_LENGTH }}
    >
      {(control) => (
        <TextInput
          {...control}
          name={id}
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={String(field.value)}
          onChange={(event) => field.onValue(event.target.value.replace(/\D/g, ''))}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

/**
 * The invitation a new employee received by mail (`/forgot-password/{24-character code}`): they
 * choose their password and PIN once, then sign in.
 */
function AcceptInvitation({ code, invitation }: { code: string; invitation: Invitation }) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const form = useSchemaForm(acceptInvitationBody, {
    password: '',
    passwordConfirm: '',
    pin: '',
    pinConfirm: '',
  });
  const password = form.field('password');
  const confirm = form.field('passwordConfirm');
  const pin = form.field('pin');
  const pinConfirm = form.field('pinConfirm');

  const save = form.handleSubmit(async (body) => {
    setSubmitting(true);
    try {
      await callApi(authRoutes.acceptInvitation, { params: { code }, body });
      notifySuccessText(
        `Listo, ${invitation.fullname.split(' ')[0]}: ya puedes iniciar sesión con ${invitation.username} y tu contraseña nueva.`,
      );
      navigate('/login', { replace: true });
    } catch (error) {
      notifyError(error);
      if (isApiError(error)) form.setServerErrors(error.details);
      setSubmitting(false);
    }
  });

  return (
    <form ref={form.formRef} onSubmit={save} noValidate>
      <Field id="username" label="Usuario (correo electrónico)">
        {(control) => (
          <TextInput
            {...control}
            name="username"
            type="email"
            autoComplete="username"
            value={invitation.username}
            readOnly
          />
        )}
      </Field>
      <Field id="password" label="Contraseña" error={password.error} hint={PASSWORD_HINT}>
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="new-password"
            value={String(password.value)}
            onChange={(event) => password.onValue(event.target.value)}
            onBlur={password.onBlur}
          />
        )}
      </Field>
      <Field id="passwordConfirm" label="Confirmar contraseña" error={confirm.error}>
        {(control) => (
          <PasswordInput
            {...control}
            name="passwordConfirm"
            autoComplete="new-password"
            value={String(confirm.value)}
            onChange={(event) => confirm.onValue(event.target.value)}
            onBlur={confirm.onBlur}
          />
        )}
      </Field>
      <PinField id="pin" label="PIN" field={pin} />
      <PinField id="pinConfirm" label="Confirmar PIN" field={pinConfirm} />
      <SubmitButton loading={submitting}>Crear contraseña y PIN</SubmitButton>
    </form>
  );
}

/** Reads the invitation of the link; a used or expired one says what to do instead. */
function InvitationStep({ code }: { code: string }) {
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'ready'; invitation: Invitation } | { kind: 'invalid' }
  >({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    callApi(authRoutes.invitation, { params: { code }, signal: controller.signal })
      .then((answer) => setState({ kind: 'ready', invitation: answer.data }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'invalid' });
      });
    return () => controller.abort();
  }, [code]);

  if (state.kind === 'loading') return <p role="status">Revisando tu invitación…</p>;
  if (state.kind === 'invalid')
    return (
      <Notice title="Esta invitación ya no es válida">
        <p>
          Caducó (dura {INVITATION_HOURS} horas) o ya se usó. Pide a tu gerente que te envíe otra,
          o, si ya creaste tu contraseña, inicia sesión.
        </p>
      </Notice>
    );
  return (
    <>
      <p>
        Hola, <strong>{state.invitation.fullname}</strong>. Crea tu contraseña para iniciar sesión y
        tu PIN de 4 dígitos para el ingreso rápido.
      </p>
      <AcceptInvitation code={code} invitation={state.invitation} />
    </>
  );
}

/**
 * `/forgot-password` asks for the e-mail and sends a 6-character code; `/forgot-password/{code}`
 * (the link in the e-mail) or the second step here sets the new password with it.
 */
export function ForgotPasswordPage() {
  const params = useParams<{ code?: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const codeStep = params.code !== undefined || sentTo !== null;
  // A new employee's invitation carries a 24-character code; a reset code has 6.
  const invitation = params.code?.length === INVITATION_CODE_LENGTH ? params.code : null;

  if (invitation)
    return (
      <AuthLayout
        title="Bienvenido a la clínica"
        lead="Tu cuenta ya existe: solo falta tu contraseña y tu PIN."
      >
        <InvitationStep code={invitation} />
        <p style={{ marginTop: 20, textAlign: 'center' }}>
          <Link to="/login">Ir a iniciar sesión</Link>
        </p>
      </AuthLayout>
    );

  return (
    <AuthLayout
      title={codeStep ? 'Nueva contraseña' : 'Recuperar contraseña'}
      lead={
        codeStep
          ? 'Escribe el código que recibiste por correo y tu contraseña nueva.'
          : 'Te enviaremos un código de 6 caracteres a tu correo para crear una contraseña nueva.'
      }
    >
      {codeStep ? (
        <SetPassword email={sentTo ?? ''} code={params.code ?? ''} />
      ) : (
        <RequestCode onSent={setSentTo} />
      )}
      <p style={{ marginTop: 20, textAlign: 'center' }}>
        <Link to="/login">Volver a iniciar sesión</Link>
      </p>
    </AuthLayout>
  );
}
