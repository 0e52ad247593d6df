import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { productRoutes, treatmentRoutes, type RouteDef } from '@clinica/domain';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { cacheImage, sendImage } from '../../platform/files';
import { routeOptions } from '../../platform/routes';
import { readCataloguePhoto, setTreatmentPhoto } from './photos';

/**
 * A declared route answered with an image's bytes: the declaration's access, params and errors,
 * without the JSON envelope's response schema.
 */
function imageRoute(route: RouteDef) {
  const { schema, ...options } = routeOptions(route);
  const { response: _envelope, ...rest } = schema;
  return { ...options, schema: { ...rest, produces: ['image/*'] }, onSend: cacheImage };
}

type ByName = FastifyRequest<{ Params: { name: string } }>;

/** Catalogue images: the treatment photo upload and the public reads (random names, no session). */
export const photoRoutes: FastifyPluginAsync = async (app) => {
  const upload = routeOptions(treatmentRoutes.photo);
  app.route({
    ...upload,
    schema: { ...upload.schema, consumes: ['multipart/form-data'] },
    handler: async (request: FastifyRequest<{ Params: { id: number } }>) =>
      ok(await setTreatmentPhoto(contextOf(app, request), request.params.id, request.files())),
  });

  const publicContext = { db: app.db, clock: app.clock };
  app.route({
    ...imageRoute(productRoutes.photo),
    handler: async (request: ByName, reply: FastifyReply) =>
      sendImage(reply, await readCataloguePhoto(publicContext, request.params.name, 'product')),
  });
  app.route({
    ...imageRoute(productRoutes.thumbnail),
    handler: async (request: ByName, reply: FastifyReply) =>
      sendImage(reply, await readCataloguePhoto(publicContext, request.params.name, 'thumbnail')),
  });
};
