import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceEntry, attendanceQuery, checkInBody, envelope, listOf } from '@clinica/domain';
import { created, ok } from '../../platform/envelope';
import { sessionOf } from '../../platform/session';
import { checkIn, listAttendance } from './attendance.service';

const tags = ['Personal'];

export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/user/checkin', {
    config: { signedIn: true },
    schema: {
      tags,
      summary:
        'Registrar la entrada de un empleado en la sucursal de la sesión (409 código 8 o 9). Cualquier sesión: el equipo de la recepción registra a quien llega, y lo que prueba la identidad son el usuario y la contraseña del empleado, no el privilegio de quien tiene la sesión.',
      body: checkInBody,
      response: { 201: envelope(attendanceEntry) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(created(await checkIn(app, sessionOf(request), request.body))),
  });

  app.get('/user/checkin', {
    config: { privilege: { resource: 'users', action: 'view' } },
    schema: {
      tags,
      summary:
        'Registros de entrada: filtros branchId, userId, from, to; orden por checkedInAt, id, name',
      querystring: attendanceQuery,
      response: { 200: envelope(listOf(attendanceEntry)) },
    },
    handler: async (request) => ok(await listAttendance(app, sessionOf(request), request.query)),
  });
};
