import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import './toasts.css';

/**
 * Where toasts show (lib/toast.ts): Mantine's Notifications, with its transitions. Loaded on its own
 * (app/provider.tsx): the first screen needs none of it.
 */
export default function Toasts() {
  return <Notifications position="top-center" limit={3} className="app-toasts" />;
}
