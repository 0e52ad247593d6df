import PDFDocument from 'pdfkit';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  formatLocalDate,
  formatMoney,
  type PurchaseOrderRecord,
} from '@clinica/domain';
import { provider } from '../../db/schema';
import type { Context } from '../../platform/context';
import { getPurchaseOrder } from './purchase-order.service';

/**
 * `GET /purchase-order/{id}/download` (spec 001 §2, §7): the order as a PDF, in Spanish, money as
 * `$1,234.50`: provider, invoice, dates, payment, a table of its lines with their lots, the lines'
 * total beside the invoice's tax and total, and the comments. Built-in Helvetica (WinAnsi) writes
 * every Spanish letter, so no font file is shipped.
 */

const MARGIN = 40;
const BLACK = '#1f1f1f';
const GREY = '#6b6b6b';
const LINE = '#d0d0d0';

/** The table's columns: title, width in points, alignment. */
const COLUMNS = [
  { title: 'SKU', width: 62, align: 'left' },
  { title: 'Producto', width: 148, align: 'left' },
  { title: 'Lote', width: 70, align: 'left' },
  { title: 'Caducidad', width: 58, align: 'left' },
  { title: 'Cantidad', width: 46, align: 'right' },
  { title: 'Precio', width: 73, align: 'right' },
  { title: 'Subtotal', width: 75, align: 'right' },
] as const;

type Doc = PDFKit.PDFDocument;

/** The day of an instant in the chain's zone (spec 001 §1: Tijuana), as `YYYY-MM-DD`. */
const dayIn = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(instant);

function field(doc: Doc, label: string, value: string, x: number, y: number, width: number) {
  doc.font('Helvetica').fontSize(8).fillColor(GREY).text(label, x, y, { width });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(BLACK)
    .text(value || '—', x, y + 10, { width });
}

function tableHeader(doc: Doc, y: number): number {
  let x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(BLACK);
  for (const column of COLUMNS) {
    doc.text(column.title, x + 2, y + 4, { width: column.width - 4, align: column.align });
    x += column.width;
  }
  const bottom = y + 16;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(doc.page.width - MARGIN, bottom)
    .strokeColor(LINE)
    .stroke();
  return bottom + 2;
}

function linesTable(doc: Doc, order: PurchaseOrderRecord, top: number): number {
  let y = tableHeader(doc, top);
  doc.font('Helvetica').fontSize(8.5).fillColor(BLACK);
  for (const line of order.purchaseOrderProducts) {
    const cells = [
      line.product.sku,
      line.product.name,
      line.allotment || '—',
      formatLocalDate(line.expiresAt) || '—',
      String(line.quantity),
      formatMoney(line.price),
      formatMoney(line.subtotal),
    ];
    const height =
      Math.max(
        ...cells.map((cell, index) =>
          doc.heightOfString(cell, { width: COLUMNS[index]!.width - 4 }),
        ),
      ) + 6;
    if (y + height > doc.page.height - MARGIN - 20) {
      doc.addPage();
      y = tableHeader(doc, MARGIN);
      doc.font('Helvetica').fontSize(8.5).fillColor(BLACK);
    }
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const column = COLUMNS[index]!;
      doc.text(cell, x + 2, y + 3, { width: column.width - 4, align: column.align });
      x += column.width;
    });
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(doc.page.width - MARGIN, y)
      .strokeColor(LINE)
      .stroke();
  }
  return y;
}

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
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Orden de compra ${order.folio}`, Author: 'Clínicas Bellezza' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(BLACK)
    .text(`Orden de compra ${order.folio}`, MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(
      `${order.branch.name} · Impresa el ${formatLocalDate(dayIn(printedAt))}` +
        (order.deleted_at ? ' · ELIMINADA' : ''),
    );

  const third = width / 3;
  let y = MARGIN + 46;
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

  y = totals(doc, order, linesTable(doc, order, y));
  if (order.comments) {
    y += 10;
    if (y + 40 > doc.page.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font('Helvetica-Bold').fontSize(9).fillColor(BLACK).text('Comentarios', MARGIN, y);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(order.comments, MARGIN, y + 12, { width });
  }
  doc.end();
  return done;
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
