import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '@/lib/runtime-config';

type DemoReset = { enabled: boolean; next_reset_at: string | null; notice: boolean };

/** How often a demo with DEMO_RESET asks again (the server says when its notice is due). */
export const DEMO_RESET_POLL_MS = 5 * 60_000;

async function fetchDemoReset(): Promise<DemoReset | null> {
  const response = await fetch(`${runtimeConfig.apiUrl}/__demo/reset`, { headers: { accept: 'application/json' } });
  // The provider's API (and a mock without DEMO_RESET) has no such page: no notice, no more asking.
  if (!response.ok) return null;
  return (await response.json()) as DemoReset;
}

/**
 * The mock's daily demo reset (DEMO_RESET, apps/mock-api/src/controls/demo-reset.ts) announced
 * before it happens: the server's clock decides when (`notice`), the hour is shown in Argentina time.
 */
export function DemoResetNotice() {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['demo-reset'],
    queryFn: fetchDemoReset,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.enabled ? DEMO_RESET_POLL_MS : false),
  });
  if (!data?.notice || !data.next_reset_at) return null;
  const time = new Intl.DateTimeFormat('es-AR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date(data.next_reset_at));
  return (
    <Alert color="yellow" variant="light" role="status" radius={0} py="xs">
      {t('ui.demoResetNotice', { time })}
    </Alert>
  );
}
