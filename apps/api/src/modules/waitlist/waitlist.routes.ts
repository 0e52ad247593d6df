import type { FastifyPluginAsync } from 'fastify';
import { waitlistRoutes as routes, type WaitlistStatus } from '@clinica/domain';
import { serve, servePublic } from '../../platform/routes';
import { getEntry, listWaitlist } from './waitlist-read';
import { answerPublicOffer, publicOffer } from './waitlist-public';
import { acceptEntry, cancelEntry, createEntry } from './waitlist.service';

/** The waitlist (CONTRACT §15): staff's entries, and the customer's offer link. */
export const waitlistRoutesPlugin: FastifyPluginAsync = async (app) => {
  const key = app.signingKey;
  serve(app, routes.list, (ctx, { query }) =>
    listWaitlist(ctx, key, query as typeof query & { status?: WaitlistStatus }),
  );
  serve(app, routes.get, (ctx, { params }) => getEntry(ctx, key, params.id));
  serve(app, routes.create, (ctx, { body }) => createEntry(ctx, key, body));
  serve(app, routes.cancel, (ctx, { params }) => cancelEntry(ctx, key, params.id));
  serve(app, routes.accept, (ctx, { params }) => acceptEntry(ctx, key, params.id));
  servePublic(app, routes.publicOffer, (_ctx, { params }) => publicOffer(app, params.token));
  servePublic(app, routes.publicAccept, (_ctx, { params }) =>
    answerPublicOffer(app, params.token, 'accept'),
  );
  servePublic(app, routes.publicDecline, (_ctx, { params }) =>
    answerPublicOffer(app, params.token, 'decline'),
  );
};
