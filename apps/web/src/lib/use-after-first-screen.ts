import { useEffect, useState } from 'react';
import { afterFirstScreen } from './after-first-screen';

/**
 * True once the first screen has shown and the browser was idle (lib/after-first-screen.ts): for what
 * renders later on purpose, so that its code does not load before the first screen's content.
 */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => setReady(true)), []);
  return ready;
}
