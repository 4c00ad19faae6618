import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterFirstScreen } from '@/lib/after-first-screen';
import { i18n } from '@/lib/i18n';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from '@/config/theme';

const loadToasts = () => import('./toasts');
const Toasts = lazy(loadToasts);
// Ready before the first toast of most sessions; one shown sooner waits in the store until the host arrives.
afterFirstScreen(() => void loadToasts());

/** The toasts' host mounts with the first toast and stays (exit transitions, the toasts after it). */
function ToastHost() {
  const shown = useNotifications().notifications.length > 0;
  const [mounted, setMounted] = useState(shown);
  if (shown && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine's transitions and portals (jsdom). */
  env?: 'default' | 'test';
};

export function AppProvider({ children, queryClient = appQueryClient, env = 'default' }: AppProviderProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <ToastHost />
            {children}
          </QueryClientProvider>
        </I18nextProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
