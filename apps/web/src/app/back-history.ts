import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** Navigation state of a back move: the page left is not remembered (no back-and-forth loop). */
const BACK_STATE = { back: true } as const;

/**
 * The back control's memory (spec document 1 §2): back goes to the last remembered route, otherwise
 * to trips; arriving on trips clears it.
 */
export function createBackHistory() {
  const stack: string[] = [];
  let current: string | null = null;
  return {
    /** A route was shown (`path` with its search); `isBack` when the back control brought us here. */
    visit(path: string, { isBack = false }: { isBack?: boolean } = {}) {
      const pathname = path.split('?')[0];
      if (pathname === paths.trips) stack.length = 0;
      else if (!isBack && current !== null && current !== path) stack.push(current);
      current = path;
    },
    /** Where back goes: the remembered route, else trips. */
    back(): string {
      return stack.pop() ?? paths.trips;
    },
    size: () => stack.length,
  };
}

export type BackHistory = ReturnType<typeof createBackHistory>;

const appHistory = createBackHistory();

/** Remembers each route shown; returns the back action. */
export function useBackHistory(history: BackHistory = appHistory): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  const here = location.pathname + location.search;
  const isBack = Boolean((location.state as { back?: boolean } | null)?.back);
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current === location.key) return;
    seen.current = location.key;
    history.visit(here, { isBack });
  }, [history, here, isBack, location.key]);
  return () => void navigate(history.back(), { state: BACK_STATE });
}
