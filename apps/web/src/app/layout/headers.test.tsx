import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { DesktopHeader } from './desktop-header';
import { FooterTabBar } from './footer-tab-bar';
import { MobileHeader } from './mobile-header';

const user = { id: 1, name: 'Ana', image: null, description: 'x' };
const noop = vi.fn();

describe('navigation badges', () => {
  it('desktop: the bell and Mensajes show their counts, the account menu a dot and Mis viajes its count', async () => {
    renderWithApp(
      <DesktopHeader appName="Carpoolear" user={user} loggedIn badges={{ notifications: 4, messages: 2, myTrips: 3 }} onInvite={noop} onDonate={noop} onLogout={noop} onLoginPage={false} />,
    );
    expect(screen.getByRole('link', { name: 'Notificaciones, 4 sin leer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 conversaciones sin leer' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Menú de tu cuenta, 3 pendientes en Mis viajes' }));
    const myTrips = await screen.findByRole('menuitem', { name: /Mis viajes/ });
    expect(within(myTrips).getByLabelText('3 pendientes en Mis viajes')).toHaveTextContent('3');
  });

  it('desktop: nothing pending, no dot and no count', async () => {
    renderWithApp(
      <DesktopHeader appName="Carpoolear" user={user} loggedIn badges={{ notifications: 0, messages: 0, myTrips: 0 }} onInvite={noop} onDonate={noop} onLogout={noop} onLoginPage={false} />,
    );
    expect(screen.queryByTestId('header-my-trips-dot')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Menú de tu cuenta' }));
    expect(await screen.findByRole('menuitem', { name: 'Mis viajes' })).toBeInTheDocument();
    expect(screen.queryByTestId('my-trips-badge')).not.toBeInTheDocument();
  });

  it('phone: the menu carries a dot and Mis viajes with its count; the tab bar the bell and Mensajes', async () => {
    renderWithApp(
      <>
        <MobileHeader title="Viajes" loggedIn pendingInMyTrips={1} onInvite={noop} onLogout={noop} onLoginPage={false} />
        <FooterTabBar unread={5} unreadMessages={2} />
      </>,
    );
    expect(screen.getByTestId('tab-badge-notifications')).toHaveTextContent('5');
    expect(screen.getByTestId('tab-badge-conversations')).toHaveTextContent('2');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abrir el menú, 1 pendiente en Mis viajes' }));
    const myTrips = await screen.findByRole('menuitem', { name: /Mis viajes/ });
    expect(myTrips).toHaveAttribute('href', '/my-trips');
    expect(within(myTrips).getByLabelText('1 pendiente en Mis viajes')).toHaveTextContent('1');
  });

  it('both menus: opened by a button, holding only menu items, separators and labels; opening one focuses its first item', async () => {
    const { unmount } = renderWithApp(<MobileHeader title="Viajes" loggedIn pendingInMyTrips={0} onInvite={noop} onLogout={noop} onLoginPage={false} />);
    const events = userEvent.setup();
    await events.click(screen.getByRole('button', { name: 'Abrir el menú' }));
    const expectOnlyItems = async () => {
      // The menu's aria attributes sit on the button that opens it, never on a wrapper such as the dot (axe aria-allowed-attr).
      for (const opener of document.querySelectorAll('[aria-haspopup], [aria-expanded]')) expect(opener.tagName).toBe('BUTTON');
      const menu = await screen.findByRole('menu');
      // A focus placeholder (an element with a tabindex but no role) breaks axe's aria-required-children.
      const children = [...menu.children].filter((child) => !child.classList.contains('mantine-Menu-arrow'));
      for (const child of children) expect(child.getAttribute('role') ?? child.className).toMatch(/^menuitem$|mantine-Menu-(divider|label)/);
      await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    };
    await expectOnlyItems();
    unmount();

    renderWithApp(
      <DesktopHeader appName="Carpoolear" user={user} loggedIn badges={{ notifications: 0, messages: 0, myTrips: 0 }} onInvite={noop} onDonate={noop} onLogout={noop} onLoginPage={false} />,
    );
    await events.click(screen.getByRole('button', { name: 'Menú de tu cuenta' }));
    await expectOnlyItems();
  });

  it('phone, visitor: no Mis viajes in the menu', async () => {
    renderWithApp(<MobileHeader title="Viajes" loggedIn={false} onInvite={noop} onLogout={noop} onLoginPage={false} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abrir el menú' }));
    expect(await screen.findByRole('menuitem', { name: 'Acerca de' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Mis viajes/ })).not.toBeInTheDocument();
  });
});
