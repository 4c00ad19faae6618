import { Button, Group, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';

const TABS = [
  { to: '/admin', labelKey: 'pages.adminCharts' },
  { to: '/admin/users', labelKey: 'pages.adminUsers' },
  { to: '/admin/trips', labelKey: 'pages.adminTrips' },
] as const;

/** The admin area: 'Gráficos' (the spec's 'Graficos', accent restored), 'Usuarios', 'Viajes' (spec document 1 §1) over the page. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = TABS.find((tab) => tab.to !== '/admin' && pathname.startsWith(tab.to))?.to ?? '/admin';
  const currentTab = TABS.find((tab) => tab.to === current)!;
  return (
    <Stack gap="md" py="md">
      {/* The page's name for screen readers and the outline; the tabs below show it to everyone. */}
      <VisuallyHidden>
        <Title order={1}>{t(currentTab.labelKey)}</Title>
      </VisuallyHidden>
      <Group component="nav" gap="xs" aria-label={t('adminArea.tabs')}>
        {TABS.map((tab) => (
          <Button
            key={tab.to}
            component={Link}
            to={tab.to}
            variant={tab.to === current ? 'filled' : 'default'}
            aria-current={tab.to === current ? 'page' : undefined}
          >
            {t(tab.labelKey)}
          </Button>
        ))}
      </Group>
      <Outlet />
    </Stack>
  );
}

export const Component = AdminLayout;
