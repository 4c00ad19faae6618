import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DESKTOP_QUERY } from '@/config/theme';
import { session } from '@/lib/session';
import { createTestQueryClient } from '@/testing/render';
import { AppProvider } from '../provider';
import type { RouteHandle } from '../route-handle';
import { AppLayout } from './app-layout';

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

// jsdom answers every media query with false (testing/setup.ts): the phone layout, unless a test says desktop.
const phoneMedia = window.matchMedia;
const atDesktopWidth = () => {
  window.matchMedia = ((query: string) => ({ ...phoneMedia(query), matches: query === DESKTOP_QUERY })) as typeof window.matchMedia;
};

afterEach(() => {
  session.clear();
  window.matchMedia = phoneMedia;
});

describe('AppLayout', () => {
  it('offers login to visitors and titles the page with the app name', async () => {
    renderLayout();
    expect(await screen.findByText('Inicio de viajes')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Ingresar/ }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('navigation', { name: 'Accesos rápidos' })).not.toBeInTheDocument();
    expect(document.title).toBe('Carpoolear');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Preguntas frecuentes');
  });

  it("the header's Donar opens the donation modal with the amounts", async () => {
    atDesktopWidth();
    renderLayout();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Donar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ayudanos a sostener Carpoolear' });
    expect(within(dialog).getByRole('radio', { name: '$ 5.000' })).toBeInTheDocument();
  });

  it('uses the route title', async () => {
    renderLayout('/login');
    expect(await screen.findByText('Página de ingreso')).toBeInTheDocument();
    expect(document.title).toBe('Ingresar · Carpoolear');
  });

  it('shows the tab bar to a logged-in user on a phone', async () => {
    session.setToken('t');
    session.setUser({ id: 1, name: 'Ana', image: null, description: 'x', is_admin: 1 });
    renderLayout();
    const tabs = await screen.findByRole('navigation', { name: 'Accesos rápidos' });
    expect(within(tabs).getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/trips?clearSearch=1');
    expect(within(tabs).getByRole('link', { name: 'Notificaciones' })).toBeInTheDocument();
  });

  it('shows the bell and the account menu to a logged-in admin on a desktop, and logs out', async () => {
    atDesktopWidth();
    session.setToken('t');
    session.setUser({ id: 1, name: 'Ana', image: null, description: 'x', is_admin: 1 });
    const router = renderLayout();
    expect(await screen.findByRole('link', { name: 'Notificaciones, ninguna sin leer' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Accesos rápidos' })).not.toBeInTheDocument();

    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Menú de tu cuenta' }));
    expect(await screen.findByRole('menuitem', { name: 'Administración' })).toBeInTheDocument();
    await u.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
    expect(session.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/trips');
  });

  it('hides Administración from other users', async () => {
    atDesktopWidth();
    session.setToken('t');
    session.setUser({ id: 2, name: 'Beto', image: null, description: 'x', is_admin: 0 });
    renderLayout();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Menú de tu cuenta' }));
    expect(await screen.findByRole('menuitem', { name: 'Mis viajes' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Administración' })).not.toBeInTheDocument();
  });
});
