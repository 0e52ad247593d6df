import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { treatmentRoutes } from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { NavItem } from '../../app/navigation';
import { formatDateTime, formatMoney } from '../../shared/format';
import { fullNameOf } from '../../shared/people';
// The lookups' files one by one: the barrel would load every lookup's routes with the home.
import { useBranchScope } from '../../shared/lookups/branches';
import { useTreatmentTypes } from '../../shared/lookups/catalogue';
import { useRecentLog } from '../../shared/lookups/organization';
import { actionTone, actionLabel } from '../../shared/auditActions';
import { ToneTag } from '../../shared/Tone';
import { usePrivileges } from '../../shared/session/hooks';
import { BranchChooser } from './BranchChooser';
import { HomeDay } from './HomeDay';

/**
 * A card as antd's Card draws it (title, optional link at its right, body), in plain markup: the
 * home's cards need none of antd's code or its run-time styles (HomePage.css).
 */
function Card({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="home__card">
      <div className="home__card-head">
        <div className="home__card-title">{title}</div>
        {extra}
      </div>
      <div className="home__card-body">{children}</div>
    </div>
  );
}

/** Grey bars while a card's list loads, as antd's Skeleton drew them. */
function Skeleton({ rows }: { rows: number }) {
  return (
    <div className="home__skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} />
      ))}
    </div>
  );
}

/** A list's entry: title and description at the left, `extra` at the right (antd's List.Item). */
function Item({
  title,
  description,
  extra,
}: {
  title: ReactNode;
  description: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <li className="home__item">
      <div>
        <div className="home__item-title">{title}</div>
        <div className="home__item-description">{description}</div>
      </div>
      {extra}
    </li>
  );
}

/** The treatment type a clinical role performs (TREATMENT_TYPES), by the role's name. */
const TYPE_OF_ROLE: Record<string, string> = { Médico: 'Médico', Cosmetóloga: 'Cosmetóloga' };

/**
 * For the clinical staff: the treatments they perform, with their duration and price, so the
 * start page answers what a patient asks them. Others see the catalogue's first ones.
 */
function TreatmentsAtHand({ role }: { role: string }) {
  const types = useTreatmentTypes();
  const typeName = TYPE_OF_ROLE[role];
  const typeId = typeName
    ? (types.data?.find((type) => type.name === typeName)?.id ?? null)
    : undefined;
  const treatments = useQuery({
    queryKey: ['treatment', 'home', typeId ?? 'all'],
    queryFn: ({ signal }) =>
      callApi(treatmentRoutes.list, {
        query: {
          take: 8,
          status: 1,
          field: 'name',
          order: 'ASC',
          ...(typeId ? { treatmentTypeId: typeId } : {}),
        },
        signal,
      }).then((answer) => answer.data),
    enabled: typeId !== null || !types.isPending,
  });
  const title = typeName ? `Tus tratamientos (${typeName})` : 'Tratamientos';
  return (
    <Card title={title} extra={<Link to="/dashboard/tratamientos">Ver catálogo</Link>}>
      {treatments.isPending ? (
        <Skeleton rows={4} />
      ) : (treatments.data?.items.length ?? 0) === 0 ? (
        <p className="home__empty">Sin tratamientos activos</p>
      ) : (
        <ul className="home__list">
          {(treatments.data?.items ?? []).map((treatment) => (
            <Item
              key={treatment.id}
              extra={<strong>{formatMoney(treatment.price)}</strong>}
              title={treatment.name}
              description={
                <>
                  {treatment.termLabel}
                  {treatment.areas.length > 0
                    ? ` · ${treatment.areas.map((area) => area.name).join(', ')}`
                    : ''}
                </>
              }
            />
          ))}
        </ul>
      )}
      {(treatments.data?.meta.itemCount ?? 0) > (treatments.data?.items.length ?? 0) && (
        <p className="home__note">{treatments.data?.meta.itemCount} tratamientos en total.</p>
      )}
    </Card>
  );
}

function RecentActivity() {
  const recent = useRecentLog(6);
  if (recent.isLoading) return <Skeleton rows={5} />;
  const items = recent.data?.items ?? [];
  if (items.length === 0) return <p className="home__empty">Sin movimientos todavía</p>;
  return (
    <ul className="home__list">
      {items.map((entry) => (
        <Item
          key={entry.id}
          title={
            <span className="home__item-tags">
              <ToneTag tone={actionTone(entry.action)}>{actionLabel(entry.action)}</ToneTag>
              <span>
                {entry.module.name}
                {entry.recordName ? ` · ${entry.recordName}` : ''}
              </span>
            </span>
          }
          description={
            <>
              {entry.user ? fullNameOf(entry.user) : 'Sistema'} · {formatDateTime(entry.created_at)}
              {entry.branch ? ` · ${entry.branch.name}` : ''}
            </>
          }
        />
      ))}
    </ul>
  );
}

/**
 * The home's cards below its greeting: shortcuts, recent activity or the treatments at hand, and
 * the screens this user can open. Loaded after the greeting's first paint.
 */
export function HomeWidgets({
  shortcuts,
  access,
  showsActivity,
  role,
}: {
  shortcuts: NavItem[];
  access: [string, string[]][];
  showsActivity: boolean;
  role: string;
}) {
  // Who sees no activity feed (the clinical staff) sees the treatments they perform instead.
  // Decided here, not in the page: the treatments' routes (the domain's catalogue, 3 files)
  // would otherwise be on the greeting's first paint (issue 24).
  const { canCall } = usePrivileges();
  const showsTreatments = !showsActivity && canCall(treatmentRoutes.list);
  // A fixed role sees its branch; a chain role the chain, or the branch it chooses.
  const scope = useBranchScope();
  const [params, setParams] = useSearchParams();
  const chosen = scope.fixed ? scope.branchId : Number(params.get('sucursal')) || null;
  const chooser = scope.fixed ? null : (
    <BranchChooser
      value={chosen}
      onChange={(branchId) => setParams(branchId ? { sucursal: String(branchId) } : {})}
    />
  );
  return (
    <>
      <HomeDay key={chosen ?? 'chain'} branchId={chosen} chooser={chooser} />
      <div className="home__grid">
        <div className="home__column">
          {shortcuts.length > 0 && (
            <Card title="Accesos rápidos">
              <nav className="home__shortcuts" aria-label="Accesos rápidos">
                {shortcuts.map((item) => (
                  <Link key={item.path} to={item.path} className="home__shortcut">
                    <span className="home__shortcut-icon" aria-hidden="true">
                      {item.icon}
                    </span>
                    <div>
                      <strong>{item.label}</strong>
                      <span>{item.description}</span>
                    </div>
                  </Link>
                ))}
              </nav>
            </Card>
          )}
          {showsActivity && (
            <Card
              title="Actividad reciente"
              extra={<Link to="/dashboard/historial">Ver historial</Link>}
            >
              <RecentActivity />
            </Card>
          )}
          {showsTreatments && <TreatmentsAtHand role={role} />}
        </div>
        <Card title="Tu acceso">
          {access.length === 0 ? (
            <p className="home__text">
              Tu rol todavía no tiene pantallas asignadas; pide acceso a tu administrador.
            </p>
          ) : (
            <div className="home__access">
              {access.map(([group, names]) => (
                <div key={group}>
                  <strong>{group}</strong>
                  <div className="home__tags">
                    {names.map((name) => (
                      <span key={name} className="home__tag">
                        {name}
                      </span>
                    ))}
                  </div>
                </div>
              ))}
            </div>
          )}
        </Card>
      </div>
    </>
  );
}
