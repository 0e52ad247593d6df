import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  changePasswordCodeBody,
  RESET_CODE_LENGTH,
  resetPasswordBody,
  authRoutes,
} from '@clinica/domain';
import { callApi, isApiError } from '../../shared/api/client';
import { useSchemaForm } from '../../shared/form/useSchemaForm';
import { notifyError, notifySuccess } from '../../shared/notify';
import { AuthLayout } from './AuthLayout';
import { PasswordInput, SubmitButton, TextInput } from './controls';
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
      <Field id="code" label="Código" error={code.error}>
        {(control) => (
          <TextInput
            {...control}
            name="code"
            maxLength={RESET_CODE_LENGTH}
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

/**
 * `/forgot-password` asks for the e-mail and sends a 6-character code; `/forgot-password/{code}`
 * (the link in the e-mail) or the second step here sets the new password with it.
 */
export function ForgotPasswordPage() {
  const params = useParams<{ code?: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const codeStep = params.code !== undefined || sentTo !== null;

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
