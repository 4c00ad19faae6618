import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { cssVariablesResolver, theme } from '@/config/theme';
import { i18n } from '@/lib/i18n';

/** The app's providers (as app/provider.tsx), with Mantine's test environment: no transitions, no portals. */
export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <Notifications />
            {children}
          </QueryClientProvider>
        </I18nextProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
