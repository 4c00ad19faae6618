import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type AxeNode = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]['nodes'][number];

/** One line per failing node: where, and for contrast the colours and ratio axe measured. */
function describeNode(node: AxeNode): string {
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  const colours = data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1)` : '';
  return `${node.target.join(' ')}${colours}`;
}

const TOASTS = '.mantine-Notifications-root';

/**
 * Resolves once no toast is moving: a toast fading in or out is half transparent, and axe would measure
 * the contrast of its blend with the page (the admin journey failed so under load).
 */
export async function toastsSettled(page: Page): Promise<void> {
  await page.waitForFunction((selector) => {
    const roots = Array.from(document.querySelectorAll(selector));
    return roots.every((root) => {
      if (root.getAnimations({ subtree: true }).some((animation: Animation) => animation.playState === 'running' || animation.pending)) return false;
      // react-transition-group sets the entering/exiting styles inline before any transition starts.
      return Array.from(root.querySelectorAll('.mantine-Notification-root')).every((toast) => {
        for (let node: Element | null = toast; node && node !== root; node = node.parentElement) {
          if (Number(getComputedStyle(node).opacity) < 1) return false;
        }
        return true;
      });
    });
  }, TOASTS);
}

/**
 * The serious and critical violations axe finds, one line per node ('<where> <rule>: <node>'), read
 * when no toast is animating. A failing node in a toast, or one gone meanwhile, is read again (up to 3 times).
 */
export async function seriousViolations(page: Page, where: string, { exclude = [] as string[] } = {}): Promise<string[]> {
  for (let attempt = 1; ; attempt += 1) {
    await toastsSettled(page);
    let builder = new AxeBuilder({ page });
    for (const selector of exclude) builder = builder.exclude(selector);
    const { violations } = await builder.analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    const targets = serious.flatMap((violation) => violation.nodes.map((node) => String(node.target[0])));
    const inToast = await page.evaluate(
      // A node that is gone was a toast that left, most likely: read again.
      ({ targets, selector }) =>
        targets.some((target) => {
          const node = document.querySelector(target);
          return !node || node.closest(selector) !== null;
        }),
      { targets, selector: TOASTS },
    );
    if (!inToast || attempt === 3) {
      return serious.flatMap((violation) => violation.nodes.map((node) => `${where} ${violation.id}: ${describeNode(node)}`));
    }
  }
}
