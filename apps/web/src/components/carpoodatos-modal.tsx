import { lazyModal } from './lazy-modal';

/** 'Carpoodatos': tips before an action; loads apart from its page (./carpoodatos-modal-view). */
export const CarpoodatosModal = lazyModal(() => import('./carpoodatos-modal-view'));
