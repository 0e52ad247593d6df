import type { FastifyPluginAsync } from 'fastify';
import { commissionRoutes, cosmetologyCommissionRoutes } from '@clinica/domain';
import { serve } from '../../platform/routes';
import {
  cosmetologyCommissionsOfUser,
  listCosmetologyCommissions,
} from './cosmetology-commission-read';
import { updateCommissionAgent } from './medic-commission-agent';
import { listMedicCommissions, medicCommissionsOfUser } from './medic-commission-read';

/** Medical and cosmetology commissions (CONTRACT §12 "Commissions"). */
export const commissionRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, commissionRoutes.list, (ctx, { query }) => listMedicCommissions(ctx, query));
  serve(app, commissionRoutes.byUser, (ctx, { params, query }) =>
    medicCommissionsOfUser(ctx, params.userId, query),
  );
  serve(app, commissionRoutes.updateAgent, (ctx, { params, body }) =>
    updateCommissionAgent(ctx, params.id, body),
  );
  serve(app, cosmetologyCommissionRoutes.list, (ctx, { query }) =>
    listCosmetologyCommissions(ctx, query),
  );
  serve(app, cosmetologyCommissionRoutes.byUser, (ctx, { params, query }) =>
    cosmetologyCommissionsOfUser(ctx, params.userId, query),
  );
};
