import type { TooltipProps } from '@mantine/core';
import { deferredModule } from '@/lib/deferred-module';

const tooltip = deferredModule(() => import('./tooltip-widget'));

/**
 * A hover hint on the first screen: the control shows at once, its tooltip once the tooltip's code
 * has loaded after the first screen (a hint nobody can hover before the page is there).
 */
export function DeferredTooltip(props: TooltipProps) {
  const Tooltip = tooltip.useLoaded()?.default;
  return Tooltip ? <Tooltip {...props} /> : props.children;
}
