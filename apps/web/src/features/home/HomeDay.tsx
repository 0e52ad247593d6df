import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { homeSectionsOf, type HomeAnswer, type HomeBranch } from '@clinica/domain';
import { usePrivileges } from '../../shared/session/hooks';
import { formatDateTime, formatLocalDate, formatNumber } from '../../shared/format';
import { fetchHome, homeKeys } from './api';
import { homeLinks, type HomeLinks } from './homeLinks';
import { Bars, DayCard, Figure, GoalBar, StatusCounts, money } from './DayParts';
import { HomeChain } from './HomeChain';
import './HomeDay.css';

/**
 * The home's picture of the day (issue 28), from `GET /report/home`: for one branch its
 * appointments, sales against the goal, stock to look at and cash closing; for a chain role
 * without a branch chosen, a compact row per branch (`HomeChain`). Each section only when the
 * role may open its screen (`homeSectionsOf`, the server's own rule); its frame is drawn at its
 * final size while the figures load, so nothing below moves.
 */
export function HomeDay({
  branchId,
  chooser,
}: {
  /** The branch shown in full; null: the chain's overview. */
  branchId: number | null;
  chooser: ReactNode;
}) {
  const { privileges, can } = usePrivileges();
  const sections = homeSectionsOf(privileges);
  const any = Object.values(sections).some(Boolean);
  const day = useQuery({
    queryKey: homeKeys.day(branchId),
    queryFn: ({ signal }) => fetchHome(branchId, signal),
    enabled: any,
  });
  if (!any) return null;
  if (day.isError)
    return (
      <section className="home-day" aria-label="Hoy">
        <p className="home-day__muted" role="alert">
          No se pudo cargar el resumen del día.
        </p>
      </section>
    );
  if (branchId === null)
    return <HomeChain data={day.data} sections={sections} chooser={chooser} can={can} />;
  const branch = day.data?.branches[0];
  const links = branch ? homeLinks(can, branch.branch.id, branch.day) : null;
  return (
    <section className="home-day" aria-labelledby="home-day-title">
      <div className="home-day__head">
        <h2 id="home-day-title" className="home-day__title">
          {branch ? `Hoy en ${branch.branch.name}` : 'Hoy'}
          {branch && <span className="home-day__date">{formatLocalDate(branch.day)}</span>}
        </h2>
        {chooser}
      </div>
      <div className="home-day__grid">
        {sections.appointments && (
          <DayCard title="Citas de hoy" link={links?.agenda} linkText="Ver agenda" tall>
            {branch?.appointments ? (
              <Appointments branch={branch} next={day.data?.next ?? []} links={links!} />
            ) : (
              <Bars />
            )}
          </DayCard>
        )}
        {sections.sales && (
          <DayCard title="Ventas" link={links?.sales ?? links?.dailySales} linkText="Ver ventas">
            {branch?.sales ? <Sales sales={branch.sales} links={links!} /> : <Bars />}
          </DayCard>
        )}
        {sections.stock && (
          <DayCard title="Inventario" link={links?.expiring} linkText="Ver inventario">
            {branch?.stock ? <Stock stock={branch.stock} links={links!} /> : <Bars />}
          </DayCard>
        )}
        {sections.closing && (
          <DayCard title="Corte de caja" link={links?.closings} linkText="Ver cortes">
            {branch?.closing ? <Closing closing={branch.closing} links={links!} /> : <Bars />}
          </DayCard>
        )}
      </div>
    </section>
  );
}

function Appointments({
  branch,
  next,
  links,
}: {
  branch: HomeBranch;
  next: NonNullable<HomeAnswer['next']>;
  links: HomeLinks;
}) {
  return (
    <>
      <StatusCounts counts={branch.appointments!} to={links.agenda} />
      <h4 className="home-day__subtitle">Próximas citas</h4>
      {next.length === 0 ? (
        <p className="home-day__muted">No quedan citas por atender hoy.</p>
      ) : (
        <ul className="home__list">
          {next.map((item) => (
            <li key={item.id} className="home-day__next">
              <span className="home-day__time">
                {item.startTime}–{item.endTime}
              </span>
              <span className="home-day__who">
                {links.agenda ? (
                  <Link to={links.agenda}>{item.customer.name}</Link>
                ) : (
                  item.customer.name
                )}
                <span className="home-day__muted">
                  {item.treatment || 'Sin tratamiento'} · {item.cabin.name}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Sales({ sales, links }: { sales: NonNullable<HomeBranch['sales']>; links: HomeLinks }) {
  return (
    <>
      <div className="home-day__figures">
        <Figure
          value={money(sales.today)}
          label="Vendido hoy"
          to={links.sales ?? links.dailySales}
        />
        <Figure value={money(sales.month)} label="En el mes" to={links.dailySales} />
        <Figure
          value={sales.goal === null ? '—' : money(sales.goal)}
          label="Meta del mes"
          to={links.goals}
        />
      </div>
      <GoalBar sales={sales} label="Avance de la meta del mes" />
      {sales.dailyGoal !== null && (
        <p className="home-day__muted">Meta diaria: {money(sales.dailyGoal)}</p>
      )}
    </>
  );
}

function Stock({ stock, links }: { stock: NonNullable<HomeBranch['stock']>; links: HomeLinks }) {
  return (
    <div className="home-day__figures">
      <Figure
        value={formatNumber(stock.expiring)}
        label={
          stock.expired > 0
            ? `Lotes caducan en 30 días (${formatNumber(stock.expired)} ya caducados)`
            : 'Lotes caducan en 30 días'
        }
        to={links.expiring}
        tone={stock.expiring > 0 ? 'alert' : 'ok'}
      />
      <Figure
        value={formatNumber(stock.belowMin)}
        label="Productos bajo su mínimo"
        to={links.belowMin}
        tone={stock.belowMin > 0 ? 'alert' : 'ok'}
      />
    </div>
  );
}

function Closing({
  closing,
  links,
}: {
  closing: NonNullable<HomeBranch['closing']>;
  links: HomeLinks;
}) {
  if (!closing.closed)
    return (
      <p className="home-day__closing">
        <span className="home-day__dot home-day__dot--open" aria-hidden="true" />
        Sin corte todavía.
        {links.closings && <Link to={links.closings}> Ir al corte de caja</Link>}
      </p>
    );
  return (
    <p className="home-day__closing">
      <span className="home-day__dot home-day__dot--closed" aria-hidden="true" />
      Cerrado por <strong>{closing.user}</strong> a las {formatDateTime(closing.closedAt, 'HH:mm')}
      {links.closings ? (
        <>
          {' · '}
          <Link to={links.closings}>{closing.folio}</Link>
        </>
      ) : (
        ` · ${closing.folio}`
      )}
    </p>
  );
}
