import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from '@/config/theme';

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
            <Notifications position="top-center" limit={3} />
            {children}
          </QueryClientProvider>
        </I18nextProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
