import type { FastifyPluginAsync } from 'fastify';
import { homeRoutes } from '@clinica/domain';
import { serve } from '../platform/routes';
import { homeOf } from './home';

/** The home's one read, `GET /report/home` (issue 28; `read/home.ts`). */
export const homeRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, homeRoutes.get, (ctx, { query }) => homeOf(ctx, query));
};
