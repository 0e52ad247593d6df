import type { FastifyPluginAsync } from 'fastify';
import { onlineBookingRoutes as routes } from '@clinica/domain';
import { servePublic } from '../../platform/routes';
import { cancelFromLink, confirmFromLink, linkedAppointment } from './appointment-link.service';
import { confirmBooking } from './booking-confirm.service';
import { requestBooking } from './booking-request.service';
import { publicAvailability, publicBranches, publicTreatments } from './public-catalogue';

/** Online booking's public calls and the customer's link (CONTRACT §15), from the route table. */
export const onlineBookingRoutesPlugin: FastifyPluginAsync = async (app) => {
  servePublic(app, routes.branches, () => publicBranches(app));
  servePublic(app, routes.treatments, (_ctx, { query }) => publicTreatments(app, query.branchId));
  servePublic(app, routes.availability, (_ctx, { query }) => publicAvailability(app, query));
  servePublic(app, routes.request, (_ctx, { body, ip }) => requestBooking(app, body, ip));
  servePublic(app, routes.confirm, (_ctx, { body }) => confirmBooking(app, body));
  servePublic(app, routes.appointment, (_ctx, { params }) => linkedAppointment(app, params.token));
  servePublic(app, routes.confirmAppointment, (_ctx, { params }) =>
    confirmFromLink(app, params.token),
  );
  servePublic(app, routes.cancelAppointment, (_ctx, { params }) =>
    cancelFromLink(app, params.token),
  );
};
