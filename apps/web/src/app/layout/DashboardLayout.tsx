import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import {
  Avatar,
  Button,
  ConfigProvider,
  Drawer,
  Dropdown,
  Grid,
  Layout,
  Menu,
  Spin,
  type MenuProps,
} from 'antd';
import esES from 'antd/locale/es_ES';
import {
  KeyOutlined,
  LockOutlined,
  LoginOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { systemRoutes, type Privileges } from '@clinica/domain';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { setBranchTimeZone, timeZoneName } from '../../shared/format';
import { initialsOf, photoUrl } from '../../shared/people';
import { navigationFor } from '../navigation';
import { queryClient } from '../queryClient';
import { theme } from '../theme';
import { focusMenuOf, preventKeyThrough } from '../../shared/focusMenu';
import { useFocusOnNavigation } from './useFocusOnNavigation';
import { signOut, useSession } from '../../shared/session/hooks';
import { AccountModals, type AccountModal } from './AccountModalsHost';
import { Breadcrumbs } from './Breadcrumbs';
import { BranchSwitcher } from './BranchSwitcher';
import { IdleGuard } from './IdleGuard';
import './DashboardLayout.css';

const CHECK_IN_KEY = 'action:check-in';
const POS_KEY = 'action:pos';

/** The point of sale opens in a new tab with the session's token (spec 000 §2). */
export function posLink(posUrl: string, token: string): string {
  const url = new URL(posUrl, window.location.origin);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The signed-in area: antd's theme and Spanish locale, its query cache, the shell. */
export function DashboardLayout() {
  return (
    <ConfigProvider locale={esES} theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
    </ConfigProvider>
  );
}

function Shell() {
  const session = useSession();
  // Dates on every screen are shown in the signed-in branch's time zone (set before children render).
  setBranchTimeZone(session?.user.zone);
  const location = useLocation();
  useFocusOnNavigation();
  const [collapsed, setCollapsed] = useState(false);
  // Below 992 px (tablets at the front desk, phones) the menu is a drawer over the page rather
  // than a rail squeezing it; a pick or a navigation closes it.
  const screens = Grid.useBreakpoint();
  const compact = screens.lg === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [location.pathname, compact]);
  const [modal, setModal] = useState<AccountModal | null>(null);
  const config = useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => callApi(systemRoutes.config, { signal }).then((answer) => answer.data),
    staleTime: Infinity,
    meta: { silent: true },
  });

  const privileges = (session?.user.privileges ?? {}) as Privileges;
  const groups = useMemo(() => navigationFor(privileges), [privileges]);

  if (!session) return null;
  const { user } = session;
  const posUrl = config.data?.posUrl ?? null;

  const menuItems: NonNullable<MenuProps['items']> = [
    ...groups.flatMap((group): NonNullable<MenuProps['items']> => {
      const items = group.items.map((item) => ({
        key: item.path,
        icon: item.icon,
        label: <Link to={item.path}>{item.label}</Link>,
      }));
      return group.label
        ? [{ type: 'group', key: `group:${group.label}`, label: group.label, children: items }]
        : items;
    }),
    { type: 'divider' as const },
    { key: CHECK_IN_KEY, icon: <LoginOutlined />, label: 'Registrar Entrada' },
    ...(posUrl
      ? [
          {
            key: POS_KEY,
            icon: <ShopOutlined />,
            label: (
              <a href={posLink(posUrl, session.token)} target="_blank" rel="noopener noreferrer">
                Punto de venta
                <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
              </a>
            ),
          },
        ]
      : []),
  ];

  const selected = groups
    .flatMap((group) => group.items)
    // '/dashboard/aparatos' must not light up inside '/dashboard/aparatos-sucursal'.
    .filter(
      (item) => location.pathname === item.path || location.pathname.startsWith(`${item.path}/`),
    )
    .map((item) => item.path);

  const userMenu: MenuProps['items'] = [
    { key: 'password', icon: <LockOutlined />, label: 'Cambiar Contraseña' },
    { key: 'pin', icon: <KeyOutlined />, label: 'Cambiar Pin' },
    { type: 'divider' },
    { key: 'signout', icon: <LogoutOutlined />, label: 'Cerrar Sesión', danger: true },
  ];

  const brand = (short: boolean) => (
    <div className="shell__brand">
      <span className="shell__brand-mark" aria-hidden="true">
        <svg width="18" height="18" viewBox="0 0 64 64">
          <path d="M27 8h10v19h19v10H37v19H27V37H8V27h19z" fill="#fff" />
        </svg>
      </span>
      {!short && <span>Clínica Estética</span>}
    </div>
  );
  const navigation = (
    <nav aria-label="Menú principal">
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={selected}
        items={menuItems}
        onClick={({ key }) => {
          setDrawerOpen(false);
          if (key === CHECK_IN_KEY) setModal('check-in');
        }}
      />
    </nav>
  );
  const menuShown = compact ? drawerOpen : !collapsed;

  return (
    <Layout className="shell">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      {compact ? (
        <Drawer
          className="shell__drawer"
          aria-label="Menú"
          placement="left"
          size={280}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          title={null}
          styles={{ body: { padding: 0 } }}
        >
          {brand(false)}
          {navigation}
        </Drawer>
      ) : (
        <Layout.Sider
          className="shell__sider"
          width={248}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          trigger={null}
        >
          {brand(collapsed)}
          {navigation}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="shell__header">
          <div className="shell__branch">
            <Button
              type="text"
              icon={menuShown ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
              onClick={() =>
                compact ? setDrawerOpen((open) => !open) : setCollapsed((value) => !value)
              }
              aria-label={menuShown ? 'Ocultar menú' : 'Mostrar menú'}
              aria-expanded={menuShown}
            />
            <ShopOutlined style={{ color: '#0f766e', fontSize: 18 }} aria-hidden="true" />
            <span className="shell__branch-name" data-testid="branch-name">
              {user.branch.toUpperCase()}
            </span>
            <BranchSwitcher />
          </div>
          <Dropdown
            trigger={['click']}
            rootClassName="user-menu"
            onOpenChange={(open) => open && focusMenuOf('user-menu')}
            placement="bottomRight"
            menu={{
              items: userMenu,
              onClick: ({ key, domEvent }) => {
                preventKeyThrough(domEvent);
                if (key === 'signout') void signOut();
                else setModal(key as AccountModal);
              },
            }}
          >
            <button type="button" className="shell__user">
              <Avatar
                aria-hidden="true"
                size={40}
                src={user.photo ? photoUrl(user.photo) : undefined}
                icon={user.photo ? undefined : <UserOutlined />}
                style={{ background: '#0f766e' }}
                alt=""
              >
                {user.photo ? undefined : initialsOf(user.fullname)}
              </Avatar>
              <span className="visually-hidden">Menú de usuario: </span>
              <span className="shell__user-text">
                <span className="shell__user-name">{user.fullname}</span>
                <span className="shell__user-role">{user.role}</span>
              </span>
            </button>
          </Dropdown>
        </Layout.Header>
        {/* A plain box: antd's Content is a <main>, and the page has one (its own, below). */}
        <div className="shell__content">
          <main id="contenido" className="shell__page" tabIndex={-1}>
            <Breadcrumbs />
            <Suspense fallback={<Spin size="large" />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        <Layout.Footer className="shell__footer">
          © {new Date().getFullYear()} Clínica Estética · {user.branch} · {timeZoneName()}
        </Layout.Footer>
      </Layout>
      <AccountModals open={modal} onClose={() => setModal(null)} />
      <IdleGuard />
    </Layout>
  );
}
