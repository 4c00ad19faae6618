/**
 * Work that waits for the first screen: code the first screen does not need (the contract
 * check, the toasts' host, dialogs) loads once the page has rendered with its answers and the browser
 * is idle, so it never competes with the first screen for the network or the main thread.
 * app/first-screen.ts says when; a task registered in between waits for the same idle moment, and one
 * registered after it runs at once.
 */
let shown = false;
/** The idle moment after the first screen has come and its tasks have run. */
let ran = false;
const waiting: (() => void)[] = [];

const whenIdle = (run: () => void) => {
  if ('requestIdleCallback' in globalThis) globalThis.requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 1_000);
};

export function afterFirstScreen(task: () => void): void {
  if (ran) task();
  else waiting.push(task);
}

/** The first screen has rendered with its answers (app/first-screen.ts, once). */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  whenIdle(() => {
    ran = true;
    waiting.splice(0).forEach((task) => task());
  });
}
