import PDFDocument from 'pdfkit';
import { DEFAULT_TIME_ZONE, LOCALE } from '@clinica/domain';
import type { Context } from '../../platform/context';
import { getAssortmentOrder, type AssortmentOrder } from './assortment-order-read';

/**
 * `GET /assortment-order/{id}/download` (spec 001 §2, §7; `assortmentOrder.reports`): the order as
 * a PDF in Spanish: number, type, branches, status, its dates and people, and a table of its lines
 * (SKU, product, lot, expiry, ordered, sent, received). Built-in Helvetica (WinAnsi) writes every
 * Spanish letter, so no font file is shipped.
 */

const MARGIN = 40;
const BLACK = '#1f1f1f';
const GREY = '#6b6b6b';
const LINE = '#d0d0d0';

const COLUMNS = [
  { title: 'SKU', width: 62, align: 'left' },
  { title: 'Producto', width: 160, align: 'left' },
  { title: 'Lote', width: 72, align: 'left' },
  { title: 'Caducidad', width: 60, align: 'left' },
  { title: 'Pedida', width: 56, align: 'right' },
  { title: 'Enviada', width: 58, align: 'right' },
  { title: 'Recibida', width: 64, align: 'right' },
] as const;

type Doc = PDFKit.PDFDocument;

/** A branch-local date `2026-11-21` as `21-11-2026`; nothing → '—'. */
function localDate(date: string | null | undefined): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '—';
}

/** An instant as the chain reads it (spec 001 §1: Tijuana), `21-11-2026 14:05`; nothing → '—'. */
function localInstant(instant: string | Date | null): string {
  if (!instant) return '—';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: DEFAULT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}`;
}

const nameOf = (person: AssortmentOrder['orderBy']) =>
  person ? [person.name, person.lastName, person.motherLastName].filter(Boolean).join(' ') : '—';

const quantity = (value: number | null) =>
  value === null ? '—' : value.toLocaleString(LOCALE, { maximumFractionDigits: 0 });

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

function linesTable(doc: Doc, order: AssortmentOrder, top: number): number {
  let y = tableHeader(doc, top);
  doc.font('Helvetica').fontSize(8.5).fillColor(BLACK);
  for (const line of order.assortmentOrderProducts) {
    const cells = [
      line.product.sku,
      line.product.name,
      line.productStock?.allotment || '—',
      localDate(line.productStock?.expiresIn),
      quantity(line.orderedQuantity),
      quantity(line.stockedQuantity),
      quantity(line.receivedQuantity),
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

function render(order: AssortmentOrder, printedAt: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Orden de surtido ${order.folio}`, Author: 'Clínicas Bellezza' },
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
    .text(`Orden de surtido ${order.folio}`, MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(`Impresa el ${localInstant(printedAt)}`);

  const third = width / 3;
  let y = MARGIN + 46;
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
    ['Creada por', nameOf(order.orderBy)],
    ['Fecha de creación', localInstant(order.created_at)],
  ]);
  row([
    ['Aprobada por', nameOf(order.approvedBy)],
    ['Fecha de aprobación', localInstant(order.approvedAt)],
    ['Fecha de envío', localInstant(order.sentAt)],
  ]);
  row([
    ['Recibida por', nameOf(order.receivedBy)],
    ['Fecha de recepción', localInstant(order.finishedAt)],
    ['Eliminada', localInstant(order.deleted_at)],
  ]);
  if (order.rejectedAt)
    row([
      ['Rechazada por', nameOf(order.rejectedBy)],
      ['Fecha de rechazo', localInstant(order.rejectedAt)],
      ['Motivo', order.rejectReason ?? '—'],
    ]);
  y += 4;

  y = linesTable(doc, order, y);
  if (order.comments) {
    y += 14;
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

/** The PDF of an order the caller may reach (404 code 33 otherwise), with its file name. */
export async function assortmentOrderPdf(
  ctx: Context,
  id: number,
): Promise<{ bytes: Buffer; filename: string }> {
  const order = await getAssortmentOrder(ctx, id);
  return { bytes: await render(order, ctx.clock.now()), filename: `${order.folio}.pdf` };
}
