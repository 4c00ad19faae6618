let waiting: (() => void)[] = [];

function release(): void {
  const batch = waiting;
  waiting = [];
  for (const resolve of batch) resolve();
}

/**
 * Resolves once Node has read every request that came in with this one: in the event loop's check
 * phase (`setImmediate`), right after the poll phase that read them, together with every other caller
 * of the same turn and in the order they called.
 *
 * Why (issue 15): under load one poll phase reads ~16 requests. Handled as each is read, every
 * request's own work (a search: the index, the kept answers) ran between two requests' parsing,
 * hooks and socket writes, which pushed its code and data out of the processor's caches (a search cost
 * about twice under HTTP what it cost in a loop). Awaited by the GET handlers (routes/registry.ts), the
 * turn's handlers run back to back, then their answers are sent back to back: under the varied search
 * mix at 100k trips, 0.66× the server's CPU a search and 0.70× the p99 (0.81–0.82× and 0.79–0.81× with
 * the wait in the search's handler only), measured against the code before with both running
 * (`npm run bench:compare`; docs/architecture/design.md, "The reads of one turn are answered back to back"). A request alone
 * waits for nothing: the check phase follows its own poll phase.
 */
export function afterReads(): Promise<void> {
  return new Promise((resolve) => {
    if (waiting.push(resolve) === 1) setImmediate(release);
  });
}
