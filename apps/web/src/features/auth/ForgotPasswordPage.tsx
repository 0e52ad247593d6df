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
import { callApi, isApiError, type FieldDetail } from '../../shared/api/client';
import { useSchemaForm } from '../../shared/form/useSchemaForm';
import { notifyError, notifySuccess, notifySuccessText } from '../../shared/notify';
import { AuthLayout } from './AuthLayout';
import { Notice, PasswordInput, SubmitButton, TextInput } from './controls';
import { Field } from './Field';

const PASSWORD_HINT = 'Mínimo 8 caracteres, con una mayúscula, una minúscula y un número.';

/** What `useSchemaForm().field(name)` hands a control. */
type FormField = {
  value: unknown;
  error?: string;
  onValue: (value: string) => void;
  onBlur: () => void;
};

/**
 * Sends a form's body: `loading` while it is on its way; a refusal is shown as a notice and on its
 * fields, and lets the user try again.
 */
function useSubmitter(form: { setServerErrors: (details: FieldDetail[]) => void }) {
  const [loading, setLoading] = useState(false);
  const submit = async (send: () => Promise<void>) => {
    setLoading(true);
    try {
      await send();
    } catch (error) {
      notifyError(error);
      if (isApiError(error)) form.setServerErrors(error.details);
      setLoading(false);
    }
  };
  return { loading, submit };
}

function EmailField({ field }: { field: FormField }) {
  return (
    <Field id="email" label="Correo electrónico" error={field.error}>
      {(control) => (
        <TextInput
          {...control}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={String(field.value)}
          onChange={(event) => field.onValue(event.target.value)}
          onBlur={field.onBlur}
        />
      )}
    </Field>
  );
}

/** The new password and its confirmation, as a reset and an invitation ask for them. */
function NewPasswordFields({
  label,
  password,
  confirm,
}: {
  label: string;
  password: FormField;
  confirm: FormField;
}) {
  return (
    <>
      <Field id="password" label={label} error={password.error} hint={PASSWORD_HINT}>
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
    </>
  );
}

function RequestCode({ onSent }: { onSent: (email: string) => void }) {
  const form = useSchemaForm(resetPasswordBody, { email: '' });
  const { loading, submit } = useSubmitter(form);

  const request = form.handleSubmit((body) =>
    submit(async () => {
      const answer = await callApi(authRoutes.resetPassword, { body });
      notifySuccess(answer.status, answer.code);
      onSent(body.email);
    }),
  );

  return (
    <form ref={form.formRef} onSubmit={request} noValidate>
      <EmailField field={form.field('email')} />
      <SubmitButton loading={loading}>Enviar código</SubmitButton>
    </form>
  );
}

function SetPassword({ email: knownEmail, code: knownCode }: { email: string; code: string }) {
  const navigate = useNavigate();
  const form = useSchemaForm(changePasswordCodeBody, {
    email: knownEmail,
    code: knownCode,
    password: '',
    passwordConfirm: '',
  });
  const { loading, submit } = useSubmitter(form);
  const code = form.field('code');

  const save = form.handleSubmit((body) =>
    submit(async () => {
      const answer = await callApi(authRoutes.changePasswordWithCode, { body });
      notifySuccess(answer.status, answer.code);
      navigate('/login', { replace: true });
    }),
  );

  return (
    <form ref={form.formRef} onSubmit={save} noValidate>
      <EmailField field={form.field('email')} />
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
      <NewPasswordFields
        label="Nueva contraseña"
        password={form.field('password')}
        confirm={form.field('passwordConfirm')}
      />
      <SubmitButton loading={loading}>Cambiar contraseña</SubmitButton>
    </form>
  );
}

type Invitation = { fullname: string; username: string };

/** A 4-digit PIN: the keyboard offers digits, and anything else typed is dropped. */
function PinField({ id, label, field }: { id: string; label: string; field: FormField }) {
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
  const form = useSchemaForm(acceptInvitationBody, {
    password: '',
    passwordConfirm: '',
    pin: '',
    pinConfirm: '',
  });
  const { loading, submit } = useSubmitter(form);

  const save = form.handleSubmit((body) =>
    submit(async () => {
      await callApi(authRoutes.acceptInvitation, { params: { code }, body });
      notifySuccessText(
        `Listo, ${invitation.fullname.split(' ')[0]}: ya puedes iniciar sesión con ${invitation.username} y tu contraseña nueva.`,
      );
      navigate('/login', { replace: true });
    }),
  );

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
      <NewPasswordFields
        label="Contraseña"
        password={form.field('password')}
        confirm={form.field('passwordConfirm')}
      />
      <PinField id="pin" label="PIN" field={form.field('pin')} />
      <PinField id="pinConfirm" label="Confirmar PIN" field={form.field('pinConfirm')} />
      <SubmitButton loading={loading}>Crear contraseña y PIN</SubmitButton>
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
