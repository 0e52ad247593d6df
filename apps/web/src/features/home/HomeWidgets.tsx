import { Link } from 'react-router';
import { Card, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { treatmentRoutes } from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { NavItem } from '../../app/navigation';
import { formatDateTime, formatMoney } from '../../shared/format';
import { fullNameOf } from '../../shared/people';
import { useRecentLog, useTreatmentTypes } from '../../shared/lookups';
import { actionTone, actionLabel } from '../../shared/auditLabels';
import { ToneTag } from '../../shared/Tone';

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
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (treatments.data?.items.length ?? 0) === 0 ? (
        <Empty description="Sin tratamientos activos" />
      ) : (
        <List
          dataSource={treatments.data?.items ?? []}
          renderItem={(treatment) => (
            <List.Item key={treatment.id} extra={<strong>{formatMoney(treatment.price)}</strong>}>
              <List.Item.Meta
                title={treatment.name}
                description={
                  <span style={{ color: '#51605f' }}>
                    {treatment.termLabel}
                    {treatment.areas.length > 0
                      ? ` · ${treatment.areas.map((area) => area.name).join(', ')}`
                      : ''}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
      {(treatments.data?.meta.itemCount ?? 0) > (treatments.data?.items.length ?? 0) && (
        <Typography.Paragraph style={{ margin: '12px 0 0', color: '#51605f' }}>
          {treatments.data?.meta.itemCount} tratamientos en total.
        </Typography.Paragraph>
      )}
    </Card>
  );
}

function RecentActivity() {
  const recent = useRecentLog(6);
  if (recent.isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;
  const items = recent.data?.items ?? [];
  if (items.length === 0) return <Empty description="Sin movimientos todavía" />;
  return (
    <List
      dataSource={items}
      renderItem={(entry) => (
        <List.Item key={entry.id}>
          <List.Item.Meta
            title={
              <Flex gap={8} align="center" wrap>
                <ToneTag tone={actionTone(entry.action)}>{actionLabel(entry.action)}</ToneTag>
                <span>
                  {entry.module.name}
                  {entry.recordName ? ` · ${entry.recordName}` : ''}
                </span>
              </Flex>
            }
            description={
              <span style={{ color: '#51605f' }}>
                {entry.user ? fullNameOf(entry.user) : 'Sistema'} ·{' '}
                {formatDateTime(entry.created_at)}
                {entry.branch ? ` · ${entry.branch.name}` : ''}
              </span>
            }
          />
        </List.Item>
      )}
    />
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
  showsTreatments,
  role,
}: {
  shortcuts: NavItem[];
  access: [string, string[]][];
  showsActivity: boolean;
  showsTreatments: boolean;
  role: string;
}) {
  return (
    <div className="home__grid">
      <Flex vertical gap={16}>
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
      </Flex>
      <Card title="Tu acceso">
        {access.length === 0 ? (
          <Typography.Paragraph>
            Tu rol todavía no tiene pantallas asignadas; pide acceso a tu administrador.
          </Typography.Paragraph>
        ) : (
          <Flex vertical gap={14}>
            {access.map(([group, names]) => (
              <div key={group}>
                <Typography.Text strong>{group}</Typography.Text>
                <Flex wrap gap={6} style={{ marginTop: 6 }}>
                  {names.map((name) => (
                    <Tag key={name} style={{ margin: 0 }}>
                      {name}
                    </Tag>
                  ))}
                </Flex>
              </div>
            ))}
          </Flex>
        )}
      </Card>
    </div>
  );
}
