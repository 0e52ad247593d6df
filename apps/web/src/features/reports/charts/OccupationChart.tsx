import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { OCCUPATION_BANDS } from '@clinica/domain';
import type { ChartProps } from '../types';
import { ChartFrame } from './ChartFrame';

/**
 * The occupation by branch: each branch's confirmation percentage as a bar in its band's colour
 * (red under 50, yellow 50–69.99, green from 70, as the API's `color`), the two bounds drawn.
 */

export const BAND_COLORS: Record<string, string> = {
  red: '#d4380d',
  yellow: '#d4a106',
  green: '#389e0d',
};

interface OccupationRow {
  branch: { name: string };
  percentage: number;
  color: string;
}

export default function OccupationChart({ rows }: ChartProps) {
  const data = (rows as unknown as OccupationRow[]).map((row) => ({
    name: row.branch.name,
    percentage: row.percentage,
    color: row.color,
  }));
  const low = data.filter((row) => row.color === 'red').length;
  return (
    <ChartFrame
      title="Porcentaje de confirmación por sucursal"
      summary={`${data.length} sucursales; ${low} por debajo de ${OCCUPATION_BANDS.yellow} %.`}
    >
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" interval={0} tick={{ fontSize: 11 }} />
        <YAxis domain={[0, 100]} unit=" %" width={56} />
        <Tooltip formatter={(value) => [`${Number(value).toFixed(2)} %`, 'Confirmación']} />
        <ReferenceLine
          y={OCCUPATION_BANDS.yellow}
          stroke={BAND_COLORS.yellow}
          strokeDasharray="4 4"
        />
        <ReferenceLine
          y={OCCUPATION_BANDS.green}
          stroke={BAND_COLORS.green}
          strokeDasharray="4 4"
        />
        <Bar dataKey="percentage" name="Confirmación" maxBarSize={72} isAnimationActive={false}>
          {data.map((row) => (
            <Cell key={row.name} fill={BAND_COLORS[row.color] ?? '#8c8c8c'} />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}
