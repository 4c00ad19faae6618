import { ActionIcon, Avatar, Button, Group, Indicator, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconChevronDown,
  IconHeartHandshake,
  IconMessages,
  IconPlus,
  IconRoute,
  IconUserPlus,
} from '@tabler/icons-react';
import { cloneElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { profileImageUrl } from '@/lib/runtime-config';
import type { SessionUser } from '@/lib/session';
import { headerMenus } from './header-menus-loader';
import { Logo } from './logo';
import { PendingDot } from './pending-dot';
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
  const Menus = headerMenus.useLoaded();
  const [openAtLoad, setOpenAtLoad] = useState(false);
  const loadMenus = () => void headerMenus.load().catch(() => undefined);
  const openWhenLoaded = () => {
    setOpenAtLoad(true);
    loadMenus();
  };
  const accountButton = (
    <UnstyledButton aria-label={myTrips > 0 ? `${t('nav.userMenu')}, ${t('nav.myTripsPending', { count: myTrips })}` : t('nav.userMenu')}>
      <Group gap={6} wrap="nowrap">
        <PendingDot pending={myTrips} testId="header-my-trips-dot" offset={4}>
          <Avatar src={profileImageUrl(user?.image)} alt="" name={user?.name} color="initials" radius="xl" size={34} />
        </PendingDot>
        <IconChevronDown size={16} aria-hidden />
      </Group>
    </UnstyledButton>
  );
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
            {Menus ? (
              <Menus.AccountMenu target={accountButton} user={user} myTrips={myTrips} onLogout={onLogout} defaultOpened={openAtLoad} />
            ) : (
              cloneElement(accountButton, { onClick: openWhenLoaded, onPointerEnter: loadMenus, onFocus: loadMenus })
            )}
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
