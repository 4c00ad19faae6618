import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { theme } from '@/config/theme';
import { controlsArg } from '@/locales/arg/controls';
import { ControlPage } from './control-page';

/** The mock API's control page (/__mock/): its own small entry of the web build, with the app's stack. */
const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { arg: { translation: controlsArg } },
  lng: 'arg',
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ControlPage />
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  </StrictMode>,
);
