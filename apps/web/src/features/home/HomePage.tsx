import { lazy } from 'react';
import { usePrivileges, useSession } from '../../shared/session/hooks';
import { navigationFor, type NavGroup } from '../../app/navigation';
import { formatLongDate, hourInBranch } from '../../shared/format';
import { usePageTitle } from '../../shared/usePageTitle';
import { AfterPaint } from '../../shared/AfterPaint';
import { greeting } from '../../boot/boot';
import './HomePage.css';

// The cards (antd's Card, List, Tag) load after the greeting has painted.
const HomeWidgets = lazy(async () => ({ default: (await import('./HomeWidgets')).HomeWidgets }));

/**
 * The screens this user can open, by sidebar group: what exists for them, not every privilege of
 * their role (a medic's agenda privileges name screens this version does not have yet).
 */
function accessByGroup(navigation: NavGroup[]): [string, string[]][] {
  return navigation
    .map((group): [string, string[]] => [
      group.label ?? 'General',
      group.items.filter((item) => item.key !== 'dashboard').map((item) => item.label),
    ])
    .filter(([, names]) => names.length > 0);
}

/** `/dashboard/inicio`: who and where you are, where you can go, what happened lately. */
export function HomePage() {
  usePageTitle('Inicio');
  const session = useSession();
  const { privileges, can } = usePrivileges();
  if (!session) return null;
  const { user } = session;
  const navigation = navigationFor(privileges);
  const shortcuts = navigation
    .flatMap((group) => group.items)
    .filter((item) => item.key !== 'dashboard');
  const access = accessByGroup(navigation);
  const screenCount = shortcuts.length;

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
            <strong>{`${screenCount} ${screenCount === 1 ? 'pantalla' : 'pantallas'}`}</strong>
          </div>
        </div>
      </section>
      <AfterPaint fallback={<div className="home__pending" />}>
        <HomeWidgets
          shortcuts={shortcuts}
          access={access}
          showsActivity={can('history', 'view')}
          role={user.role}
        />
      </AfterPaint>
    </>
  );
}
