import { useEffect, useState, type ReactNode } from 'react';

/**
 * Content below the fold that the page's first paint need not wait for (the first render of a page is
 * what its largest text waits for). It renders right after the first paint: effects run after
 * the browser has painted, as for the trip list's first screenful.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The second render is the point: the first one paints sooner.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPainted(true);
  }, []);
  return painted ? children : null;
}
