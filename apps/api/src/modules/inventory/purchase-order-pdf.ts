import { eq } from 'drizzle-orm';
import { formatLocalDate, formatMoney, type PurchaseOrderRecord } from '@clinica/domain';
import { provider } from '../../db/schema';
import type { Context } from '../../platform/context';
import {
  BLACK,
  contentWidth,
  field,
  GREY,
  localDay,
  MARGIN,
  renderPdf,
  table,
  textBlock,
  type Doc,
  type PdfColumn,
} from '../../platform/pdf';
import { getPurchaseOrder } from './purchase-order.service';

/**
 * `GET /purchase-order/{id}/download` (spec 001 §2, §7): the order as a PDF, in Spanish, money as
 * `$1,234.50`: provider, invoice, dates, payment, a table of its lines with their lots, the lines'
 * total beside the invoice's tax and total, and the comments, in the documents' one look
 * (`platform/pdf.ts`).
 */

/** The table's columns: title, width in points, alignment. */
const COLUMNS: readonly PdfColumn[] = [
  { title: 'SKU', width: 62, align: 'left' },
  { title: 'Producto', width: 148, align: 'left' },
  { title: 'Lote', width: 70, align: 'left' },
  { title: 'Caducidad', width: 58, align: 'left' },
  { title: 'Cantidad', width: 46, align: 'right' },
  { title: 'Precio', width: 73, align: 'right' },
  { title: 'Subtotal', width: 75, align: 'right' },
];

const lineRows = (order: PurchaseOrderRecord) =>
  order.purchaseOrderProducts.map((line) => [
    line.product.sku,
    line.product.name,
    line.allotment || '—',
    formatLocalDate(line.expiresAt) || '—',
    String(line.quantity),
    formatMoney(line.price),
    formatMoney(line.subtotal),
  ]);

function totals(doc: Doc, order: PurchaseOrderRecord, top: number): number {
  let y = top + 10;
  if (y + 60 > doc.page.height - MARGIN) {
    doc.addPage();
    y = MARGIN;
  }
  const right = doc.page.width - MARGIN;
  const rows: [string, string, boolean][] = [
    ['Total de productos (con IVA)', formatMoney(order.linesTotal), false],
    ['Impuesto de la factura', formatMoney(order.tax), false],
    ['Total de la factura', formatMoney(order.amount), true],
  ];
  for (const [label, value, bold] of rows) {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(BLACK)
      .text(label, right - 300, y, { width: 190, align: 'right' })
      .text(value, right - 105, y, { width: 105, align: 'right' });
    y += 15;
  }
  if (Math.round(order.linesTotal * 100) !== Math.round(order.amount * 100)) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(8.5)
      .fillColor(GREY)
      .text('El total de la factura difiere del total de los productos.', right - 300, y, {
        width: 300,
        align: 'right',
      });
    y += 14;
  }
  return y;
}

/** Writes the document and answers its bytes. */
function render(order: PurchaseOrderRecord, rfc: string, printedAt: Date): Promise<Buffer> {
  return renderPdf(
    `Orden de compra ${order.folio}`,
    `${order.branch.name} · Impresa el ${formatLocalDate(localDay(printedAt))}` +
      (order.deleted_at ? ' · ELIMINADA' : ''),
    (doc, top) => {
      const third = contentWidth(doc) / 3;
      let y = top;
      field(doc, 'Proveedor', order.provider.name, MARGIN, y, third * 2);
      field(doc, 'Número de factura', order.invoiceNumber, MARGIN + third * 2, y, third);
      y += 30;
      field(doc, 'RFC', rfc, MARGIN, y, third);
      field(
        doc,
        'Condiciones de pago',
        `${order.provider.payConditions} ${order.provider.payConditions === 1 ? 'día' : 'días'}`,
        MARGIN + third,
        y,
        third,
      );
      field(doc, 'Método de pago', order.payMethod, MARGIN + third * 2, y, third);
      y += 30;
      field(doc, 'Fecha de llegada', formatLocalDate(order.arrivedAt), MARGIN, y, third);
      field(
        doc,
        'Vencimiento del crédito',
        formatLocalDate(order.creditExpiration),
        MARGIN + third,
        y,
        third,
      );
      field(doc, 'Estatus de pago', order.payStatus, MARGIN + third * 2, y, third);
      y += 30;
      field(doc, 'Fecha de pago', formatLocalDate(order.payedAt), MARGIN, y, third);
      y += 34;

      y = totals(doc, order, table(doc, COLUMNS, lineRows(order), y));
      if (order.comments) textBlock(doc, 'Comentarios', order.comments, y + 10);
    },
  );
}

/** The PDF of an order the caller may reach (404 code 32 otherwise), with its file name. */
export async function purchaseOrderPdf(
  ctx: Context,
  id: number,
): Promise<{ bytes: Buffer; filename: string }> {
  const order = await getPurchaseOrder(ctx, id);
  const [row] = await ctx.db
    .select({ rfc: provider.rfc })
    .from(provider)
    .where(eq(provider.id, order.provider.id));
  const bytes = await render(order, row?.rfc ?? '', ctx.clock.now());
  return { bytes, filename: `${order.folio}.pdf` };
}
