import PDFDocument from 'pdfkit';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  NotFound,
  POINTS_METHOD,
  formatLocalDate,
  formatMoney,
  localDayAndTime,
  type OrderRecord,
} from '@clinica/domain';
import { branch, order } from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { PdfFile } from '../../platform/routes';
import { inScope } from '../../platform/write';
import { readOrder } from './order-read';

/**
 * The order's tickets (CONTRACT §12): an 80 mm receipt in Spanish, money as `$1,234.50` (the
 * domain's `formatMoney`), dates and times in the branch's zone. Each ticket counts its prints in
 * the order's row with one `UPDATE … SET n = n + 1 RETURNING n`, so of two prints at once exactly
 * one is the first: every later print says COPIA.
 */

type Kind = 'sale' | 'refund';

const WIDTH = 226.77; // 80 mm in points
const SIDE = 10;
const INNER = WIDTH - 2 * SIDE;

/** Counts the print; a refund ticket of an unrefunded order, or one out of reach, is 404 code 19. */
async function countPrint(ctx: Context, id: number, kind: Kind): Promise<number> {
  const column = kind === 'sale' ? order.ticketPrints : order.refundTicketPrints;
  const [row] = await ctx.db
    .update(order)
    .set(
      kind === 'sale'
        ? { ticketPrints: sql`${order.ticketPrints} + 1` }
        : { refundTicketPrints: sql`${order.refundTicketPrints} + 1` },
    )
    .where(
      and(
        eq(order.id, id),
        inScope(ctx.session, order.branchId),
        kind === 'refund' ? isNotNull(order.refundedAt) : undefined,
      ),
    )
    .returning({ prints: column });
  if (!row) throw notFound(NotFound.order);
  return row.prints;
}

export type TicketLine = {
  text: string;
  right?: string;
  bold?: boolean;
  size?: number;
  center?: boolean;
};

function linesOf(
  record: OrderRecord,
  site: { name: string; address: string; rfc: string; zone: string },
  kind: Kind,
  copy: boolean,
) {
  const at = (iso: string) => {
    const local = localDayAndTime(new Date(iso), site.zone);
    return `${formatLocalDate(local.date)} ${local.time.slice(0, 5)}`;
  };
  const out: TicketLine[] = [
    { text: site.name, bold: true, size: 10, center: true },
    { text: site.address, center: true },
    { text: `RFC ${site.rfc}`, center: true },
    {
      text: kind === 'refund' ? 'TICKET DE DEVOLUCIÓN' : 'TICKET DE VENTA',
      bold: true,
      center: true,
    },
  ];
  if (copy) out.push({ text: 'COPIA', bold: true, size: 12, center: true });
  const customer = record.customer;
  out.push(
    { text: 'Folio', right: record.folio, bold: true },
    { text: 'Fecha', right: at(record.created_at) },
    {
      text: `Cliente: ${[customer.name, customer.lastName, customer.motherLastName].filter(Boolean).join(' ')}`,
    },
    { text: `Número de cliente: ${customer.customerId}` },
    { text: '' },
  );
  for (const line of record.orderDetails) {
    const item = line.treatment?.name ?? line.package?.name ?? '';
    const amount = line.salePrice * line.quantity - line.discount;
    out.push({ text: item, bold: true });
    out.push({
      text: `${line.quantity} x ${formatMoney(line.salePrice)}`,
      right: formatMoney(amount),
    });
    if (line.discount > 0) out.push({ text: 'Descuento', right: `-${formatMoney(line.discount)}` });
  }
  out.push({ text: '' }, { text: 'Subtotal', right: formatMoney(record.subtotal) });
  if (record.coupon)
    out.push({
      text: `Cupón ${record.coupon.code}`,
      right: `-${formatMoney(record.discountTotal)}`,
    });
  out.push({ text: 'Total', right: formatMoney(record.total), bold: true, size: 10 }, { text: '' });
  for (const payment of record.payments) {
    if (payment.currency === 'DLS') {
      out.push({
        text: `${payment.paymentMethod} (DLS)`,
        right: `US${formatMoney(payment.amount)}`,
      });
      out.push({
        text: `  T.C. ${record.exchangeRate.toFixed(4)} = MXN`,
        right: formatMoney(payment.amountMxn),
      });
    } else out.push({ text: payment.paymentMethod, right: formatMoney(payment.amountMxn) });
  }
  out.push({ text: 'Cambio', right: formatMoney(record.changeAmount) });
  const spent = record.payments
    .filter((payment) => payment.paymentMethod === POINTS_METHOD)
    .reduce((sum, payment) => sum + payment.amount, 0);
  out.push(
    { text: 'Puntos ganados', right: String(record.paymentStatus === 'paid' ? record.points : 0) },
    { text: 'Puntos usados', right: String(spent) },
    { text: `Vendedor: ${record.seller?.name ?? '—'}` },
  );
  if (kind === 'refund') {
    out.push(
      { text: '' },
      { text: 'DEVOLUCIÓN', bold: true, center: true },
      { text: 'Fecha de devolución', right: record.refundedAt ? at(record.refundedAt) : '' },
      { text: `Motivo: ${record.refundReason ?? ''}` },
      { text: `Método: ${record.refundMethod ?? ''}` },
      { text: 'Monto devuelto', right: formatMoney(record.refundAmount ?? 0), bold: true },
      { text: `Devolvió: ${record.refundedBy?.name ?? ''}` },
    );
  }
  out.push({ text: '' }, { text: 'Gracias por su preferencia', center: true });
  return out;
}

