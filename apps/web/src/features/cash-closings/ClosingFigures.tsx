import { Table } from 'antd';
import type { ClosingRecord } from '@clinica/domain';
import { formatMoney } from '../../shared/format';

/**
 * A closing's figures by method (CONTRACT §12): sales by method (cash net of change, dollars in
 * dollars and in pesos at their rate), refunds by method, and the totals; the whole day's and, with
 * `products`, the cash orders' beside them.
 */

type Figures = ClosingRecord['products'];
type Key = Exclude<keyof Figures, 'ordersCount' | 'cashOrdersCount' | 'refundsCount'>;

const LINES: { key: Key; label: string; dollars?: boolean; strong?: boolean }[] = [
  { key: 'cashTotal', label: 'Efectivo (MXN, menos cambio)' },
  { key: 'cashTotalDollars', label: 'Efectivo en dólares (USD)', dollars: true },
  { key: 'cashTotalDollarsMxn', label: 'Efectivo en dólares (en MXN)' },
  { key: 'creditCardTotal', label: 'Tarjeta de crédito' },
  { key: 'debitCardTotal', label: 'Tarjeta de débito' },
  { key: 'transferTotal', label: 'Transferencia electrónica' },
  { key: 'depositTotal', label: 'Depósito bancario' },
  { key: 'pointsTotal', label: 'Puntos' },
  { key: 'salesTotal', label: 'Total de ventas', strong: true },
  { key: 'refundCash', label: 'Devoluciones en efectivo' },
  { key: 'refundCreditCard', label: 'Devoluciones a tarjeta de crédito' },
  { key: 'refundDebitCard', label: 'Devoluciones a tarjeta de débito' },
  { key: 'refundTransfer', label: 'Devoluciones por transferencia' },
  { key: 'refundDeposit', label: 'Devoluciones por depósito' },
  { key: 'refundPoints', label: 'Puntos devueltos' },
  { key: 'refundTotal', label: 'Total de devoluciones', strong: true },
  { key: 'total', label: 'Total del día', strong: true },
];

export const dollars = (value: number) => `US${formatMoney(value)}`;

export function ClosingFigures({
  figures,
  products,
  caption,
}: {
  figures: Figures;
  products?: Figures;
  caption: string;
}) {
  const amount = (line: (typeof LINES)[number], source: Figures) => {
    const text = line.dollars ? dollars(source[line.key]) : formatMoney(source[line.key]);
    return line.strong ? <strong>{text}</strong> : text;
  };
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      caption={<span className="visually-hidden">{caption}</span>}
      dataSource={LINES}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'label', title: 'Concepto', render: (_, line) => line.label },
        {
          key: 'all',
          title: 'Día completo',
          align: 'right',
          render: (_, line) => amount(line, figures),
        },
        ...(products
          ? [
              {
                key: 'products',
                title: 'Solo productos',
                align: 'right' as const,
                render: (_: unknown, line: (typeof LINES)[number]) => amount(line, products),
              },
            ]
          : []),
      ]}
    />
  );
}
