import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { goalRoutes, settingRoutes } from '@clinica/domain';
import { serve, serveCrud } from '../../platform/routes';
import { getRateAt, listRateHistory } from './exchange-rate';
import { goalService } from './goal.service';
import { getSetting, updateSetting } from './setting.service';

/** Settings and monthly goals (spec 002 §7; CONTRACT §11). */
export const settingsGoalsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, settingRoutes.get, (ctx) => getSetting(ctx));
  serve(app, settingRoutes.update, (ctx, { params, body }) => updateSetting(ctx, params.id, body));
  serve(app, settingRoutes.rateHistory, (ctx, { query }) => listRateHistory(ctx, query));
  serve(app, settingRoutes.rateAt, (ctx, { query }) => getRateAt(ctx, query));
  serveCrud(app, goalRoutes, goalService);
};