export function renderTicket(title: string, lines: TicketLine[]): Promise<Buffer> {
  const measure = new PDFDocument({ size: [WIDTH, 2000], margin: SIDE });
  const heightOf = (line: TicketLine) => {
    const font = measure.font(line.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(line.size ?? 8);
    const left = font.heightOfString(line.text || ' ', {
      width: line.right ? INNER * 0.62 : INNER,
    });
    const right = line.right ? font.heightOfString(line.right, { width: INNER * 0.38 }) : 0;
    return Math.max(left, right) + 2;
  };
  const height = lines.reduce((sum, line) => sum + heightOf(line), 2 * SIDE + 10);
  const doc = new PDFDocument({
    size: [WIDTH, Math.max(height, 200)],
    margin: SIDE,
    info: { Title: title, Author: 'Clínicas Bellezza' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let y = SIDE;
  for (const line of lines) {
    doc
      .font(line.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(line.size ?? 8)
      .fillColor('#000000');
    const step = heightOf(line);
    if (line.right !== undefined) {
      doc.text(line.text, SIDE, y, { width: INNER * 0.62 });
      doc.text(line.right, SIDE + INNER * 0.62, y, { width: INNER * 0.38, align: 'right' });
    } else doc.text(line.text, SIDE, y, { width: INNER, align: line.center ? 'center' : 'left' });
    y += step;
  }
  doc.end();
  return done;
}

/** GET /order/{id}/ticket and /ticket/refund. */
export async function orderTicket(ctx: Context, id: number, kind: Kind): Promise<PdfFile> {
  const prints = await countPrint(ctx, id, kind);
  const record = await readOrder(ctx.db, id);
  const [site] = await ctx.db
    .select({
      name: branch.name,
      street: branch.street,
      extNumber: branch.extNumber,
      suburb: branch.suburb,
      city: branch.city,
      state: branch.state,
      zipCode: branch.zipCode,
      rfc: branch.rfc,
      zone: branch.zone,
    })
    .from(branch)
    .where(eq(branch.id, record.branch.id));
  const address = `${site!.street} ${site!.extNumber}, ${site!.suburb}, ${site!.city}, ${site!.state}, C.P. ${site!.zipCode}`;
  const title = `${kind === 'refund' ? 'Devolución' : 'Ticket'} ${record.folio}`;
  const bytes = await renderTicket(title, linesOf(record, { ...site!, address }, kind, prints > 1));
  const suffix = kind === 'refund' ? '-devolucion' : '';
  return { filename: `${record.folio}${suffix}.pdf`, bytes };
}
