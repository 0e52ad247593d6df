import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cabinRoutes, cabinTypeRoutes, categoryRoutes } from '@clinica/domain';
import { serveCrud } from '../../platform/routes';
import { cabinService } from './cabin.service';
import { cabinTypeService } from './cabin-type.service';
import { categoryService } from './category.service';

/** Cabins, cabin types and categories (spec 000 §2–§7). Branches have routes of their own. */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  serveCrud(app, cabinRoutes, cabinService);
  serveCrud(app, cabinTypeRoutes, cabinTypeService);
  serveCrud(app, categoryRoutes, categoryService);
};
