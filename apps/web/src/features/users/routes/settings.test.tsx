import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { SettingsRoute } from './settings';

const render = (url: string) =>
  renderWithApp(<SettingsRoute />, {
    path: '/setting',
    url,
    routes: [
      {
        path: '/setting',
        element: <SettingsRoute />,
        children: [
          { path: 'profile', element: <p>Página del perfil</p> },
          { path: 'friends', element: <p>Página de amigos</p> },
          { path: 'cars', element: <p>Página de autos</p> },
        ],
      },
    ],
  });

describe('SettingsRoute', () => {
  it('shows the side tabs Perfil and Amigos, the open one marked, and they switch the page', async () => {
    const { router } = render('/setting/profile');
    expect(await screen.findByText('Página del perfil')).toBeInTheDocument();
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/setting/profile');
    expect(within(nav).getByRole('link', { name: 'Perfil' })).toHaveAttribute('data-active', 'true');
    const friends = within(nav).getByRole('link', { name: 'Amigos' });
    expect(friends).toHaveAttribute('href', '/setting/friends');
    expect(friends).not.toHaveAttribute('data-active');
    await userEvent.setup().click(friends);
    expect(await screen.findByText('Página de amigos')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setting/friends');
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Amigos' })).toHaveAttribute('data-active', 'true');
  });

  it('hides the side tabs on mobile (visible from sm, 768 px, up)', async () => {
    render('/setting/friends');
    expect(await screen.findByText('Página de amigos')).toBeInTheDocument();
    // Mantine's visibleFrom="sm" is a class that its global styles hide below the sm breakpoint.
    const column = screen.getByRole('navigation').closest('.mantine-Grid-col');
    expect(column).toHaveClass('mantine-visible-from-sm');
    // The page itself is shown at every width.
    expect(screen.getByText('Página de amigos').closest('.mantine-Grid-col')).not.toHaveClass('mantine-visible-from-sm');
  });
});
