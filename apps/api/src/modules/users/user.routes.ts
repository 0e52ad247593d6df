import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_IMAGE_BYTES, staffRoutes, type RouteDef } from '@clinica/domain';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { cacheImage, sendImage } from '../../platform/files';
import { routeOptions, serve } from '../../platform/routes';
import { sendInvitation } from './invitation';
import { readStaffPhoto, uploadStaffPhoto } from './photo';
import { listStaff, listStaffOfRole } from './staff-list';
import {
  createStaffMember,
  deleteStaffMember,
  getStaffMember,
  updateStaffMember,
} from './user.service';

/** Staff and their employee file (spec 000 §2–§7; issue 4), from the route table. */
export const userRoutes: FastifyPluginAsyncZod = async (zodApp) => {
  // Routes registered from their declarations take their schemas from there, not from the
  // plugin's type provider.
  const app = zodApp as unknown as FastifyInstance;
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 5 } });

  // The list answers the list's columns, not the whole file: five calls rather than serveCrud.
  serve(app, staffRoutes.list, (ctx, { query }) => listStaff(ctx, query));
  serve(app, staffRoutes.get, (ctx, { params }) => getStaffMember(ctx, params.id));
  // Without a password the new employee sets theirs (and their PIN) through a mailed invitation.
  serve(app, staffRoutes.create, async (ctx, { body }) => {
    const created = await createStaffMember(ctx, body);
    if (body.password === undefined) await sendInvitation(app, ctx, created.id);
    return created;
  });
  serve(app, staffRoutes.invite, (ctx, { params }) => sendInvitation(app, ctx, params.id));
  serve(app, staffRoutes.update, (ctx, { params, body }) =>
    updateStaffMember(ctx, params.id, body),
  );
  serve(app, staffRoutes.remove, (ctx, { params }) => deleteStaffMember(ctx, params.id));

  for (const [declared, roleKey] of [
    [staffRoutes.doctors, 'medic'],
    [staffRoutes.cosmetologists, 'cosmetologist'],
  ] as const) {
    serve(app, declared, (ctx, { query }) => listStaffOfRole(ctx, roleKey, query));
    // The spec writes these with a trailing slash; the path without it answers the same.
    const synonym = optionsOf(declared);
    app.route({
      ...synonym,
      url: declared.path.slice(0, -1),
      schema: { ...synonym.schema, hide: true },
      handler: async (request) =>
        ok(
          await listStaffOfRole(
            contextOf(app, request),
            roleKey,
            request.query as Parameters<typeof listStaffOfRole>[2],
          ),
        ),
    });
  }

  for (const [declared, variant] of [
    [staffRoutes.photo, 'original'],
    [staffRoutes.thumbnail, 'thumbnail'],
  ] as const) {
    app.route({
      ...imageOptions(declared),
      onSend: cacheImage,
      handler: async (request, reply) =>
        sendImage(
          reply,
          await readStaffPhoto(
            { db: app.db, clock: app.clock },
            (request.params as { name: string }).name,
            variant,
          ),
        ),
    });
  }

  app.route({
    ...optionsOf(staffRoutes.uploadPhoto),
    schema: {
      ...optionsOf(staffRoutes.uploadPhoto).schema,
      consumes: ['multipart/form-data'],
    },
    handler: async (request) =>
      ok(
        await uploadStaffPhoto(
          contextOf(app, request),
          (request.params as { id: number }).id,
          request.files(),
        ),
      ),
  });
};

/** The options of a declared route whose handler is registered here. */
const optionsOf = (declared: RouteDef) =>
  routeOptions(declared) as Omit<RouteOptions, 'handler'> & { schema: FastifySchema };

/** A public image download: its answer is the image itself, not the JSON envelope. */
function imageOptions(declared: RouteDef) {
  const options = optionsOf(declared);
  const { response: _envelope, ...schema } = options.schema;
  return { ...options, schema: { ...schema, security: [], produces: ['image/*'] } };
}
