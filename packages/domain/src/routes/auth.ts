import { z } from 'zod';
import { NotFound, Unauthorized, Unprocessable } from '../errors';
import {
  acceptInvitationBody,
  invitationAnswer,
  invitationParams,
  changePasswordBody,
  changePasswordCodeBody,
  quickLoginAnswer,
  quickLoginBody,
  refreshBody,
  resetPasswordBody,
  resetPinBody,
  signInBody,
  signOutBody,
  switchBranchBody,
  tokenPair,
} from '../schemas/auth';
import { route } from './define';

/** Sign-in and the session (CONTRACT §4): `/auth/*`. */

const tag = 'Autenticación';
const userRef = z.object({ userId: z.number().int() });
const lockedOut = [429, 0] as const;
const refreshErrors = [
  [422, Unprocessable.refreshMalformed],
  [422, Unprocessable.refreshExpired],
  [422, Unprocessable.refreshNotFound],
  [422, Unprocessable.refreshRevoked],
] as const;

export const authRoutes = {
  signIn: route({
    method: 'POST',
    path: '/auth/sign-in',
    access: { public: true },
    tag,
    summary:
      'Iniciar sesión (401 código 1: sucursal incorrecta; código 2: usuario o contraseña; 429: bloqueo)',
    body: signInBody,
    answer: tokenPair,
    errors: [[401, Unauthorized.wrongBranch], [401, Unauthorized.wrongCredentials], lockedOut],
  }),
  refresh: route({
    method: 'POST',
    path: '/auth/refresh',
    access: { public: true },
    tag,
    summary: 'Renovar el par de tokens (422 códigos 4 a 7)',
    body: refreshBody,
    answer: tokenPair,
    errors: refreshErrors,
  }),
  quickLogin: route({
    method: 'POST',
    path: '/auth/quick-login',
    access: { public: true },
    tag,
    summary: 'Inicio rápido con PIN; 5 PIN incorrectos revocan el token de actualización',
    body: quickLoginBody,
    answer: quickLoginAnswer,
    errors: [
      [401, Unauthorized.wrongBranch],
      [401, Unauthorized.wrongCredentials],
      ...refreshErrors,
    ],
  }),
  signOut: route({
    method: 'POST',
    path: '/auth/sign-out',
    access: { public: true },
    tag,
    summary: 'Cerrar sesión: revoca el token de actualización',
    body: signOutBody,
    answer: z.null(),
    errors: refreshErrors,
  }),
  switchBranch: route({
    method: 'POST',
    path: '/auth/switch-branch',
    access: {
      signedIn:
        'solo los roles que inician sesión en cualquier sucursal pueden cambiar de sucursal; el servicio lo comprueba con la misma regla que el inicio de sesión',
    },
    tag,
    summary:
      'Cambiar la sesión a otra sucursal sin cerrarla (401 código 1: un rol fijo a su sucursal o una sucursal inactiva)',
    body: switchBranchBody,
    answer: tokenPair,
    errors: [[401, Unauthorized.wrongBranch], ...refreshErrors],
  }),
  changePassword: route({
    method: 'PUT',
    path: '/auth/change-password',
    access: { signedIn: 'cada quien cambia la suya, confirmando la actual' },
    tag,
    summary: 'Cambiar la contraseña (200 código 2; 404 código 3 si la actual no coincide)',
    body: changePasswordBody,
    answer: userRef,
    code: 2,
    errors: [[404, NotFound.passwordMismatch], lockedOut],
  }),
  resetPin: route({
    method: 'PUT',
    path: '/auth/reset-pin',
    access: { signedIn: 'cada quien cambia el suyo, confirmando su contraseña' },
    tag,
    summary: 'Cambiar el PIN (200 código 3; 404 código 3 si la contraseña no coincide)',
    body: resetPinBody,
    answer: userRef,
    code: 3,
    errors: [[404, NotFound.passwordMismatch], lockedOut],
  }),
  resetPassword: route({
    method: 'POST',
    path: '/auth/reset-password',
    access: { public: true },
    tag,
    summary: 'Solicitar un código de 6 caracteres por correo (siempre 201 código 1)',
    body: resetPasswordBody,
    answer: z.null(),
    status: 201,
    code: 1,
  }),
  changePasswordWithCode: route({
    method: 'PUT',
    path: '/auth/change-password-code',
    access: { public: true },
    tag,
    summary: 'Cambiar la contraseña con el código recibido (404 código 21 si no es válido)',
    body: changePasswordCodeBody,
    answer: z.null(),
    code: 2,
    errors: [[404, NotFound.resetCode]],
  }),
  invitation: route({
    method: 'GET',
    path: '/auth/invitation/:code',
    access: { public: true },
    tag,
    summary:
      'A quién es una invitación vigente (nombre y usuario), para la página que la acepta; 404 código 21 si no existe, caducó o ya se usó',
    params: invitationParams,
    answer: invitationAnswer,
    errors: [[404, NotFound.resetCode]],
  }),
  acceptInvitation: route({
    method: 'PUT',
    path: '/auth/invitation/:code',
    access: { public: true },
    tag,
    summary:
      'Aceptar una invitación: el empleado nuevo define su contraseña y su PIN (una sola vez, 72 horas); 404 código 21 si no es válida',
    params: invitationParams,
    body: acceptInvitationBody,
    answer: z.null(),
    errors: [[404, NotFound.resetCode]],
  }),
};
