import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../test/render';
import { envelopeResponse, pairFor } from '../../test/session';
import { endSession, getSession } from '../../shared/session/store';
import { LoginPage } from './LoginPage';

const BRANCHES = [
  { id: 1, name: 'CEDIS', code: 'CEDIS00001' },
  { id: 2, name: 'Zona Río', code: 'TIJZRIO001' },
];

function stubApi(signIn: () => Response) {
  const fetchMock = vi.fn(async (url: string) =>
    url === '/v1/branch/all' ? envelopeResponse(200, BRANCHES) : signIn(),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function fillIn(username: string, password: string) {
  await screen.findByRole('option', { name: 'Zona Río' });
  await userEvent.selectOptions(screen.getByLabelText('Sucursal'), 'Zona Río');
  await userEvent.type(screen.getByLabelText('Usuario (correo electrónico)'), username);
  await userEvent.type(screen.getByLabelText('Contraseña'), password);
}

afterEach(() => {
  vi.unstubAllGlobals();
  endSession('signout');
});

describe('the sign-in screen (spec 000 §2, §5)', () => {
  it('shows the spec messages of the shared schema on empty and malformed fields', async () => {
    const fetchMock = stubApi(() => envelopeResponse(200, pairFor()));
    renderScreen(<LoginPage />);
    await screen.findByRole('option', { name: 'Zona Río' });
    await userEvent.type(screen.getByLabelText('Usuario (correo electrónico)'), 'ana');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('El campo Sucursal es obligatorio')).toBeTruthy();
    expect(screen.getByText('El campo Usuario debe ser un correo electrónico válido')).toBeTruthy();
    expect(screen.getByText('El campo Contraseña es obligatorio')).toBeTruthy();
    expect(screen.getByLabelText('Sucursal').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('counts the optional code and never cuts it: 12 characters stay, as an error (issue 11 item 9)', async () => {
    const fetchMock = stubApi(() => envelopeResponse(200, pairFor()));
    renderScreen(<LoginPage />);
    await fillIn('ana@clinica.mx', 'Secreta123');
    const code = screen.getByLabelText('Código (opcional)') as HTMLInputElement;
    expect(code.getAttribute('maxlength')).toBeNull();
    await userEvent.type(code, 'ABCDEFGHIJKL');
    expect(code.value).toBe('ABCDEFGHIJKL');
    expect(screen.getByText('12 / 10')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText(/Código/, { selector: '.field__error' })).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    // Nothing was sent: only the branches were read.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('marks a field only once the user leaves it, not while typing (issue 11 item 7)', async () => {
    stubApi(() => envelopeResponse(200, pairFor()));
    renderScreen(<LoginPage />);
    await screen.findByRole('option', { name: 'Zona Río' });
    const username = screen.getByLabelText('Usuario (correo electrónico)');
    await userEvent.type(username, 'ana');
    expect(screen.queryByText('El campo Usuario debe ser un correo electrónico válido')).toBeNull();
    expect(username.getAttribute('aria-invalid')).toBe('false');
    await userEvent.tab();
    expect(
      await screen.findByText('El campo Usuario debe ser un correo electrónico válido'),
    ).toBeTruthy();
    // Nothing said yet of the fields not visited.
    expect(screen.queryByText('El campo Contraseña es obligatorio')).toBeNull();
  });

  it('signs in and keeps the session', async () => {
    const pair = pairFor();
    const fetchMock = stubApi(() => envelopeResponse(200, pair));
    renderScreen(<LoginPage />);
    await fillIn('Ana@Clinica.mx', 'Secreta123');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(getSession()?.token).toBe(pair.token));
    const body = JSON.parse(
      String((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].body),
    );
    expect(body).toEqual({
      branchId: 2,
      code: null,
      username: 'ana@clinica.mx',
      password: 'Secreta123',
      remember: false,
    });
  });

  it('shows the catalogue message for a wrong password', async () => {
    stubApi(() => envelopeResponse(401, undefined, 2));
    renderScreen(<LoginPage />);
    await fillIn('ana@clinica.mx', 'Mala1234');
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Usuario o contraseña incorrectos')).toBeTruthy();
    expect(getSession()).toBeNull();
  });

  it('remember-me keeps the form values, and unchecking it removes them', async () => {
    stubApi(() => envelopeResponse(200, pairFor()));
    const first = renderScreen(<LoginPage />);
    await fillIn('ana@clinica.mx', 'Secreta123');
    await userEvent.click(screen.getByLabelText('Recordarme'));
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(getSession()).not.toBeNull());
    // The password stays with the browser's password manager: clinic computers are shared.
    expect(localStorage.getItem('clinica.rememberedSignIn')).not.toContain('Secreta123');
    // A remembered sign-in's refresh token lasts 30 days (CONTRACT §4).
    expect(getSession()?.refreshExpiresAt).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    first.unmount();
    endSession('signout');

    renderScreen(<LoginPage />);
    await screen.findByRole('option', { name: 'Zona Río' });
    expect((screen.getByLabelText('Usuario (correo electrónico)') as HTMLInputElement).value).toBe(
      'ana@clinica.mx',
    );
    expect((screen.getByLabelText('Sucursal') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText('Contraseña') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Recordarme') as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByLabelText('Recordarme'));
    expect(localStorage.getItem('clinica.rememberedSignIn')).toBeNull();
  });
});
