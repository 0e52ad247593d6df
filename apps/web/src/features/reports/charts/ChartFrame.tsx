import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

/**
 * A report's chart in a figure with its caption (what it shows, in words, for who cannot see
 * it); the table below holds the same figures. recharts loads with the chart's own chunk only.
 */
export function ChartFrame({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: ReactElement;
}) {
  return (
    <figure className="report-chart" aria-label={title}>
      <figcaption className="report-chart__title">
        {title}
        <span className="visually-hidden"> {summary}</span>
      </figcaption>
      <ResponsiveContainer width="100%" height={280}>
        {children}
      </ResponsiveContainer>
    </figure>
  );
}

/** `$1.2 M`, `$350 k`: a money axis's ticks, short enough for a phone. */
export function shortMoney(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `$${(value / 1_000_000).toFixed(1)} M`;
  if (abs >= 1_000) return `$${Math.round(value / 1_000)} k`;
  return `$${Math.round(value)}`;
}
