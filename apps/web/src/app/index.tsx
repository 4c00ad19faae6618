import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '@/lib/query-client';
import { onServiceWorkerNavigate } from '@/lib/service-worker';
import { watchFirstScreen } from './first-screen';
import { appTarget } from './guards';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => watchFirstScreen(router, queryClient), [router]);
  // A push notification clicked while the app is open: its page opens here.
  useEffect(() => onServiceWorkerNavigate((url) => void router.navigate(appTarget(url))), [router]);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
