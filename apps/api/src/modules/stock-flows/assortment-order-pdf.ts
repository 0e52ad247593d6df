import { formatLocalDate, formatPersonName, LOCALE } from '@clinica/domain';
import type { Context } from '../../platform/context';
import {
  contentWidth,
  field,
  localInstant,
  MARGIN,
  renderPdf,
  table,
  textBlock,
  type PdfColumn,
} from '../../platform/pdf';
import { getAssortmentOrder, type AssortmentOrder } from './assortment-order-read';

/**
 * `GET /assortment-order/{id}/download` (spec 001 §2, §7; `assortmentOrder.reports`): the order as
 * a PDF in Spanish: number, type, branches, status, its dates and people, and a table of its lines
 * (SKU, product, lot, expiry, ordered, sent, received), in the documents' one look
 * (`platform/pdf.ts`).
 */

const COLUMNS: readonly PdfColumn[] = [
  { title: 'SKU', width: 62, align: 'left' },
  { title: 'Producto', width: 160, align: 'left' },
  { title: 'Lote', width: 72, align: 'left' },
  { title: 'Caducidad', width: 60, align: 'left' },
  { title: 'Pedida', width: 56, align: 'right' },
  { title: 'Enviada', width: 58, align: 'right' },
  { title: 'Recibida', width: 64, align: 'right' },
];

const quantity = (value: number | null) =>
  value === null ? '—' : value.toLocaleString(LOCALE, { maximumFractionDigits: 0 });

const lineRows = (order: AssortmentOrder) =>
  order.assortmentOrderProducts.map((line) => [
    line.product.sku,
    line.product.name,
    line.productStock?.allotment || '—',
    formatLocalDate(line.productStock?.expiresIn) || '—',
    quantity(line.orderedQuantity),
    quantity(line.stockedQuantity),
    quantity(line.receivedQuantity),
  ]);

function render(order: AssortmentOrder, printedAt: Date): Promise<Buffer> {
  return renderPdf(
    `Orden de surtido ${order.folio}`,
    `Impresa el ${localInstant(printedAt)}`,
    (doc, top) => {
      const third = contentWidth(doc) / 3;
      let y = top;
      const row = (cells: [string, string][]) => {
        cells.forEach(([label, value], index) =>
          field(doc, label, value, MARGIN + third * index, y, third),
        );
        y += 30;
      };
      row([
        ['Tipo de orden', order.orderType],
        ['Estatus', order.status + (order.hasDifference ? ' (con diferencias)' : '')],
        ['Sucursal que recibe', order.branch.name],
      ]);
      row([
        ['Surte', order.originBranch?.name ?? 'CEDIS'],
        ['Creada por', formatPersonName(order.orderBy)],
        ['Fecha de creación', localInstant(order.created_at)],
      ]);
      row([
        ['Aprobada por', formatPersonName(order.approvedBy)],
        ['Fecha de aprobación', localInstant(order.approvedAt)],
        ['Fecha de envío', localInstant(order.sentAt)],
      ]);
      row([
        ['Recibida por', formatPersonName(order.receivedBy)],
        ['Fecha de recepción', localInstant(order.finishedAt)],
        ['Eliminada', localInstant(order.deleted_at)],
      ]);
      if (order.rejectedAt)
        row([
          ['Rechazada por', formatPersonName(order.rejectedBy)],
          ['Fecha de rechazo', localInstant(order.rejectedAt)],
          ['Motivo', order.rejectReason ?? '—'],
        ]);
      y = table(doc, COLUMNS, lineRows(order), y + 4);
      if (order.comments) textBlock(doc, 'Comentarios', order.comments, y + 14);
    },
  );
}

/** The PDF of an order the caller may reach (404 code 33 otherwise), with its file name. */
export async function assortmentOrderPdf(
  ctx: Context,
  id: number,
): Promise<{ bytes: Buffer; filename: string }> {
  const order = await getAssortmentOrder(ctx, id);
  return { bytes: await render(order, ctx.clock.now()), filename: `${order.folio}.pdf` };
}
