import { formatLocalDate, formatMoney, type ClosingRecord } from '@clinica/domain';
import type { Context } from '../../platform/context';
import type { PdfFile } from '../../platform/routes';
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
import { dayPayments } from './cash-closing-payments';
import { readClosingRow, recordOf } from './cash-closing-read';

/**
 * `GET /daily-cash-closing/{id}/download` (`cashClosing.show`): the closing as a PDF in the
 * documents' one look: branch, day, who closed and when, every figure by method (the whole day
 * and the cash orders alone), the count and its differences, and the payments it counted.
 */

const FIGURES: readonly PdfColumn[] = [
  { title: 'Concepto', width: 232, align: 'left' },
  { title: 'Total del día', width: 150, align: 'right' },
  { title: 'Solo productos', width: 150, align: 'right' },
];

const PAYMENTS: readonly PdfColumn[] = [
  { title: 'Hora', width: 40, align: 'left' },
  { title: 'Tipo', width: 62, align: 'left' },
  { title: 'Folio', width: 70, align: 'left' },
  { title: 'Cliente', width: 130, align: 'left' },
  { title: 'Método', width: 100, align: 'left' },
  { title: 'Monto', width: 65, align: 'right' },
  { title: 'MXN', width: 65, align: 'right' },
];

type Money = Omit<ClosingRecord['products'], 'ordersCount' | 'cashOrdersCount' | 'refundsCount'>;

const LINES: readonly [string, keyof Money, boolean?][] = [
  ['Efectivo (MXN, menos cambio)', 'cashTotal'],
  ['Efectivo en dólares (USD)', 'cashTotalDollars', true],
  ['Efectivo en dólares (MXN)', 'cashTotalDollarsMxn'],
  ['Tarjeta de crédito', 'creditCardTotal'],
  ['Tarjeta de débito', 'debitCardTotal'],
  ['Transferencia electrónica', 'transferTotal'],
  ['Depósito bancario', 'depositTotal'],
  ['Puntos', 'pointsTotal'],
  ['Total de ventas', 'salesTotal'],
  ['Devoluciones en efectivo', 'refundCash'],
  ['Devoluciones a tarjeta de crédito', 'refundCreditCard'],
  ['Devoluciones a tarjeta de débito', 'refundDebitCard'],
  ['Devoluciones por transferencia', 'refundTransfer'],
  ['Devoluciones por depósito', 'refundDeposit'],
  ['Puntos devueltos', 'refundPoints'],
  ['Total de devoluciones', 'refundTotal'],
  ['Total', 'total'],
];

const dollars = (value: number) => `US${formatMoney(value)}`;
const optional = (value: number | null, format: (value: number) => string = formatMoney) =>
  value === null ? '—' : format(value);

export async function cashClosingPdf(ctx: Context, id: number): Promise<PdfFile> {
  const row = await readClosingRow(ctx.db, ctx, { id });
  const record = recordOf(row);
  const place = { branchId: row.branchId, zone: row.branchZone };
  const first = await dayPayments(ctx.db, place, row.date, { page: 1, take: 100 });
  const payments = [...first.items];
  for (let page = 2; page <= first.meta.pageCount; page += 1)
    payments.push(...(await dayPayments(ctx.db, place, row.date, { page, take: 100 })).items);
  const bytes = await renderPdf(
    `Corte de caja ${record.folio}`,
    `${record.branch.name} · Día ${formatLocalDate(record.date)} · Impreso el ${localInstant(ctx.clock.now())}`,
    (doc, top) => {
      const quarter = contentWidth(doc) / 4;
      let y = top;
      field(doc, 'Sucursal', record.branch.name, MARGIN, y, quarter);
      field(doc, 'Día', formatLocalDate(record.date), MARGIN + quarter, y, quarter);
      field(doc, 'Cerró', record.user.name, MARGIN + quarter * 2, y, quarter);
      field(doc, 'Cerrado el', localInstant(record.created_at), MARGIN + quarter * 3, y, quarter);
      y += 30;
      field(doc, 'Órdenes', String(record.ordersCount), MARGIN, y, quarter);
      field(
        doc,
        'Ventas de productos',
        String(record.cashOrdersCount),
        MARGIN + quarter,
        y,
        quarter,
      );
      field(doc, 'Devoluciones', String(record.refundsCount), MARGIN + quarter * 2, y, quarter);
      field(
        doc,
        'Tipo de cambio',
        record.exchangeRate.toFixed(4),
        MARGIN + quarter * 3,
        y,
        quarter,
      );
      y += 34;
      const rows = LINES.map(([label, key, inDollars]) => {
        const format = inDollars ? dollars : formatMoney;
        return [label, format(record[key]), format(record.products[key])];
      });
      y = table(doc, FIGURES, rows, y) + 14;
      field(
        doc,
        'Efectivo esperado',
        formatMoney(record.cashTotal - record.refundCash),
        MARGIN,
        y,
        quarter,
      );
      field(doc, 'Efectivo contado', optional(record.countedCash), MARGIN + quarter, y, quarter);
      field(doc, 'Diferencia', optional(record.difference), MARGIN + quarter * 2, y, quarter);
      y += 30;
      field(doc, 'Dólares esperados', dollars(record.cashTotalDollars), MARGIN, y, quarter);
      field(
        doc,
        'Dólares contados',
        optional(record.countedCashDollars, dollars),
        MARGIN + quarter,
        y,
        quarter,
      );
      field(
        doc,
        'Diferencia en dólares',
        optional(record.differenceDollars, dollars),
        MARGIN + quarter * 2,
        y,
        quarter,
      );
      y += 34;
      if (record.comments) y = textBlock(doc, 'Comentarios', record.comments, y) + 12;
      table(
        doc,
        PAYMENTS,
        payments.map((payment) => [
          payment.time,
          payment.type,
          payment.folio,
          payment.customer?.name ?? 'Público en general',
          payment.paymentMethod,
          payment.currency === 'DLS' ? dollars(payment.amount) : formatMoney(payment.amount),
          formatMoney(payment.amountMxn),
        ]),
        y,
      );
    },
  );
  return { bytes, filename: `corte-${record.folio}.pdf` };
}
