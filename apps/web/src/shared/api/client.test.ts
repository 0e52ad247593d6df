import { authRoutes, lookupRoutes, roleRoutes } from '@clinica/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { route } from '@clinica/domain';
import { ApiError, buildQueryString, callApi, configureApi, errorCodeOf } from './client';
import { envelopeResponse } from '../../test/session';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  configureApi({ getToken: async () => null, onUnauthorized: () => undefined });
});

describe('the typed API client', () => {
  it('validates the body with the server schema before sending it', async () => {
    const fetchMock = stubFetch(envelopeResponse(200, { token: 'a', refresh_token: 'b' }));
    const failure = await callApi(authRoutes.signIn, {
      body: { branchId: '', username: 'no-es-correo', password: '' },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).details.map((detail) => detail.field).sort()).toEqual([
      'branchId',
      'password',
      'username',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the normalised body with the session token and reads the envelope', async () => {
    configureApi({ getToken: async () => 'token-1', onUnauthorized: () => undefined });
    const fetchMock = stubFetch(envelopeResponse(200, { userId: 7 }, 2));
    const answer = await callApi(authRoutes.changePassword, {
      body: { currentPassword: 'Actual123', password: 'Nueva1234', passwordConfirm: 'Nueva1234' },
    });
    expect(answer).toMatchObject({
      status: 200,
      code: 2,
      message: 'Contraseña actualizada correctamente',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/auth/change-password');
    expect(init.method).toBe('PUT');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('fills path parameters and builds list queries from non-empty values', async () => {
    const role = {
      id: 3,
      role: 'Gerente',
      key: 'branchManager',
      branchFixed: true,
      path: 'inicio',
    };
    const fetchMock = stubFetch(envelopeResponse(200, { ...role, privileges: {} }));
    await callApi(roleRoutes.update, { params: { id: 3 }, body: { privileges: {} } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/role/3/update');
    expect(
      buildQueryString({
        page: 2,
        take: 15,
        search: { field: 'name', value: 'ána' },
        module: '',
        x: null,
      }),
    ).toBe('?page=2&take=15&search=%7B%22field%22%3A%22name%22%2C%22value%22%3A%22%C3%A1na%22%7D');
  });

  it('turns an error answer into the catalogue text for its status and code', async () => {
    stubFetch(envelopeResponse(401, undefined, 2));
    const failure = (await callApi(authRoutes.signIn, {
      body: { branchId: 1, username: 'ana@clinica.mx', password: 'x' },
    }).catch((error: unknown) => error)) as ApiError;
    expect(failure.message).toBe('Usuario o contraseña incorrectos');
  });

  it('signs out on a 401 only for calls made with a session', async () => {
    const onUnauthorized = vi.fn();
    configureApi({ getToken: async () => 'token-1', onUnauthorized });
    stubFetch(envelopeResponse(401, undefined, 0));
    await callApi(roleRoutes.list, {}).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // A wrong password on the public sign-in is an answer, not a lost session.
    stubFetch(envelopeResponse(401, undefined, 2));
    await callApi(authRoutes.signIn, {
      body: { branchId: 1, username: 'ana@clinica.mx', password: 'x' },
    }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('treats no answer at all as a 500 (spec 000 §8)', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const failure = (await callApi(lookupRoutes.branches, {}).catch(
      (error: unknown) => error,
    )) as ApiError;
    expect(failure.status).toBe(500);
    expect(failure.message).toBe('Error en el Servidor');
  });

  it('rejects an answer that breaks the contract', async () => {
    const probe = route({
      method: 'GET',
      path: '/probe',
      access: { signedIn: 'prueba' },
      tag: 'Prueba',
      summary: 'Prueba',
      answer: z.object({ id: z.number() }),
    });
    stubFetch(envelopeResponse(200, { id: 'tres' }));
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(callApi(probe, {})).rejects.toMatchObject({ status: 500 });
    spy.mockRestore();
  });

  it('finds the sub-code in a numeric code or in JSON strings of a message list', () => {
    expect(errorCodeOf({ code: 9 })).toBe(9);
    expect(errorCodeOf({ message: ['texto', '{"code":31}'] })).toBe(31);
    expect(errorCodeOf({ message: ['texto'] })).toBe(0);
    expect(errorCodeOf(null)).toBe(0);
  });
});
