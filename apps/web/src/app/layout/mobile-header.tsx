import { Burger, Button, Group, Menu, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCar, IconFileText, IconInfoCircle, IconLogin, IconLogout, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

type MobileHeaderProps = {
  title: string;
  loggedIn: boolean;
  onInvite: () => void;
  onLogout: () => void;
  onLoginPage: boolean;
};

export function MobileHeader({ title, loggedIn, onInvite, onLogout, onLoginPage }: MobileHeaderProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" miw={0}>
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
        {!loggedIn && !onLoginPage && (
          <Button component={Link} to={paths.login} size="xs" variant="outline" leftSection={<IconLogin size={14} aria-hidden />}>
            {t('nav.login')}
          </Button>
        )}
        <Menu opened={opened} onChange={(next) => (next ? toggle() : close())} position="bottom-end" width={220}>
          <Menu.Target>
            <Burger opened={opened} size="sm" aria-label={t('nav.openMenu')} />
          </Menu.Target>
          <Menu.Dropdown>
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
                <Menu.Item color="red" onClick={onLogout} leftSection={<IconLogout size={16} aria-hidden />}>
                  {t('nav.logout')}
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
