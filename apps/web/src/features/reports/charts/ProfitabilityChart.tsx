import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../shared/format';
import { MONTH_TITLES } from '../cells';
import type { ChartProps } from '../types';
import { ChartFrame, shortMoney } from './ChartFrame';

/**
 * Profitability by month: income and expenses as bars, the balance as a line, shown as its
 * absolute value as the table does (CONTRACT §14); a month whose expenses pass its income shows
 * it in its bars.
 */

interface MonthsAndTotal {
  months: number[];
  total: number;
}

export default function ProfitabilityChart({ rows, answerTotals }: ChartProps) {
  const totals = answerTotals as {
    income: MonthsAndTotal;
    expenses: MonthsAndTotal;
    balance: MonthsAndTotal;
  };
  // Filtered by type, only that type's bars; the balance needs both.
  const types = new Set(rows.map((row) => row.type));
  const both = types.has('income') && types.has('expenses');
  const data = MONTH_TITLES.map((title, index) => ({
    label: title.slice(0, 3),
    income: totals.income.months[index] ?? 0,
    expenses: totals.expenses.months[index] ?? 0,
    balance: Math.abs(totals.balance.months[index] ?? 0),
  }));
  return (
    <ChartFrame
      title={
        both
          ? 'Ingresos, gastos y balance por mes'
          : types.has('income')
            ? 'Ingresos por mes'
            : 'Gastos por mes'
      }
      summary={`Ingresos ${formatMoney(totals.income.total)}, gastos ${formatMoney(totals.expenses.total)} en el año.`}
    >
      <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} />
        <YAxis tickFormatter={shortMoney} width={64} />
        <Tooltip formatter={(value) => formatMoney(Number(value))} />
        <Legend />
        {types.has('income') && (
          <Bar dataKey="income" name="Ingresos" fill="#389e0d" isAnimationActive={false} />
        )}
        {types.has('expenses') && (
          <Bar dataKey="expenses" name="Gastos" fill="#cf1322" isAnimationActive={false} />
        )}
        {both && (
          <Line
            dataKey="balance"
            name="Balance"
            stroke="#0e3b6b"
            strokeWidth={2}
            isAnimationActive={false}
          />
        )}
      </ComposedChart>
    </ChartFrame>
  );
}
