import './mantine.css';
import './index.css';
import '@/lib/i18n';
import '@/lib/dates';
// The start-up's requests, before the rest of the app evaluates (app/start.ts).
import '@/app/start';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import { installGlobalErrorReporting, reportClientError } from '@/lib/error-reporting';

// Window errors and unhandled rejections, then errors React's boundaries catch (the route error
// page) or nothing catches, go to POST /api/log (rate-limited; see lib/error-reporting.ts).
installGlobalErrorReporting();

createRoot(document.getElementById('root')!, {
  onCaughtError: (error, info) => {
    console.error(error);
    reportClientError(error, { kind: 'react.caught', componentStack: info.componentStack?.slice(0, 1000) });
  },
  onUncaughtError: (error, info) => {
    console.error(error);
    reportClientError(error, { kind: 'react.uncaught', componentStack: info.componentStack?.slice(0, 1000) });
  },
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
