import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParams, photoRef } from '@clinica/domain';
import { ok } from '../../platform/envelope';
import { cacheImage, sendImage } from '../../platform/files';
import { sessionOf } from '../../platform/session';
import { readCataloguePhoto, setTreatmentPhoto } from './photos';

const nameParams = z.object({ name: z.string() });

/** Catalogue images: the treatment photo upload and the public reads (random names, no session). */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/treatment/:id/photo', {
    config: { privilege: { resource: 'treatments', action: 'edit' } },
    schema: {
      tags: ['Tratamientos'],
      summary:
        'Subir la foto del tratamiento (multipart, campo image, una sola): png, jpg, jpeg, webp o gif de menos de 1 MB, revisada por su contenido; reemplaza la anterior. Sin imagen: 400 código 6.',
      consumes: ['multipart/form-data'],
      params: idParams,
      response: { 200: envelope(z.object({ id: z.number().int(), photo: photoRef })) },
    },
    handler: async (request) =>
      ok(await setTreatmentPhoto(app, sessionOf(request), request.params.id, request.files())),
  });

  app.get('/product/photo/:name', {
    config: { public: true },
    onSend: cacheImage,
    schema: {
      tags: ['Productos'],
      summary: 'Foto de un producto por su nombre (pública; 404 código 15)',
      params: nameParams,
    },
    handler: async (request, reply) =>
      sendImage(reply, await readCataloguePhoto(app, request.params.name, 'product')),
  });

  app.get('/photo/thumbnail/:name', {
    config: { public: true },
    onSend: cacheImage,
    schema: {
      tags: ['Tratamientos'],
      summary: 'Miniatura webp de la foto de un tratamiento o producto (pública; 404 código 15)',
      params: nameParams,
    },
    handler: async (request, reply) =>
      sendImage(reply, await readCataloguePhoto(app, request.params.name, 'thumbnail')),
  });
};
