import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';

const TABS = [
  { value: '/admin', labelKey: 'pages.adminCharts' },
  { value: '/admin/users', labelKey: 'pages.adminUsers' },
  { value: '/admin/trips', labelKey: 'pages.adminTrips' },
] as const;

/** The admin area: tabs 'Graficos', 'Usuarios', 'Viajes' (spec document 1 §1) over the page. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = TABS.find((tab) => tab.value !== '/admin' && pathname.startsWith(tab.value))?.value ?? '/admin';
  return (
    <Stack gap="md" py="md">
      <Tabs value={current} onChange={(value) => value && navigate(value)} aria-label={t('adminArea.tabs')}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {t(tab.labelKey)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}

export const Component = AdminLayout;
