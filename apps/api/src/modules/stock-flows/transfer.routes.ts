import type { FastifyPluginAsync } from 'fastify';
import { transferRoutes } from '@clinica/domain';
import { serve, serveCrud, servePdf } from '../../platform/routes';
import { transferPdf } from './transfer-pdf';
import { getTransfer, listTransfers } from './transfer-read';
import {
  approveTransfer,
  confirmTransfer,
  createTransfer,
  deleteTransfer,
  rejectTransfer,
  updateTransfer,
} from './transfer.service';

/** Transfers between branches (spec 001 §2–§6, CONTRACT §9): the five calls, the steps, the PDF. */
export const transferRoutesPlugin: FastifyPluginAsync = async (app) => {
  serveCrud(app, transferRoutes, {
    list: listTransfers,
    get: getTransfer,
    create: createTransfer,
    update: updateTransfer,
    remove: deleteTransfer,
  });
  serve(app, transferRoutes.approve, (ctx, { params, body }) =>
    approveTransfer(ctx, params.id, body),
  );
  serve(app, transferRoutes.confirm, (ctx, { params, body }) =>
    confirmTransfer(ctx, params.id, body),
  );
  serve(app, transferRoutes.reject, (ctx, { params, body }) =>
    rejectTransfer(ctx, params.id, body),
  );

  servePdf(app, transferRoutes.download, (ctx, { id }) => transferPdf(ctx, id));
};
