import '@mantine/core/styles/NavLink.css';
import { Grid, NavLink as MantineNavLink, Paper, Stack } from '@mantine/core';
import { IconCar, IconUser, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';

/** settings (/setting): side tabs Perfil, Amigos and Mis autos, hidden on mobile (spec document 1 §2), and the child page. */
export function SettingsRoute() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tabs = [
    { to: paths.profileUpdate, label: t('settings.profile'), icon: IconUser },
    { to: paths.friends, label: t('settings.friends'), icon: IconUsers },
    { to: paths.cars, label: t('cars.title'), icon: IconCar },
  ];

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, sm: 4, md: 3 }} visibleFrom="sm">
        <Paper withBorder radius="md" p="xs" component="nav" aria-label={t('settings.navigation')}>
          <Stack gap={4}>
            {tabs.map(({ to, label, icon: Icon }) => (
              <MantineNavLink
                key={to}
                component={NavLink}
                to={to}
                label={label}
                active={pathname.startsWith(to)}
                leftSection={<Icon size={18} aria-hidden />}
              />
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}

export { SettingsRoute as Component };
