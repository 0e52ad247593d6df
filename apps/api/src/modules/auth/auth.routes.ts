import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes as routes } from '@clinica/domain';
import { serve, servePublic } from '../../platform/routes';
import * as auth from './auth.service';
import { acceptInvitation, readInvitation } from './invitation.service';
import { changePasswordWithCode, requestPasswordReset } from './password-reset.service';

/**
 * Sign-in and the session (CONTRACT §4), from the route table. The auth services take the server
 * (its signing key, mailer and background work), so each handler hands it over.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  servePublic(app, routes.signIn, (_ctx, { body }) => auth.signIn(app, body));
  servePublic(app, routes.refresh, (_ctx, { body }) => auth.refresh(app, body.refreshToken));
  servePublic(app, routes.quickLogin, (_ctx, { body }) => auth.quickLogin(app, body));
  servePublic(app, routes.signOut, async (_ctx, { body }) => {
    await auth.signOut(app, body.refreshToken);
    return null;
  });
  serve(app, routes.switchBranch, (ctx, { body }) => auth.switchBranch(app, ctx.session, body));
  serve(app, routes.changePassword, async (ctx, { body }) => {
    await auth.changePassword(app, ctx.session, body);
    return { userId: ctx.session.userId };
  });
  serve(app, routes.resetPin, async (ctx, { body }) => {
    await auth.resetPin(app, ctx.session, body);
    return { userId: ctx.session.userId };
  });
  // Answered before any look-up: the code and its mail are made in the background.
  servePublic(app, routes.resetPassword, async (_ctx, { body }) => {
    requestPasswordReset(app, body.email);
    return null;
  });
  servePublic(app, routes.changePasswordWithCode, async (_ctx, { body }) => {
    await changePasswordWithCode(app, body);
    return null;
  });
  servePublic(app, routes.invitation, (_ctx, { params }) => readInvitation(app, params.code));
  servePublic(app, routes.acceptInvitation, async (_ctx, { params, body }) => {
    await acceptInvitation(app, params.code, body);
    return null;
  });
};
