import { notifications } from '@mantine/notifications';
import { TIMING } from '@carpool/contracts';
import { i18n } from './i18n';

/** Every toast's close button has a name (axe: buttons need discernible text). */
const closeButtonProps = () => ({ 'aria-label': i18n.t('ui.closeToast') });

type ToastOptions = { title?: string; autoClose?: number | false; id?: string };

/** Error toasts stay 10 s, the others 2 s (spec document 2 §9). */
export const toast = {
  error(message: string, options: ToastOptions = {}) {
    notifications.show({ color: 'red', message, closeButtonProps: closeButtonProps(), autoClose: TIMING.errorToastMs, withBorder: true, ...options });
  },
  info(message: string, options: ToastOptions = {}) {
    notifications.show({ color: 'blue', message, closeButtonProps: closeButtonProps(), autoClose: TIMING.defaultToastMs, withBorder: true, ...options });
  },
  success(message: string, options: ToastOptions = {}) {
    notifications.show({ color: 'green', message, closeButtonProps: closeButtonProps(), autoClose: TIMING.defaultToastMs, withBorder: true, ...options });
  },
  /** Hides a toast shown with an `id` (e.g. a failure that a later success makes moot). */
  hide(id: string) {
    notifications.hide(id);
  },
};
