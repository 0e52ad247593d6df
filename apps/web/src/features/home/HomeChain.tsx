import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Action, HomeAnswer, HomeSection, Resource } from '@clinica/domain';
import { formatNumber } from '../../shared/format';
import { homeLinks } from './homeLinks';
import { Bars, DayCard, GoalBar, money } from './DayParts';

/**
 * The chain's day for its roles (issue 28): a compact row per branch (appointments, sales against
 * the goal, stock to look at, the closing), each figure linking to its screen on that branch and
 * day, and the month's sales by branch as bars. A branch is opened in full with `chooser`.
 */
export function HomeChain({
  data,
  sections,
  chooser,
  can,
}: {
  data: HomeAnswer | undefined;
  sections: Record<HomeSection, boolean>;
  chooser: ReactNode;
  can: (resource: Resource, action: Action) => boolean;
}) {
  const rows = data?.branches ?? [];
  const clinics = rows.filter((row) => !row.distributionCenter);
  const byMonth = [...clinics].sort((a, b) => (b.sales?.month ?? 0) - (a.sales?.month ?? 0));
  const top = Math.max(1, ...byMonth.map((row) => row.sales?.month ?? 0));
  const cell = (to: string | null, text: ReactNode) => (to ? <Link to={to}>{text}</Link> : text);
  return (
    <section className="home-day" aria-labelledby="home-day-title">
      <div className="home-day__head">
        <h2 id="home-day-title" className="home-day__title">
          Hoy en la cadena
        </h2>
        {chooser}
      </div>
      <DayCard title="Sucursales">
        {!data ? (
          <Bars />
        ) : (
          <div className="home-day__scroll" tabIndex={0} role="region" aria-label="Sucursales hoy">
            <table className="home-day__table">
              <thead>
                <tr>
                  <th scope="col">Sucursal</th>
                  {sections.appointments && <th scope="col">Citas hoy</th>}
                  {sections.sales && <th scope="col">Vendido hoy</th>}
                  {sections.sales && <th scope="col">Mes contra meta</th>}
                  {sections.stock && <th scope="col">Lotes por caducar</th>}
                  {sections.stock && <th scope="col">Bajo mínimo</th>}
                  {sections.closing && <th scope="col">Corte</th>}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const links = homeLinks(can, row.branch.id, row.day);
                  const dash = <span className="home-day__muted">—</span>;
                  return (
                    <tr key={row.branch.id}>
                      <th scope="row">{row.branch.name}</th>
                      {sections.appointments && (
                        <td>
                          {row.appointments
                            ? cell(
                                links.agenda,
                                `${formatNumber(row.appointments.total)} (${formatNumber(row.appointments.scheduled)} por atender)`,
                              )
                            : dash}
                        </td>
                      )}
                      {sections.sales && (
                        <td className="home-day__amount">
                          {row.sales
                            ? cell(links.sales ?? links.dailySales, money(row.sales.today))
                            : dash}
                        </td>
                      )}
                      {sections.sales && (
                        <td className="home-day__goal-cell">
                          {row.sales ? (
                            <GoalBar
                              sales={row.sales}
                              label={`Avance de la meta del mes de ${row.branch.name}`}
                            />
                          ) : (
                            dash
                          )}
                        </td>
                      )}
                      {sections.stock && (
                        <td>
                          {row.stock
                            ? cell(links.expiring, formatNumber(row.stock.expiring))
                            : dash}
                        </td>
                      )}
                      {sections.stock && (
                        <td>
                          {row.stock
                            ? cell(links.belowMin, formatNumber(row.stock.belowMin))
                            : dash}
                        </td>
                      )}
                      {sections.closing && (
                        <td>
                          {row.closing
                            ? cell(
                                links.closings,
                                row.closing.closed ? `Cerrado (${row.closing.user})` : 'Abierto',
                              )
                            : dash}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </DayCard>
      {sections.sales && (
        <DayCard
          title="Ventas del mes por sucursal"
          link={can('reports', 'view') ? '/dashboard/reportes?reporte=daily-sales' : null}
          linkText="Ver reporte"
        >
          {!data ? (
            <Bars />
          ) : (
            <ul className="home-day__month">
              {byMonth.map((row) => (
                <li key={row.branch.id}>
                  <span className="home-day__month-name">{row.branch.name}</span>
                  <span className="home-day__month-bar" aria-hidden="true">
                    <span style={{ width: `${((row.sales?.month ?? 0) / top) * 100}%` }} />
                  </span>
                  <span className="home-day__amount">{money(row.sales?.month ?? 0)}</span>
                </li>
              ))}
            </ul>
          )}
        </DayCard>
      )}
    </section>
  );
}
