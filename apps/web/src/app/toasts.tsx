import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Below the app's header (AppShell sets --app-shell-header-height on the page), never over it: a
 * toast at the top would hide the title, the back control and the menu while it shows (10 s for an
 * error). Mantine's own offset is the top of the window.
 */
const BELOW_THE_HEADER = { top: 'calc(var(--app-shell-header-height, 0px) + var(--mantine-spacing-xs))' } as const;

/**
 * Where toasts show (lib/toast.ts): Mantine's Notifications, with its transitions. Loaded on its own
 * (app/provider.tsx): the first screen needs none of it.
 */
export default function Toasts() {
  return <Notifications position="top-center" limit={3} style={BELOW_THE_HEADER} />;
}
