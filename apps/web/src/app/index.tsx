import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '@/lib/query-client';
import { watchFirstScreen } from './first-screen';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  useEffect(() => watchFirstScreen(router, queryClient), [router]);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
