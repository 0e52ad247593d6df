import type { FastifyPluginAsync } from 'fastify';
import { purchaseOrderRoutes } from '@clinica/domain';
import { serveCrud, servePdf } from '../../platform/routes';
import { purchaseOrderPdf } from './purchase-order-pdf';
import { purchaseOrderService } from './purchase-order.service';

/** Purchase orders (spec 001 §2–§7, CONTRACT §9): the five calls and the PDF. */
export const purchaseOrderRoutesPlugin: FastifyPluginAsync = async (app) => {
  serveCrud(app, purchaseOrderRoutes, purchaseOrderService);

  servePdf(app, purchaseOrderRoutes.download, (ctx, { id }) => purchaseOrderPdf(ctx, id));
};
