import type { FastifyPluginAsync } from 'fastify';
import { reportActivityRoutes as routes } from '@clinica/domain';
import { serve } from '../../platform/routes';
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
  individualMedicalFees,
} from './activity-fees';

/** The activity reports of CONTRACT §14 (customers, agenda, fees); README.md beside this file. */
export const reportActivityRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, routes.customers, (ctx, { query }) => customersReport(ctx, query));
  serve(app, routes.appointments, (ctx, { query }) => appointmentsReport(ctx, query));
  serve(app, routes.occupation, (ctx, { query }) => occupationReport(ctx, query));
  serve(app, routes.scheduledAppointments, (ctx, { query }) =>
    scheduledAppointmentsReport(ctx, query),
  );
  serve(app, routes.generalMedicalFees, (ctx, { query }) => generalMedicalFees(ctx, query));
  serve(app, routes.individualMedicalFees, (ctx, { query }) => individualMedicalFees(ctx, query));
  serve(app, routes.generalCosmetologyFees, (ctx, { query }) => generalCosmetologyFees(ctx, query));
  serve(app, routes.individualCosmetologyFees, (ctx, { query }) =>
    individualCosmetologyFees(ctx, query),
  );
};
