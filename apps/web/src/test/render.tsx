import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { NotificationHost } from '../shared/notify';

interface Options {
  /** Where the screen is mounted, e.g. '/dashboard/roles/:id'. */
  path?: string;
  /** The URL the test starts at. */
  at?: string;
  /** Other screens the test can navigate to (they show their path as text). */
  others?: string[];
}

/** Renders a screen with the app's providers on a memory router. */
export function renderScreen(screen: ReactNode, options: Options = {}) {
  const path = options.path ?? '/';
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const routes: RouteObject[] = [
    { path, element: screen },
    ...(options.others ?? []).map((other) => ({
      path: other,
      element: <p data-testid="elsewhere">{other}</p>,
    })),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [options.at ?? path] });
  const result = render(
    <ConfigProvider locale={esES}>
      <QueryClientProvider client={queryClient}>
        <NotificationHost />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { ...result, router, queryClient };
}
