import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import {
  appointmentLogRoutes,
  appointmentRoutes,
  consentRoutes,
  lockRoutes,
  type appointmentByCustomerQuery,
  type appointmentLogQuery,
  type lockQuery,
} from '@clinica/domain';
import { fixedBranch } from '../../platform/write';
import { serve, servePdf } from '../../platform/routes';
import { attendantsOf, finishFormOf } from './appointment-finish-form';
import { finishAppointment } from './appointment-finish.service';
import { consentPdf } from './consent-pdf';
import { listAppointmentLog } from './appointment-log.service';
import {
  appointmentsByCustomer,
  listAppointments,
  type AppointmentListQuery,
} from './appointment-list';
import { getAppointment } from './appointment-read';
import {
  cancelAppointment,
  confirmAppointment,
  createAppointment,
  setAppointmentOnProcess,
  updateAppointment,
} from './appointment.service';
import { createLock, deleteLock, getLock, listLocks, updateLock } from './lock.service';
import { previewSeries } from './series-preview';
import { createSeries } from './series.service';

/** The agenda (spec 002 §2–§8, CONTRACT §13): appointments, their log and locks. */
export const agendaRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, appointmentRoutes.list, (ctx, { query }) =>
    listAppointments(ctx, query as AppointmentListQuery),
  );
  serve(app, appointmentRoutes.byCustomer, (ctx, { query }) =>
    appointmentsByCustomer(ctx, query as z.output<typeof appointmentByCustomerQuery>),
  );
  serve(app, appointmentRoutes.get, (ctx, { params }) => getAppointment(ctx, params.id));
  serve(app, appointmentRoutes.create, (ctx, { body }) => createAppointment(ctx, body));
  serve(app, appointmentRoutes.seriesPreview, (ctx, { query }) => previewSeries(ctx, query));
  serve(app, appointmentRoutes.seriesCreate, (ctx, { body }) => createSeries(ctx, body));
  serve(app, appointmentRoutes.update, (ctx, { params, body }) =>
    updateAppointment(ctx, params.id, body),
  );
  serve(app, appointmentRoutes.cancel, (ctx, { params, body }) =>
    cancelAppointment(ctx, params.id, body),
  );
  serve(app, appointmentRoutes.setOnProcess, (ctx, { params }) =>
    setAppointmentOnProcess(ctx, params.id),
  );
  serve(app, appointmentRoutes.confirm, (ctx, { params, body }) =>
    confirmAppointment(ctx, params.id, body),
  );
  // A role fixed to its branch reads its own branch's staff, whatever it asks.
  serve(app, appointmentRoutes.attendants, (ctx, { query }) =>
    attendantsOf(
      ctx,
      fixedBranch(ctx.session) ?? query.branchId ?? ctx.session.branchId,
      query.appointmentType,
    ),
  );
  serve(app, appointmentRoutes.finishForm, (ctx, { params }) => finishFormOf(ctx, params.id));
  serve(app, appointmentRoutes.finish, (ctx, { params, body }) =>
    finishAppointment(ctx, params.id, body),
  );
  servePdf(app, consentRoutes.document, (ctx, { consentId, appointmentId }) =>
    consentPdf(ctx, consentId, appointmentId),
  );
  serve(app, appointmentLogRoutes.list, (ctx, { query }) =>
    listAppointmentLog(ctx, query as z.output<typeof appointmentLogQuery>),
  );

  serve(app, lockRoutes.list, (ctx, { query }) =>
    listLocks(ctx, query as z.output<typeof lockQuery>),
  );
  serve(app, lockRoutes.get, (ctx, { params }) => getLock(ctx, params.id));
  serve(app, lockRoutes.create, (ctx, { body }) => createLock(ctx, body));
  serve(app, lockRoutes.update, (ctx, { params, body }) => updateLock(ctx, params.id, body));
  serve(app, lockRoutes.remove, (ctx, { params }) => deleteLock(ctx, params.id));
};
