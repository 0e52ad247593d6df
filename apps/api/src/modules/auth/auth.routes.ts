import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  changePasswordCodeBody,
  envelope,
  quickLoginAnswer,
  quickLoginBody,
  refreshBody,
  resetPasswordBody,
  resetPinBody,
  signInBody,
  signOutBody,
  tokenPair,
} from '@clinica/domain';
import { created, ok } from '../../platform/envelope';
import { sessionOf } from '../../platform/session';
import * as auth from './auth.service';
import { changePasswordWithCode, requestPasswordReset } from './password-reset.service';

const tags = ['Autenticación'];
const userRef = z.object({ userId: z.number().int() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/sign-in', {
    config: { public: true, errors: [401, 429] },
    schema: {
      tags,
      summary:
        'Iniciar sesión (401 código 1: sucursal incorrecta; código 2: usuario o contraseña; 429: bloqueo)',
      body: signInBody,
      response: { 200: envelope(tokenPair) },
    },
    handler: async (request) => ok(await auth.signIn(app, request.body)),
  });

  app.post('/auth/refresh', {
    config: { public: true, errors: [422] },
    schema: {
      tags,
      summary: 'Renovar el par de tokens (422 códigos 4 a 7)',
      body: refreshBody,
      response: { 200: envelope(tokenPair) },
    },
    handler: async (request) => ok(await auth.refresh(app, request.body.refreshToken)),
  });

  app.post('/auth/quick-login', {
    config: { public: true, errors: [401, 422] },
    schema: {
      tags,
      summary: 'Inicio rápido con PIN; 5 PIN incorrectos revocan el token de actualización',
      body: quickLoginBody,
      response: { 200: envelope(quickLoginAnswer) },
    },
    handler: async (request) => ok(await auth.quickLogin(app, request.body)),
  });

  app.post('/auth/sign-out', {
    config: { public: true, errors: [422] },
    schema: {
      tags,
      summary: 'Cerrar sesión: revoca el token de actualización',
      body: signOutBody,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await auth.signOut(app, request.body.refreshToken);
      return ok(null);
    },
  });

  app.put('/auth/change-password', {
    config: { signedIn: true, errors: [404, 429] },
    schema: {
      tags,
      summary:
        'Cambiar la contraseña (200 código 2; 404 código 3 si la actual no coincide). Cualquier sesión: cada quien cambia la suya, confirmando la actual.',
      body: changePasswordBody,
      response: { 200: envelope(userRef) },
    },
    handler: async (request) => {
      const session = sessionOf(request);
      await auth.changePassword(app, session, request.body);
      return ok({ userId: session.userId }, 2);
    },
  });

  app.put('/auth/reset-pin', {
    config: { signedIn: true, errors: [404, 429] },
    schema: {
      tags,
      summary:
        'Cambiar el PIN (200 código 3). Cualquier sesión: cada quien cambia el suyo, confirmando su contraseña.',
      body: resetPinBody,
      response: { 200: envelope(userRef) },
    },
    handler: async (request) => {
      const session = sessionOf(request);
      await auth.resetPin(app, session, request.body);
      return ok({ userId: session.userId }, 3);
    },
  });

  app.post('/auth/reset-password', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Solicitar un código de 6 caracteres por correo (siempre 201 código 1)',
      body: resetPasswordBody,
      response: { 201: envelope(z.null()) },
    },
    handler: async (request, reply) => {
      requestPasswordReset(app, request.body.email);
      return reply.status(201).send(created(null, 1));
    },
  });

  app.put('/auth/change-password-code', {
    config: { public: true, errors: [404] },
    schema: {
      tags,
      summary: 'Cambiar la contraseña con el código recibido (404 código 21 si no es válido)',
      body: changePasswordCodeBody,
      response: { 200: envelope(z.null()) },
    },
    handler: async (request) => {
      await changePasswordWithCode(app, request.body);
      return ok(null, 2);
    },
  });
};
