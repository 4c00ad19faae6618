import { lazyModal } from './lazy-modal';

/** A yes/no question before an action that cannot be undone; loads apart from its page (./confirm-dialog-view). */
export const ConfirmDialog = lazyModal(() => import('./confirm-dialog-view'));
