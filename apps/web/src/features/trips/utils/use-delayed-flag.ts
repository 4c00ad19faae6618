import { useEffect, useState } from 'react';

/** False until `delayMs` after mount (the trip map renders 500 ms after the trip loads). */
export function useDelayedFlag(delayMs: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  return ready;
}
