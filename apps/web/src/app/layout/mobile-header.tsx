import { ActionIcon, Burger, Button, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconCar, IconLogin, IconPlus, IconSettings } from '@tabler/icons-react';
import { cloneElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { HeaderAction } from '../route-handle';
import { headerMenus } from './header-menus-loader';
import { PendingDot } from './pending-dot';

const ACTION_ICONS = { plus: IconPlus, settings: IconSettings } as const;

type MobileHeaderProps = {
  title: string;
  loggedIn: boolean;
  /** Seat requests plus ratings waiting in Mis viajes: a dot on the menu and a badge inside it. */
  pendingInMyTrips?: number;
  onInvite: () => void;
  onLogout: () => void;
  onLoginPage: boolean;
  /** The back control (remembered route, else trips); absent on the trips home. */
  onBack?: () => void;
  /** The route's own header buttons. */
  actions?: HeaderAction[];
};

export function MobileHeader({ title, loggedIn, pendingInMyTrips = 0, onInvite, onLogout, onLoginPage, onBack, actions = [] }: MobileHeaderProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close, open }] = useDisclosure(false);
  const Menus = headerMenus.useLoaded();
  const loadMenus = () => void headerMenus.load().catch(() => undefined);
  const openWhenLoaded = () => {
    open();
    loadMenus();
  };
  const burger = (
    <Burger
      opened={opened}
      size="sm"
      aria-label={pendingInMyTrips > 0 ? `${t('nav.openMenu')}, ${t('nav.myTripsPending', { count: pendingInMyTrips })}` : t('nav.openMenu')}
    />
  );
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" miw={0}>
        {onBack && (
          <ActionIcon variant="subtle" color="dark" size="lg" onClick={onBack} aria-label={t('nav.back')}>
            <IconArrowLeft size={22} aria-hidden />
          </ActionIcon>
        )}
        <UnstyledButton component={Link} to={paths.trips} aria-label={t('nav.goHome')}>
          <ThemeIcon size={32} radius="md" aria-hidden>
            <IconCar size={20} />
          </ThemeIcon>
        </UnstyledButton>
        <Text component="span" fw={700} fz="lg" truncate="end">
          {title}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {loggedIn &&
          actions.map((action) => {
            const Icon = ACTION_ICONS[action.icon];
            return (
              <ActionIcon key={action.to} component={Link} to={action.to} variant="subtle" color="dark" size="lg" aria-label={t(action.labelKey)}>
                <Icon size={22} aria-hidden />
              </ActionIcon>
            );
          })}
        {!loggedIn && !onLoginPage && (
          <Button component={Link} to={paths.login} size="xs" variant="outline" leftSection={<IconLogin size={14} aria-hidden />}>
            {t('nav.login')}
          </Button>
        )}
        {Menus ? (
          <Menus.PhoneMenu
            target={burger}
            opened={opened}
            onChange={(next) => (next ? toggle() : close())}
            loggedIn={loggedIn}
            pendingInMyTrips={pendingInMyTrips}
            onInvite={onInvite}
            onLogout={onLogout}
          />
        ) : (
          <PendingDot pending={pendingInMyTrips} testId="menu-my-trips-dot" offset={2}>
            {cloneElement(burger, { onClick: openWhenLoaded, onPointerEnter: loadMenus, onFocus: loadMenus })}
          </PendingDot>
        )}
      </Group>
    </Group>
  );
}
