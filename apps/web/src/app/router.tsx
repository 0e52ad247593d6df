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

const lazyPage = (page: LazyPage) => async () => ({ Component: await page() });

/** A section that needs a privilege on its resource; the guard loads with the dashboard's code. */
const guardedBy = (resource: Resource) => async () => {
  const { RequirePrivilege } = await import('./layout/RequirePrivilege');
  return { Component: () => <RequirePrivilege resource={resource} /> };
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
    ...(feature.privilege ? { lazy: guardedBy(feature.privilege) } : {}),
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
            lazy: async () => ({
              Component: (await import('./layout/DashboardLayout')).DashboardLayout,
            }),
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

export const router = createBrowserRouter(routes);
