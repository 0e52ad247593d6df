import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attendanceRoutes as routes } from '@clinica/domain';
import { serve } from '../../platform/routes';
import { checkIn, listAttendance } from './attendance.service';

/** 'Registrar Entrada' and the attendance list, from the route table. */
export const attendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, routes.checkIn, (ctx, { body }) => checkIn(app, ctx, body));
  serve(app, routes.list, (ctx, { query }) => listAttendance(ctx, query));
};
