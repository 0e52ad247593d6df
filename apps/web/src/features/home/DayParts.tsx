import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { HomeBranch } from '@clinica/domain';
import { formatMoney, formatNumber } from '../../shared/format';

/**
 * The small pieces of the home's day (issue 28): a figure that links to its screen, the goal's
 * progress as a plain bar (no chart library on the home), and the appointments' status counts.
 */

/** A figure and its label; a link to its screen when the user may open it. */
export function Figure({
  value,
  label,
  to,
  tone,
}: {
  value: ReactNode;
  label: string;
  to: string | null;
  tone?: 'alert' | 'ok';
}) {
  const body = (
    <>
      <strong className="home-day__value">{value}</strong>
      <span className="home-day__label">{label}</span>
    </>
  );
  const className = `home-day__figure${tone ? ` home-day__figure--${tone}` : ''}`;
  return to ? (
    <Link to={to} className={className}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

/** The month's sales against its goal: a bar as wide as the percentage (full past 100 %). */
export function GoalBar({
  sales,
  label,
}: {
  sales: NonNullable<HomeBranch['sales']>;
  label: string;
}) {
  if (sales.goal === null || sales.percentage === null)
    return <p className="home-day__muted">Sin meta para este mes</p>;
  const width = Math.min(Math.max(sales.percentage, 0), 100);
  return (
    <div className="home-day__goal">
      <div
        className="home-day__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width)}
        aria-valuetext={`${sales.percentage.toFixed(2)} %`}
      >
        <span
          className={`home-day__fill${sales.percentage >= 100 ? ' home-day__fill--done' : ''}`}
          style={{ width: `${width}%` }}
        />
      </div>
      <span className="home-day__percent">{sales.percentage.toFixed(1)} %</span>
    </div>
  );
}

/** The day's counts by status, in the agenda's order, named as counts. */
const STATUS_COUNT_LABELS = {
  scheduled: 'Agendadas',
  inProcess: 'En proceso',
  finished: 'Terminadas',
  absence: 'Inasistencias',
  cancelled: 'Canceladas',
} as const;
const STATUS_ORDER = Object.keys(STATUS_COUNT_LABELS) as (keyof typeof STATUS_COUNT_LABELS)[];

/** The day's appointments by status, each count a link to the agenda of that day. */
export function StatusCounts({
  counts,
  to,
}: {
  counts: NonNullable<HomeBranch['appointments']>;
  to: string | null;
}) {
  return (
    <div className="home-day__statuses">
      {STATUS_ORDER.map((status) => (
        <Figure
          key={status}
          value={formatNumber(counts[status])}
          label={STATUS_COUNT_LABELS[status]}
          to={to}
        />
      ))}
    </div>
  );
}

export const money = (value: number) => formatMoney(value);

/** A card of the day: title, an optional link at its right, its body. */
export function DayCard({
  title,
  link,
  linkText,
  tall,
  children,
}: {
  title: string;
  link?: string | null;
  linkText?: string;
  tall?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`home__card home-day__card${tall ? ' home-day__card--tall' : ''}`}>
      <div className="home__card-head">
        <h3 className="home__card-title">{title}</h3>
        {link && (
          <Link to={link} aria-label={`${linkText}: ${title}`}>
            {linkText}
          </Link>
        )}
      </div>
      <div className="home-day__body">{children}</div>
    </div>
  );
}

/** Grey bars where the figures will be, while they load. */
export function Bars() {
  return (
    <div className="home__skeleton" role="status" aria-busy="true" aria-label="Cargando">
      <span />
      <span />
      <span />
    </div>
  );
}
