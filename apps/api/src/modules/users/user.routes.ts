import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_IMAGE_BYTES,
  createStaffBody,
  envelope,
  idParams,
  listOf,
  staffByRoleQuery,
  staffListItem,
  staffListQuery,
  staffOption,
  staffPhotoAnswer,
  staffRecord,
  updateStaffBody,
} from '@clinica/domain';
import { created, ok } from '../../platform/envelope';
import { cacheImage, sendImage } from '../../platform/files';
import { sessionOf } from '../../platform/session';
import { readStaffPhoto, uploadStaffPhoto } from './photo';
import { listStaff, listStaffOfRole, staffListSpec } from './staff-list';
import {
  createStaffMember,
  deleteStaffMember,
  getStaffMember,
  updateStaffMember,
} from './user.service';

const tags = ['Personal'];
const view = { privilege: { resource: 'users', action: 'view' } } as const;
const photoParams = z.object({ name: z.string() });

const SORTABLE = Object.keys(staffListSpec.sortable).join(', ');
const SEARCHABLE = Object.keys(staffListSpec.searchable).join(', ');

/** Staff and their employee file (spec 000 §2–§7; issue 4). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });

  app.get('/user', {
    config: view,
    schema: {
      tags,
      summary: `Personal: filtros status (1|0|activo|inactivo), branchId, roleId; search por ${SEARCHABLE} (por omisión nombre completo, usuario y número de empleado); field para ordenar: ${SORTABLE}. contract es 'Contrato N - DD-MM-AAAA' (N 'Final' para 4).`,
      querystring: staffListQuery,
      response: { 200: envelope(listOf(staffListItem)) },
    },
    handler: async (request) => ok(await listStaff(app, sessionOf(request), request.query)),
  });

  for (const [path, roleKey, label] of [
    ['/user/doctors', 'medic', 'Médicos'],
    ['/user/cosmetologists', 'cosmetologist', 'Cosmetólogas'],
  ] as const) {
    // The spec writes these with a trailing slash; both spellings answer.
    for (const url of [`${path}/`, path]) {
      app.get(url, {
        config: { signedIn: true },
        schema: {
          hide: url === path,
          tags,
          summary: `${label} activos, filtro branchId; los roles fijos a una sucursal ven solo la suya. Cualquier sesión (la agenda y las ventas los eligen).`,
          querystring: staffByRoleQuery,
          response: { 200: envelope(z.array(staffOption)) },
        },
        handler: async (request) =>
          ok(await listStaffOfRole(app, sessionOf(request), roleKey, request.query)),
      });
    }
  }

  app.get('/user/photo/thumbnail/:name', {
    config: { public: true },
    onSend: cacheImage,
    schema: {
      tags,
      summary: `Miniatura (${160} px, webp) de la foto de un empleado. Pública: las etiquetas <img> no envían el token; el nombre aleatorio de 128 bits es lo que la protege. 404 código 15 si no existe.`,
      security: [],
      params: photoParams,
    },
    handler: async (request, reply) =>
      sendImage(reply, await readStaffPhoto(app, request.params.name, 'thumbnail')),
  });

  app.get('/user/photo/:name', {
    config: { public: true },
    onSend: cacheImage,
    schema: {
      tags,
      summary:
        'Foto original de un empleado. Pública por la misma razón que la miniatura (nombre aleatorio no adivinable). 404 código 15 si no existe.',
      security: [],
      params: photoParams,
    },
    handler: async (request, reply) =>
      sendImage(reply, await readStaffPhoto(app, request.params.name, 'original')),
  });

  app.get('/user/:id', {
    config: view,
    schema: {
      tags,
      summary:
        'Un empleado con su expediente completo (404 código 4 si no existe o es de otra sucursal)',
      params: idParams,
      response: { 200: envelope(staffRecord) },
    },
    handler: async (request) =>
      ok(await getStaffMember(app, sessionOf(request), request.params.id)),
  });

  app.post('/user/create', {
    config: { privilege: { resource: 'users', action: 'create' } },
    schema: {
      tags,
      summary:
        'Crear un empleado con su expediente. password y pin son opcionales: sin password la cuenta recibe una aleatoria y el empleado la define con el restablecimiento por correo. Número de empleado repetido: 400 código 2; usuario repetido: 409 código 19; los roles Super Administrador y Logística Gerente solo los asigna el Super Administrador (403).',
      body: createStaffBody,
      response: { 201: envelope(staffRecord) },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(created(await createStaffMember(app, sessionOf(request), request.body))),
  });

  app.put('/user/:id/update', {
    config: { privilege: { resource: 'users', action: 'edit' } },
    schema: {
      tags,
      summary:
        'Actualizar un empleado: los campos omitidos conservan su valor; una parte anidada enviada (domicilio, contactos, firmas…) reemplaza la guardada. Un password nuevo cierra las sesiones del empleado.',
      params: idParams,
      body: updateStaffBody,
      response: { 200: envelope(staffRecord) },
    },
    handler: async (request) =>
      ok(await updateStaffMember(app, sessionOf(request), request.params.id, request.body)),
  });

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/user/:id/delete',
      config: { privilege: { resource: 'users', action: 'delete' } },
      schema: {
        tags,
        summary: 'Eliminar (baja lógica) un empleado y su expediente; nadie se elimina a sí mismo',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      handler: async (request) =>
        ok(await deleteStaffMember(app, sessionOf(request), request.params.id)),
    });
  }

  app.post('/user/:id/photo', {
    // The create form uploads the photo right after the save (spec 000 §2), so creating is enough
    // for a file without a photo yet; replacing one is an edit (checked in the service).
    config: {
      privilege: {
        anyOf: [
          { resource: 'users', action: 'create' },
          { resource: 'users', action: 'edit' },
        ],
      },
    },
    schema: {
      tags,
      summary:
        'Subir la foto (multipart, campo image): png, jpg, jpeg, webp o gif de menos de 1 MB; se revisa el contenido, no solo la extensión. Responde el nombre de la foto nueva. Requiere users:create o users:edit; reemplazar una foto existente requiere users:edit (403).',
      consumes: ['multipart/form-data'],
      params: idParams,
      response: { 200: envelope(staffPhotoAnswer) },
    },
    handler: async (request) =>
      ok(await uploadStaffPhoto(app, sessionOf(request), request.params.id, await request.file())),
  });
};
