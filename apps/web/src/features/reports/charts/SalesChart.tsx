import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../shared/format';
import { MONTH_TITLES } from '../cells';
import type { ChartProps } from '../types';
import { ChartFrame, shortMoney } from './ChartFrame';

/**
 * Daily or monthly sales: per day (or month) the chain's services and products, stacked; their
 * sum is the day's `ddcTotal`. The branches asked for are added up.
 */

interface SalesRow {
  date: string | null;
  month: string;
  totalDccTx: number;
  totalDcccProduct: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

export default function SalesChart({ rows }: ChartProps) {
  const monthly = (rows as unknown as SalesRow[]).every((row) => row.date === null);
  const points = new Map<string, { label: string; services: number; products: number }>();
  for (const row of rows as unknown as SalesRow[]) {
    const key = monthly ? row.month : (row.date ?? row.month);
    const label = monthly
      ? (MONTH_TITLES[Number(row.month.slice(5, 7)) - 1] ?? row.month).slice(0, 3)
      : key.slice(8, 10);
    const point = points.get(key) ?? { label, services: 0, products: 0 };
    point.services = cents(point.services + row.totalDccTx);
    point.products = cents(point.products + row.totalDcccProduct);
    points.set(key, point);
  }
  const data = [...points.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, p]) => p);
  const total = data.reduce((sum, point) => sum + point.services + point.products, 0);
  return (
    <ChartFrame
      title={monthly ? 'Ventas por mes' : 'Ventas por día'}
      summary={`${data.length} ${monthly ? 'meses' : 'días'}, ${formatMoney(total)} en total.`}
    >
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} />
        <YAxis tickFormatter={shortMoney} width={64} />
        <Tooltip formatter={(value) => formatMoney(Number(value))} />
        <Legend />
        <Bar
          dataKey="services"
          name="Servicios"
          stackId="day"
          fill="#0e6b5e"
          isAnimationActive={false}
        />
        <Bar
          dataKey="products"
          name="Productos"
          stackId="day"
          fill="#7cb7ad"
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFrame>
  );
}
