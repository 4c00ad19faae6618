import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { configKeys } from '@/lib/app-config';
import { makeConfig } from './fixtures';
import { TestProviders } from './test-providers';

export function createTestQueryClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(configKeys.all, makeConfig());
  return client;
}

type RenderOptions = { path?: string; url?: string; routes?: RouteObject[]; queryClient?: QueryClient };

/** Renders inside the app providers and a memory router (`*` shows a marker with the pathname). */
export function renderWithApp(ui: ReactElement, { path = '/', url = path, routes = [], queryClient = createTestQueryClient() }: RenderOptions = {}) {
  const router = createMemoryRouter(
    [
      { path, element: ui },
      ...routes,
      { path: '*', element: <div data-testid="location" /> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, queryClient };
}
