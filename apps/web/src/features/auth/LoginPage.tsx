import { useState } from 'react';
import { Link } from 'react-router';
import { signInBody, authRoutes } from '@clinica/domain';
import { callApi, isApiError } from '../../shared/api/client';
import { fieldInfo } from '../../shared/form/fieldInfo';
import { useSchemaForm } from '../../shared/form/useSchemaForm';
import { notifyError } from '../../shared/notify';
import { startSession } from '../../shared/session/store';
import { AuthLayout } from './AuthLayout';
import { PasswordInput, SubmitButton, TextInput } from './controls';
import { Field } from './Field';
import { forgetSignIn, readRememberedSignIn, rememberSignIn } from './remember';
import { useBranches } from './useBranches';

const CODE_MAX = fieldInfo(signInBody, 'code').maxLength ?? 10;

/** `/` and `/login` (spec 000 §2 and §5). */
export function LoginPage() {
  const branches = useBranches();
  const [submitting, setSubmitting] = useState(false);
  const [remembered] = useState(readRememberedSignIn);
  const form = useSchemaForm(signInBody, {
    branchId: remembered?.branchId ?? '',
    code: remembered?.code ?? '',
    username: remembered?.username ?? '',
    password: '',
    remember: remembered !== null,
  });
  const branch = form.field('branchId');
  const code = form.field('code');
  const username = form.field('username');
  const password = form.field('password');

  const signIn = form.handleSubmit(async (body) => {
    setSubmitting(true);
    try {
      const { data } = await callApi(authRoutes.signIn, { body });
      if (body.remember) rememberSignIn(body);
      else forgetSignIn();
      // The public route's guard takes the user to their start path once the session exists.
      if (!startSession(data, { remember: body.remember })) {
        notifyError(null);
        setSubmitting(false);
      }
    } catch (error) {
      notifyError(error);
      if (isApiError(error)) form.setServerErrors(error.details);
      setSubmitting(false);
    }
  });

  return (
    <AuthLayout title="Iniciar sesión" lead="Ingresa con tu usuario de la clínica y tu sucursal.">
      <form ref={form.formRef} onSubmit={signIn} noValidate>
        <Field id="branchId" label="Sucursal" error={branch.error}>
          {(control) => (
            <select
              {...control}
              name="branchId"
              className="ui-select"
              required
              value={String(branch.value)}
              onChange={(event) =>
                branch.onValue(event.target.value === '' ? '' : Number(event.target.value))
              }
              onBlur={branch.onBlur}
              disabled={branches.loading}
            >
              <option value="">
                {branches.loading
                  ? 'Cargando sucursales…'
                  : branches.failed
                    ? 'No se pudieron cargar las sucursales'
                    : 'Selecciona tu sucursal'}
              </option>
              {branches.branches.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="code"
          label="Código (opcional)"
          error={code.error}
          count={{ value: code.value, max: CODE_MAX }}
        >
          {(control) => (
            <TextInput
              {...control}
              name="code"
              autoComplete="off"
              value={String(code.value ?? '')}
              onChange={(event) => code.onValue(event.target.value)}
              onBlur={code.onBlur}
            />
          )}
        </Field>
        <Field id="username" label="Usuario (correo electrónico)" error={username.error}>
          {(control) => (
            <TextInput
              {...control}
              name="username"
              type="email"
              inputMode="email"
              autoComplete="username"
              value={String(username.value)}
              onChange={(event) => username.onValue(event.target.value)}
              onBlur={username.onBlur}
            />
          )}
        </Field>
        <Field id="password" label="Contraseña" error={password.error}>
          {(control) => (
            <PasswordInput
              {...control}
              name="password"
              autoComplete="current-password"
              value={String(password.value)}
              onChange={(event) => password.onValue(event.target.value)}
              onBlur={password.onBlur}
            />
          )}
        </Field>
        <div className="auth__links">
          <label className="auth__remember">
            <input
              type="checkbox"
              name="remember"
              checked={Boolean(form.values.remember)}
              onChange={(event) => {
                form.setValue('remember', event.target.checked);
                if (!event.target.checked) forgetSignIn();
              }}
            />
            Recordarme
          </label>
          <Link to="/forgot-password">¿Olvidaste tu contraseña?</Link>
        </div>
        <SubmitButton loading={submitting}>Ingresar</SubmitButton>
      </form>
    </AuthLayout>
  );
}
