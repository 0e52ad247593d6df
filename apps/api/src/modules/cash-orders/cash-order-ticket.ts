import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  NotFound,
  POINTS_METHOD,
  formatLocalDate,
  formatMoney,
  localDayAndTime,
  type CashOrderRecord,
} from '@clinica/domain';
import { branch, cashOrder } from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { PdfFile } from '../../platform/routes';
import { inScope } from '../../platform/write';
import { renderTicket, type TicketLine } from '../orders/order-ticket';
import { readCashOrder } from './cash-order-read';

/**
 * The cash order's tickets (CONTRACT §12): the orders' 80 mm receipt with each product's lot,
 * subtotal before IVA, IVA and total. Prints are counted in the row (`UPDATE … RETURNING`): every
 * print after the first says COPIA. A refund ticket of an unrefunded cash order, or one out of
 * reach, is 404 code 36.
 */

type Kind = 'sale' | 'refund';

async function countPrint(ctx: Context, id: number, kind: Kind): Promise<number> {
  const [row] = await ctx.db
    .update(cashOrder)
    .set(
      kind === 'sale'
        ? { ticketPrints: sql`${cashOrder.ticketPrints} + 1` }
        : { refundTicketPrints: sql`${cashOrder.refundTicketPrints} + 1` },
    )
    .where(
      and(
        eq(cashOrder.id, id),
        inScope(ctx.session, cashOrder.branchId),
        kind === 'refund' ? isNotNull(cashOrder.refundedAt) : undefined,
      ),
    )
    .returning({ prints: kind === 'sale' ? cashOrder.ticketPrints : cashOrder.refundTicketPrints });
  if (!row) throw notFound(NotFound.cashOrder);
  return row.prints;
}

function linesOf(
  record: CashOrderRecord,
  site: { name: string; address: string; rfc: string; zone: string },
  kind: Kind,
  copy: boolean,
): TicketLine[] {
  const at = (iso: string) => {
    const local = localDayAndTime(new Date(iso), site.zone);
    return `${formatLocalDate(local.date)} ${local.time.slice(0, 5)}`;
  };
  const out: TicketLine[] = [
    { text: site.name, bold: true, size: 10, center: true },
    { text: site.address, center: true },
    { text: `RFC ${site.rfc}`, center: true },
    {
      text: kind === 'refund' ? 'TICKET DE DEVOLUCIÓN' : 'TICKET DE VENTA DE PRODUCTOS',
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
      text: customer
        ? `Cliente: ${[customer.name, customer.lastName, customer.motherLastName].filter(Boolean).join(' ')} (${customer.customerId})`
        : 'Cliente: Público en general',
    },
    { text: '' },
  );
  for (const line of record.cashOrderDetails) {
    out.push({ text: line.product.name, bold: true });
    out.push({ text: `Lote ${line.allotment || 'sin lote'}` });
    out.push({
      text: `${line.quantity} x ${formatMoney(line.salePrice)}`,
      right: formatMoney(line.price + line.discount),
    });
    if (line.discount > 0) out.push({ text: 'Descuento', right: `-${formatMoney(line.discount)}` });
  }
  out.push({ text: '' }, { text: 'Subtotal', right: formatMoney(record.subtotal) });
  if (record.coupon)
    out.push({
      text: `Cupón ${record.coupon.code}`,
      right: `-${formatMoney(record.discountTotal)}`,
    });
  out.push(
    { text: 'IVA', right: formatMoney(record.taxes) },
    { text: 'Total', right: formatMoney(record.total), bold: true, size: 10 },
    { text: '' },
  );
  for (const payment of record.payments) {
    if (payment.currency === 'DLS')
      out.push(
        { text: `${payment.paymentMethod} (DLS)`, right: `US${formatMoney(payment.amount)}` },
        {
          text: `  T.C. ${record.exchangeRate.toFixed(4)} = MXN`,
          right: formatMoney(payment.amountMxn),
        },
      );
    else out.push({ text: payment.paymentMethod, right: formatMoney(payment.amountMxn) });
  }
  const spent = record.payments
    .filter((payment) => payment.paymentMethod === POINTS_METHOD)
    .reduce((sum, payment) => sum + payment.amount, 0);
  out.push(
    { text: 'Cambio', right: formatMoney(record.changeAmount) },
    { text: 'Puntos ganados', right: String(record.points) },
    { text: 'Puntos usados', right: String(spent) },
    { text: `Vendedor: ${record.seller?.name ?? '—'}` },
  );
  if (kind === 'refund')
    out.push(
      { text: '' },
      { text: 'DEVOLUCIÓN', bold: true, center: true },
      { text: 'Fecha de devolución', right: record.refundedAt ? at(record.refundedAt) : '' },
      { text: `Motivo: ${record.refundReason ?? ''}` },
      { text: `Método: ${record.refundMethod ?? ''}` },
      { text: 'Monto devuelto', right: formatMoney(record.refundAmount ?? 0), bold: true },
      { text: `Devolvió: ${record.refundedBy?.name ?? ''}` },
    );
  out.push({ text: '' }, { text: 'Gracias por su preferencia', center: true });
  return out;
}

/** GET /cash-order/{id}/ticket and /ticket/refund. */
export async function cashOrderTicket(ctx: Context, id: number, kind: Kind): Promise<PdfFile> {
  const prints = await countPrint(ctx, id, kind);
  const record = await readCashOrder(ctx.db, id);
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
  return { filename: `${record.folio}${kind === 'refund' ? '-devolucion' : ''}.pdf`, bytes };
}
