import { act, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { session } from '@/lib/session';
import { createTestQueryClient } from '@/testing/render';
import { AppProvider } from '../provider';
import type { RouteHandle } from '../route-handle';
import { AppLayout } from './app-layout';

// The scroll to the top on each navigation (audit 2.29); app-layout.test.tsx holds the headers and menus.
function renderLayout(url = '/trips') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <AppLayout />,
        children: [
          { path: 'trips', element: <p>Inicio de viajes</p>, handle: { footer: { show: true, active: 'home' } } satisfies RouteHandle },
          { path: 'login', element: <p>Página de ingreso</p>, handle: { titleKey: 'pages.login', footer: { show: false } } satisfies RouteHandle },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProvider queryClient={createTestQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

let scrollTo: MockInstance<typeof window.scrollTo>;
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo');
});
afterEach(() => {
  scrollTo.mockRestore();
  session.clear();
});

const toTop = () => scrollTo.mock.calls.filter(([options]) => (options as ScrollToOptions | undefined)?.top === 0).length;

describe('AppLayout scroll', () => {
  it('scrolls the page to the top on each navigation, a new search included', async () => {
    const router = renderLayout();
    expect(await screen.findByText('Inicio de viajes')).toBeInTheDocument();
    await waitFor(() => expect(toTop()).toBe(1));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });

    await act(() => router.navigate('/login'));
    expect(await screen.findByText('Página de ingreso')).toBeInTheDocument();
    await waitFor(() => expect(toTop()).toBe(2));

    await act(() => router.navigate('/trips?origin=Rosario'));
    expect(await screen.findByText('Inicio de viajes')).toBeInTheDocument();
    await waitFor(() => expect(toTop()).toBe(3));

    await act(() => router.navigate('/trips?origin=Tandil'));
    await waitFor(() => expect(toTop()).toBe(4));
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
  });
});
