import { ActionIcon, Avatar, Button, Group, Indicator, Menu, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconChevronDown,
  IconHeartHandshake,
  IconMessages,
  IconPlus,
  IconRoute,
  IconShieldLock,
  IconUser,
  IconUserPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { profileImageUrl } from '@/lib/runtime-config';
import { isAdmin, type SessionUser } from '@/lib/session';
import { Logo } from './logo';
import { LogoutMenuItem } from './logout-menu-item';
import { MyTripsMenuItem } from './my-trips-menu-item';
import type { NavigationBadges } from './use-navigation-badges';

type DesktopHeaderProps = {
  appName: string;
  user: SessionUser | null;
  loggedIn: boolean;
  /** The bell, the Mensajes badge and the Mis viajes badge (GET /api/notifications/count). */
  badges: NavigationBadges;
  onInvite: () => void;
  /** Opens the donation modal (amounts, one-time or monthly). */
  onDonate: () => void;
  onLogout: () => void;
  /** The login page needs no login button. */
  onLoginPage: boolean;
};

export function DesktopHeader({ appName, user, loggedIn, badges, onInvite, onDonate, onLogout, onLoginPage }: DesktopHeaderProps) {
  const { t } = useTranslation();
  const { notifications: unread, messages: unreadMessages, myTrips } = badges;
  return (
    <Group h="100%" px="lg" justify="space-between" wrap="nowrap">
      <Group gap="lg" wrap="nowrap">
        <Logo appName={appName} />
        <Group component="nav" aria-label={t('nav.mainNavigation')} gap="xs" wrap="nowrap">
          <Button component={NavLink} to={paths.trips} variant="subtle" leftSection={<IconRoute size={18} aria-hidden />}>
            {t('nav.trips')}
          </Button>
          <Button variant="subtle" onClick={onInvite} leftSection={<IconUserPlus size={18} aria-hidden />}>
            {t('nav.inviteFriends')}
          </Button>
          <Button variant="subtle" onClick={onDonate} leftSection={<IconHeartHandshake size={18} aria-hidden />}>
            {t('nav.donate')}
          </Button>
        </Group>
      </Group>

      <Group gap="sm" wrap="nowrap">
        <Button component={Link} to={paths.newTrip} leftSection={<IconPlus size={18} aria-hidden />}>
          {t('nav.createTrip')}
        </Button>
        {loggedIn ? (
          <>
            <Indicator label={unreadMessages} size={18} disabled={unreadMessages === 0} color="red" offset={4} data-testid={unreadMessages > 0 ? 'header-messages-badge' : undefined}>
              <ActionIcon
                component={Link}
                to={paths.conversations}
                variant="subtle"
                size="lg"
                aria-label={t('chat.unreadMessages', { count: unreadMessages })}
              >
                <IconMessages size={22} aria-hidden />
              </ActionIcon>
            </Indicator>
            <Indicator label={unread} size={18} disabled={unread === 0} color="red" offset={4}>
              <ActionIcon
                component={Link}
                to={paths.notifications}
                variant="subtle"
                size="lg"
                aria-label={t('nav.unreadNotifications', { count: unread })}
              >
                <IconBell size={22} aria-hidden />
              </ActionIcon>
            </Indicator>
            {/* No focus placeholder: a menu holds only menu items (axe aria-required-children); opening focuses the first item. */}
            <Menu position="bottom-end" width={220} withArrow withInitialFocusPlaceholder={false}>
              <Menu.Target>
                <UnstyledButton aria-label={myTrips > 0 ? `${t('nav.userMenu')}, ${t('nav.myTripsPending', { count: myTrips })}` : t('nav.userMenu')}>
                  <Group gap={6} wrap="nowrap">
                    <Indicator size={10} color="red" disabled={myTrips === 0} offset={4} data-testid={myTrips > 0 ? 'header-my-trips-dot' : undefined}>
                      <Avatar src={profileImageUrl(user?.image)} alt="" name={user?.name} color="initials" radius="xl" size={34} />
                    </Indicator>
                    <IconChevronDown size={16} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
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
          </>
        ) : (
          !onLoginPage && (
            <Button component={Link} to={paths.login} variant="outline">
              {t('nav.login')}
            </Button>
          )
        )}
      </Group>
    </Group>
  );
}
