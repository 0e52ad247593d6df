import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_IMAGE_BYTES, packageRoutes, type offerQuery } from '@clinica/domain';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { cacheImage, sendImage } from '../../platform/files';
import { routeOptions, serve } from '../../platform/routes';
import { readOfferThumbnail, setOfferPhoto } from './package-photo';
import { offerService } from './package.service';

/** Packages and promotions at `/package` (spec 002 §7, CONTRACT §11). */
export const packageRoutesPlugin: FastifyPluginAsync = async (app) => {
  // Two files at most, so a second image is refused by the rule (with its message).
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 5 } });
  // The route table's list query is typed as the common one; its own filters are there at run time.
  serve(app, packageRoutes.list, (ctx, { query }) =>
    offerService.list(ctx, query as z.output<typeof offerQuery>),
  );
  serve(app, packageRoutes.get, (ctx, { params }) => offerService.get(ctx, params.id));
  serve(app, packageRoutes.create, (ctx, { body }) => offerService.create(ctx, body));
  serve(app, packageRoutes.update, (ctx, { params, body }) =>
    offerService.update(ctx, params.id, body),
  );
  serve(app, packageRoutes.remove, (ctx, { params }) => offerService.remove(ctx, params.id));

  const upload = routeOptions(packageRoutes.photo);
  app.route({
    ...upload,
    schema: { ...upload.schema, consumes: ['multipart/form-data'] },
    handler: async (request: FastifyRequest<{ Params: { id: number } }>) =>
      ok(await setOfferPhoto(contextOf(app, request), request.params.id, request.files())),
  });

  const { schema, ...thumbnail } = routeOptions(packageRoutes.thumbnail);
  const { response: _envelope, ...rest } = schema;
  app.route({
    ...thumbnail,
    schema: { ...rest, produces: ['image/*'] },
    onSend: cacheImage,
    handler: async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) =>
      sendImage(
        reply,
        await readOfferThumbnail({ db: app.db, clock: app.clock }, request.params.name),
      ),
  });
};
