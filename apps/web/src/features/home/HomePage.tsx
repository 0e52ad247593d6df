import { Link } from 'react-router';
import { Card, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { RESOURCES, type Privileges, type Resource } from '@clinica/domain';
import { usePrivileges, useSession } from '../../shared/session/hooks';
import { navigationFor } from '../../app/navigation';
import { formatDateTime, formatLongDate, hourInBranch } from '../../shared/format';
import { fullNameOf } from '../../shared/people';
import { usePageTitle } from '../../shared/usePageTitle';
import { useRecentLog } from '../../shared/lookups';
import { actionTone, actionLabel } from '../../shared/auditLabels';
import { ToneTag } from '../../shared/Tone';
import './HomePage.css';

function greeting(hour: number): string {
  if (hour < 12) return 'Buenos días';
  if (hour < 19) return 'Buenas tardes';
  return 'Buenas noches';
}

function accessByGroup(privileges: Privileges): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const [key, actions] of Object.entries(privileges)) {
    const definition = RESOURCES[key as Resource];
    if (!definition || !actions || actions.length === 0) continue;
    groups.set(definition.group, [...(groups.get(definition.group) ?? []), definition.name]);
  }
  return [...groups.entries()];
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

/** `/dashboard/inicio`: who and where you are, where you can go, what happened lately. */
export function HomePage() {
  usePageTitle('Inicio');
  const session = useSession();
  const { privileges, can } = usePrivileges();
  if (!session) return null;
  const { user } = session;
  const shortcuts = navigationFor(privileges)
    .flatMap((group) => group.items)
    .filter((item) => item.key !== 'dashboard');
  const access = accessByGroup(privileges);
  const moduleCount = access.reduce((total, [, names]) => total + names.length, 0);

  return (
    <>
      <section className="home__hero" aria-labelledby="saludo">
        <h1 id="saludo" className="page-title" tabIndex={-1}>
          {greeting(hourInBranch())}, {user.fullname.split(' ')[0]}
        </h1>
        <p>{formatLongDate()}</p>
        <div className="home__facts">
          <div className="home__fact">
            Sucursal
            <strong>{user.branch}</strong>
          </div>
          <div className="home__fact">
            Rol
            <strong>{user.role}</strong>
          </div>
          <div className="home__fact">
            Acceso
            <strong>{moduleCount} módulos</strong>
          </div>
        </div>
      </section>
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
          {can('history', 'view') && (
            <Card
              title="Actividad reciente"
              extra={<Link to="/dashboard/historial">Ver historial</Link>}
            >
              <RecentActivity />
            </Card>
          )}
        </Flex>
        <Card title="Tu acceso">
          {access.length === 0 ? (
            <Typography.Paragraph>Tu rol todavía no tiene módulos asignados.</Typography.Paragraph>
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
    </>
  );
}
