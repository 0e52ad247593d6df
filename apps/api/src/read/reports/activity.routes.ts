import type { FastifyPluginAsync } from 'fastify';
import { reportActivityRoutes as routes } from '@clinica/domain';
import { serveReport, serveReportJson } from './serve-report';
import {
  appointmentsReport,
  occupationReport,
  scheduledAppointmentsReport,
} from './activity-appointments';
import { customersReport } from './activity-customers';
import {
  generalCosmetologyFees,
  generalMedicalFees,
  individualCosmetologyFees,
  individualMedicalFeesJson,
} from './activity-fees';

/** The activity reports of CONTRACT §14 (customers, agenda, fees); README.md beside this file. */
export const reportActivityRoutesPlugin: FastifyPluginAsync = async (app) => {
  serveReport(app, routes.customers, (ctx, { query }) => customersReport(ctx, query));
  serveReport(app, routes.appointments, (ctx, { query }) => appointmentsReport(ctx, query));
  serveReport(app, routes.occupation, (ctx, { query }) => occupationReport(ctx, query));
  serveReport(app, routes.scheduledAppointments, (ctx, { query }) =>
    scheduledAppointmentsReport(ctx, query),
  );
  serveReport(app, routes.generalMedicalFees, (ctx, { query }) => generalMedicalFees(ctx, query));
  serveReportJson(app, routes.individualMedicalFees, (ctx, { query }) =>
    individualMedicalFeesJson(ctx, query),
  );
  serveReport(app, routes.generalCosmetologyFees, (ctx, { query }) =>
    generalCosmetologyFees(ctx, query),
  );
  serveReport(app, routes.individualCosmetologyFees, (ctx, { query }) =>
    individualCosmetologyFees(ctx, query),
  );
};
