import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lookupRoutes as routes } from '@clinica/domain';
import { serve, servePublic } from '../../platform/routes';
import {
  listBranchOptions,
  listColors,
  listDepartments,
  listJobPositions,
  listProductTypes,
  listTreatmentTypes,
} from './lookup.service';

/** The read-only lookups the forms load (spec 000 §7), from the route table. */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  servePublic(app, routes.branches, (ctx) => listBranchOptions(ctx));
  serve(app, routes.departments, (ctx) => listDepartments(ctx));
  serve(app, routes.jobPositions, (ctx) => listJobPositions(ctx));
  serve(app, routes.colors, (ctx, { query }) => listColors(ctx, query));
  serve(app, routes.treatmentTypes, (ctx) => listTreatmentTypes(ctx));
  serve(app, routes.productTypes, (ctx) => listProductTypes(ctx));
};
