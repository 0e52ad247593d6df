import type { FastifyPluginAsync } from 'fastify';
import { saleOrderRoutes } from '@clinica/domain';
import { serveCrud, servePdf } from '../../platform/routes';
import { saleOrderPdf } from './sale-order-pdf';
import { saleOrderService } from './sale-order.service';

/** Sale orders to business customers (spec 001 §2–§7, CONTRACT §9): the five calls and the PDF. */
export const saleOrderRoutesPlugin: FastifyPluginAsync = async (app) => {
  serveCrud(app, saleOrderRoutes, saleOrderService);

  servePdf(app, saleOrderRoutes.download, (ctx, { id }) => saleOrderPdf(ctx, id));
};
