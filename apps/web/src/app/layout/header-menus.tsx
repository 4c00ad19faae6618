import { Menu, type MenuProps } from '@mantine/core';
import { IconFileText, IconInfoCircle, IconMessages, IconShieldLock, IconUser, IconUserPlus } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { isAdmin, type SessionUser } from '@/lib/session';
import { LogoutMenuItem } from './logout-menu-item';
import { MyTripsMenuItem } from './my-trips-menu-item';
import { PendingDot } from './pending-dot';

// The headers' menus open on a click, so their code (Mantine's Menu and its floating-ui positioning)
// loads after the first screen (./header-menus-loader). No focus placeholder: a menu holds only menu
// items (axe aria-required-children); opening focuses the first item.
const MENU = { position: 'bottom-end', width: 220, withInitialFocusPlaceholder: false } as const satisfies MenuProps;

type AccountMenuProps = {
  /** The avatar button that opens it. */
  target: ReactElement;
  user: SessionUser | null;
  /** Seat requests plus ratings waiting in Mis viajes. */
  myTrips: number;
  onLogout: () => void;
  /** The button was clicked before the menu's code had loaded. */
  defaultOpened: boolean;
};

/** The desktop account menu. */
export function AccountMenu({ target, user, myTrips, onLogout, defaultOpened }: AccountMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu {...MENU} withArrow defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {user && <Menu.Label>{user.name}</Menu.Label>}
        <MyTripsMenuItem pending={myTrips} />
        <Menu.Item component={Link} to={paths.conversations} leftSection={<IconMessages size={16} aria-hidden />}>
          {t('nav.messages')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.profile('me')} leftSection={<IconUser size={16} aria-hidden />}>
          {t('nav.profile')}
        </Menu.Item>
        {isAdmin(user) && (
          <Menu.Item component={Link} to={paths.admin} leftSection={<IconShieldLock size={16} aria-hidden />}>
            {t('nav.admin')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <LogoutMenuItem onLogout={onLogout} />
      </Menu.Dropdown>
    </Menu>
  );
}

type PhoneMenuProps = {
  /** The burger that opens it. */
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
  loggedIn: boolean;
  pendingInMyTrips: number;
  onInvite: () => void;
  onLogout: () => void;
};

/** The phone header's menu. */
export function PhoneMenu({ target, opened, onChange, loggedIn, pendingInMyTrips, onInvite, onLogout }: PhoneMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu {...MENU} opened={opened} onChange={onChange}>
      {/* The dot wraps the target: Menu.Target gives its own child the menu's aria attributes, which belong on the button. */}
      <PendingDot pending={pendingInMyTrips} testId="menu-my-trips-dot" offset={2}>
        <Menu.Target>{target}</Menu.Target>
      </PendingDot>
      <Menu.Dropdown>
        {/* Phones have no account menu: Mis viajes is reached from here, with what waits in it. */}
        {loggedIn && <MyTripsMenuItem pending={pendingInMyTrips} />}
        <Menu.Item onClick={onInvite} leftSection={<IconUserPlus size={16} aria-hidden />}>
          {t('nav.inviteFriends')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.about} leftSection={<IconInfoCircle size={16} aria-hidden />}>
          {t('nav.about')}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.terms} leftSection={<IconFileText size={16} aria-hidden />}>
          {t('nav.terms')}
        </Menu.Item>
        {loggedIn && (
          <>
            <Menu.Divider />
            <LogoutMenuItem onLogout={onLogout} />
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
