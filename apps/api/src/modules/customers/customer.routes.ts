import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES, customerRoutes, noteRoutes } from '@clinica/domain';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { cacheImage, sendImage } from '../../platform/files';
import { routeOptions, serve, serveCrud } from '../../platform/routes';
import { clearCancellations, customerService, findCustomer } from './customer.service';
import { createNote, deleteNote, listNotes, readNotePhoto, setNotePhoto } from './note.service';

/** Customers and their notes (spec 002 §2–§8, CONTRACT §10). */
export const customerRoutesPlugin: FastifyPluginAsync = async (app) => {
  // Two files at most, so a second image is refused by the rule (with its message), not cut off.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 5 } });
  serve(app, customerRoutes.single, (ctx, { query }) => findCustomer(ctx, query));
  serveCrud(app, customerRoutes, customerService);
  // The detail and its orders and appointments are the read side's: src/read/customer-history.
  serve(app, customerRoutes.clearCancellations, (ctx, { params }) =>
    clearCancellations(ctx, params.id),
  );

  serve(app, noteRoutes.list, (ctx, { query }) => listNotes(ctx, query));
  serve(app, noteRoutes.create, (ctx, { body }) => createNote(ctx, body));
  serve(app, noteRoutes.remove, (ctx, { params }) => deleteNote(ctx, params.id));
  const upload = routeOptions(noteRoutes.photo);
  app.route({
    ...upload,
    schema: { ...upload.schema, consumes: ['multipart/form-data'] },
    handler: async (request: FastifyRequest<{ Params: { id: number } }>) =>
      ok(await setNotePhoto(contextOf(app, request), request.params.id, request.files())),
  });
  const { schema, ...image } = routeOptions(noteRoutes.image);
  const { response: _envelope, ...rest } = schema;
  const publicContext = { db: app.db, clock: app.clock };
  app.route({
    ...image,
    schema: { ...rest, produces: ['image/*'] },
    onSend: cacheImage,
    handler: async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) =>
      sendImage(reply, await readNotePhoto(publicContext, request.params.name)),
  });
};
