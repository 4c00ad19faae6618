import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { firstScreenShown } from '@/lib/after-first-screen';

/** However the first screen goes, background work starts by then. */
const LATEST_MS = 15_000;

/**
 * Says when the first screen has rendered with its answers: the router has loaded the route
 * (start-up loader and lazy page) and no query is fetching. Then the work that waits for it
 * (lib/after-first-screen.ts: the contract check, the toasts' host, dialogs) may load.
 */
export function watchFirstScreen(
  router: Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>,
  queryClient: QueryClient,
): () => void {
  let done = false;
  const cleanups: (() => void)[] = [];
  const finish = () => {
    if (done) return;
    done = true;
    cleanups.forEach((cleanup) => cleanup());
    firstScreenShown();
  };
  const check = () => {
    if (done || !router.state.initialized || router.state.navigation.state !== 'idle') return;
    // The page renders after the router settles and then starts its queries: look once it had the chance.
    setTimeout(() => {
      if (router.state.navigation.state === 'idle' && queryClient.isFetching() === 0) finish();
    }, 0);
  };
  cleanups.push(router.subscribe(check));
  cleanups.push(queryClient.getQueryCache().subscribe(check));
  const timer = setTimeout(finish, LATEST_MS);
  cleanups.push(() => clearTimeout(timer));
  check();
  return () => cleanups.forEach((cleanup) => cleanup());
}
