import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { Resource } from '@clinica/domain';
import type { FeatureDef, LazyPage } from '../shared/feature';
import { FEATURES, PUBLIC_SCREENS } from './features';
import { PublicOnly, RequireSession } from './guards';
import { RouteError } from './RouteError';
import { StartPathRedirect } from './StartPathRedirect';
import type { Crumb } from './crumbs';

/**
 * The routes, made from the features' declarations (`app/features.ts`). Every screen is its own
 * chunk: the sign-in screen loads none of the dashboard's code (measured by
 * scripts/size-check.mjs).
 */

const crumb = (value: Crumb) => ({ crumb: value });

const loadLayout = () => import('./layout/DashboardLayout');
const loadGuard = () => import('./layout/RequirePrivilege');

const lazyPage = (page: LazyPage) => async () => ({ Component: await page() });

/** A section that needs a privilege on its resource; the guard loads with the dashboard's code. */
const guardedBy = (resource: Resource, alsoBy?: Resource[]) => async () => {
  const { RequirePrivilege } = await loadGuard();
  return { Component: () => <RequirePrivilege resource={resource} alsoBy={alsoBy} /> };
};

/** A feature's section: its page at `path`, its form at `path/crear` and `path/{id}` (spec 000 §2). */
function featureRoute(feature: FeatureDef): RouteObject {
  const children: RouteObject[] = [{ index: true, lazy: lazyPage(feature.page) }];
  for (const screen of feature.screens ?? []) {
    children.push({ path: screen.path, handle: crumb(screen.crumb), lazy: lazyPage(screen.page) });
  }
  if (feature.record) {
    children.push({ path: ':id', handle: crumb('record'), lazy: lazyPage(feature.record) });
  }
  return {
    path: feature.path,
    handle: crumb(feature.label),
    ...(feature.privilege ? { lazy: guardedBy(feature.privilege, feature.openedAlsoBy) } : {}),
    children,
  };
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      {
        element: <PublicOnly />,
        children: PUBLIC_SCREENS.map((screen) => ({
          path: screen.path,
          lazy: lazyPage(screen.page),
        })),
      },
      {
        path: '/dashboard',
        element: <RequireSession />,
        children: [
          {
            lazy: async () => ({ Component: (await loadLayout()).DashboardLayout }),
            children: [
              { index: true, element: <StartPathRedirect /> },
              ...FEATURES.map(featureRoute),
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

/**
 * What the router loads, one after another, for the screen at `pathname`: the dashboard's
 * layout, the section's guard and the page. `/` and `/dashboard` lead to the start page, the
 * home for most roles. None for a public screen.
 */
export function chunksFor(pathname: string): (() => Promise<unknown>)[] {
  const path = pathname.replace(/\/+$/, '');
  if (path !== '' && path !== '/dashboard' && !path.startsWith('/dashboard/')) return [];
  const [section, rest] = path.slice('/dashboard/'.length).split('/');
  const feature = FEATURES.find((candidate) => candidate.path === (section || 'inicio'));
  const loads: (() => Promise<unknown>)[] = [loadLayout];
  if (feature?.privilege) loads.push(loadGuard);
  if (feature) {
    const screen = rest ? feature.screens?.find((candidate) => candidate.path === rest) : undefined;
    const page = !rest ? feature.page : (screen?.page ?? feature.record);
    if (page) loads.push(page);
  }
  return loads;
}

/**
 * Starts loading, all at once, the chunks the screen at `pathname` needs: the router would
 * otherwise ask for each only once the one before it has run (a waterfall of round trips before
 * the first paint on a phone); its own imports later find them loaded.
 */
export function preloadScreen(pathname: string): void {
  // A failed load is the router's to report when it asks for the same module.
  for (const load of chunksFor(pathname)) load().catch(() => undefined);
}

export const router = createBrowserRouter(routes);
