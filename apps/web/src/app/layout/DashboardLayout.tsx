import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Button, ConfigProvider, Layout, Spin } from 'antd';
import esES from 'antd/locale/es_ES';
import {
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ShopOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { systemRoutes, type Privileges } from '@clinica/domain';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { AfterPaint, usePainted } from '../../shared/AfterPaint';
import { setBranchTimeZone, timeZoneName } from '../../shared/format';
import { photoUrl } from '../../shared/people';
import { navigationFor } from '../navigation';
import { queryClient } from '../queryClient';
import { theme } from '../theme';
import { useFocusOnNavigation } from './useFocusOnNavigation';
import { useSession } from '../../shared/session/hooks';
import type { AccountModal } from './AccountModalsHost';
import { switchesBranch } from './branchSwitch';
import { Breadcrumbs } from './Breadcrumbs';
import { CHECK_IN_KEY } from './shellLinks';
import { IdleGuard } from './IdleGuard';
import './DashboardLayout.css';

export { posLink } from './shellLinks';

// The shell paints its frame, the branch and the user first; its menus, the branch switcher and
// the account dialogs (antd's Menu, Dropdown, Drawer, Form) load after that first paint.
const ShellMenu = lazy(async () => ({ default: (await import('./ShellMenu')).ShellMenu }));
const ShellDrawer = lazy(async () => ({ default: (await import('./ShellDrawer')).ShellDrawer }));
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu')).UserMenu }));
const BranchSwitcher = lazy(async () => ({
  default: (await import('./BranchSwitcher')).BranchSwitcher,
}));
const AccountModals = lazy(async () => ({
  default: (await import('./AccountModalsHost')).AccountModals,
}));

/** Below antd's `lg` breakpoint (992 px) the menu is a drawer; known from the first render. */
const COMPACT = '(max-width: 991.98px)';
function useCompact(): boolean {
  return useSyncExternalStore(
    (change) => {
      const query = window.matchMedia(COMPACT);
      query.addEventListener('change', change);
      return () => query.removeEventListener('change', change);
    },
    () => window.matchMedia(COMPACT).matches,
  );
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
  const painted = usePainted();
  const [collapsed, setCollapsed] = useState(false);
  // Below 992 px (tablets at the front desk, phones) the menu is a drawer over the page rather
  // than a rail squeezing it; a pick or a navigation closes it.
  const compact = useCompact();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  useEffect(() => setDrawerOpen(false), [location.pathname, compact]);
  const [modal, setModal] = useState<AccountModal | null>(null);
  const [modalUsed, setModalUsed] = useState(false);
  // A click on the user's or the branch's button before its menu's code arrived opens it then.
  const [early, setEarly] = useState<'user' | 'branch' | null>(null);
  const config = useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => callApi(systemRoutes.config, { signal }).then((answer) => answer.data),
    staleTime: Infinity,
    meta: { silent: true },
    enabled: painted,
  });

  const privileges = (session?.user.privileges ?? {}) as Privileges;
  const groups = useMemo(() => navigationFor(privileges), [privileges]);

  if (!session) return null;
  const { user } = session;
  const openModal = (next: AccountModal) => {
    setModalUsed(true);
    setModal(next);
  };

  const selected = groups
    .flatMap((group) => group.items)
    // '/dashboard/aparatos' must not light up inside '/dashboard/aparatos-sucursal'.
    .filter(
      (item) => location.pathname === item.path || location.pathname.startsWith(`${item.path}/`),
    )
    .map((item) => item.path);

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
  // The menu's code loads when the rail or the drawer first shows it (a phone's first paint
  // does not wait for it: its drawer is closed).
  const navigation = (
    <nav aria-label="Menú principal">
      <Suspense fallback={null}>
        <ShellMenu
          groups={groups}
          selected={selected}
          posUrl={config.data?.posUrl ?? null}
          token={session.token}
          onPick={(key) => {
            setDrawerOpen(false);
            if (key === CHECK_IN_KEY) openModal('check-in');
          }}
        />
      </Suspense>
    </nav>
  );
  const menuShown = compact ? drawerOpen : !collapsed;
  const switches = switchesBranch(user.role);
  // What the branch switcher shows until its code arrives: the same button, idle.
  const switchPlaceholder = (
    <Button
      type="text"
      size="small"
      icon={<SwapOutlined />}
      aria-label="Cambiar de sucursal"
      className="shell__branch-switch"
      onClick={() => setEarly('branch')}
    >
      <span className="shell__branch-switch-text">Cambiar</span>
    </Button>
  );
  const userButton = (
    <button type="button" className="shell__user" onClick={() => setEarly('user')}>
      {/* As antd's Avatar drew it (its module brings Popover and Tooltip along). */}
      <span className="shell__avatar" aria-hidden="true">
        {user.photo ? <img src={photoUrl(user.photo)} alt="" /> : <UserOutlined />}
      </span>
      <span className="visually-hidden">Menú de usuario: </span>
      <span className="shell__user-text">
        <span className="shell__user-name">{user.fullname}</span>
        <span className="shell__user-role">{user.role}</span>
      </span>
    </button>
  );

  return (
    <Layout className="shell">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      {compact ? (
        drawerUsed && (
          <Suspense fallback={null}>
            <ShellDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
              {brand(false)}
              {navigation}
            </ShellDrawer>
          </Suspense>
        )
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
              onClick={() => {
                if (!compact) return setCollapsed((value) => !value);
                setDrawerUsed(true);
                setDrawerOpen((open) => !open);
              }}
              aria-label={menuShown ? 'Ocultar menú' : 'Mostrar menú'}
              aria-expanded={menuShown}
            />
            <ShopOutlined style={{ color: '#0f766e', fontSize: 18 }} aria-hidden="true" />
            <span className="shell__branch-name" data-testid="branch-name">
              {user.branch.toUpperCase()}
            </span>
            {switches && (
              <AfterPaint fallback={switchPlaceholder}>
                <BranchSwitcher defaultOpen={early === 'branch'} />
              </AfterPaint>
            )}
          </div>
          <AfterPaint fallback={userButton}>
            <UserMenu onOpenModal={openModal} defaultOpen={early === 'user'}>
              {userButton}
            </UserMenu>
          </AfterPaint>
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
      {modalUsed && (
        <Suspense fallback={null}>
          <AccountModals open={modal} onClose={() => setModal(null)} />
        </Suspense>
      )}
      <IdleGuard />
    </Layout>
  );
}
