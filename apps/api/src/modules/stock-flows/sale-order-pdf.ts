import { formatLocalDate, formatMoney, formatPersonName } from '@clinica/domain';
import type { Context } from '../../platform/context';
import {
  BLACK,
  contentWidth,
  field,
  localInstant,
  MARGIN,
  renderPdf,
  table,
  textBlock,
  type PdfColumn,
} from '../../platform/pdf';
import { getSaleOrder, type SaleOrder } from './sale-order-read';

/**
 * `GET /sale-order/{id}/download` (spec 001 §2, §7; `saleOrder.show`): the sale order as a PDF,
 * in Spanish, money as `$1,234.50`: the business customer (name, RFC, phone), the note number,
 * the selling branch, who made it and when, a table of its lines with their lots, and the total,
 * in the documents' one look (`platform/pdf.ts`).
 */

const COLUMNS: readonly PdfColumn[] = [
  { title: 'SKU', width: 62, align: 'left' },
  { title: 'Producto', width: 148, align: 'left' },
  { title: 'Lote', width: 70, align: 'left' },
  { title: 'Caducidad', width: 58, align: 'left' },
  { title: 'Cantidad', width: 46, align: 'right' },
  { title: 'Precio', width: 73, align: 'right' },
  { title: 'Subtotal', width: 75, align: 'right' },
];

/** Ten digits as (664)123-4567; anything else as stored. */
const phoneText = (phone: string) =>
  /^\d{10}$/.test(phone) ? `(${phone.slice(0, 3)})${phone.slice(3, 6)}-${phone.slice(6)}` : phone;

const lineRows = (order: SaleOrder) =>
  order.saleOrderProducts.map((line) => [
    line.product.sku,
    line.product.name,
    line.productStock.allotment || '—',
    formatLocalDate(line.productStock.expiresIn) || '—',
    String(line.quantity),
    formatMoney(line.price),
    formatMoney(line.subtotal),
  ]);

/** Writes the document and answers its bytes. */
export function renderSaleOrder(order: SaleOrder, printedAt: Date): Promise<Buffer> {
  return renderPdf(
    `Orden de venta ${order.folio}`,
    `${order.branch.name} · Impresa el ${localInstant(printedAt)}` +
      (order.deleted_at ? ' · ELIMINADA' : ''),
    (doc, top) => {
      const third = contentWidth(doc) / 3;
      let y = top;
      field(doc, 'Razón social', order.name, MARGIN, y, third * 2);
      field(doc, 'Número de nota', order.note, MARGIN + third * 2, y, third);
      y += 30;
      field(doc, 'RFC', order.rfc ?? '', MARGIN, y, third);
      field(doc, 'Teléfono', phoneText(order.phone), MARGIN + third, y, third);
      field(doc, 'Sucursal', order.branch.name, MARGIN + third * 2, y, third);
      y += 30;
      field(doc, 'Fecha', localInstant(order.created_at), MARGIN, y, third);
      field(doc, 'Registrada por', formatPersonName(order.createdBy), MARGIN + third, y, third * 2);
      y += 34;

      y = table(doc, COLUMNS, lineRows(order), y) + 10;
      if (y + 40 > doc.page.height - MARGIN) {
        doc.addPage();
        y = MARGIN;
      }
      const right = doc.page.width - MARGIN;
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor(BLACK)
        .text('Total', right - 300, y, { width: 190, align: 'right' })
        .text(formatMoney(order.totalAmount), right - 105, y, { width: 105, align: 'right' });
      y += 20;
      if (order.comments) textBlock(doc, 'Comentarios', order.comments, y);
    },
  );
}

/** The PDF of an order the caller reaches (404 code 36 otherwise), with its file name. */
export async function saleOrderPdf(
  ctx: Context,
  id: number,
): Promise<{ bytes: Buffer; filename: string }> {
  const order = await getSaleOrder(ctx, id);
  return { bytes: await renderSaleOrder(order, ctx.clock.now()), filename: `${order.folio}.pdf` };
}
