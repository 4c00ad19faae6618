import { ActionIcon, Burger, Button, Group, Indicator, Menu, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconCar, IconFileText, IconInfoCircle, IconLogin, IconPlus, IconSettings, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { HeaderAction } from '../route-handle';
import { LogoutMenuItem } from './logout-menu-item';
import { MyTripsMenuItem } from './my-trips-menu-item';

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
  const [opened, { toggle, close }] = useDisclosure(false);
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
        {/* No focus placeholder: a menu holds only menu items (axe aria-required-children); opening focuses the first item. */}
        <Menu opened={opened} onChange={(next) => (next ? toggle() : close())} position="bottom-end" width={220} withInitialFocusPlaceholder={false}>
          {/* The dot wraps the target: Menu.Target gives its own child the menu's aria attributes, which belong on the button. */}
          <Indicator size={10} color="red" disabled={pendingInMyTrips === 0} offset={2} data-testid={pendingInMyTrips > 0 ? 'menu-my-trips-dot' : undefined}>
            <Menu.Target>
              <Burger
                opened={opened}
                size="sm"
                aria-label={pendingInMyTrips > 0 ? `${t('nav.openMenu')}, ${t('nav.myTripsPending', { count: pendingInMyTrips })}` : t('nav.openMenu')}
              />
            </Menu.Target>
          </Indicator>
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
      </Group>
    </Group>
  );
}
