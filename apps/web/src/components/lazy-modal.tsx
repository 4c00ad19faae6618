import { lazy, Suspense, useState, type ComponentType } from 'react';
import { afterFirstScreen } from '@/lib/after-first-screen';

/**
 * A modal whose code loads apart from its page (Mantine's Modal, its focus trap and the
 * modal's own fields stay out of the first load). The module loads once the first screen has shown
 * (or when the modal first opens, if sooner); nothing renders until then. Once opened it stays
 * mounted, so its closing transition and its state work as for a modal that was always there.
 */
export function lazyModal<P extends { opened: boolean }>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Modal = lazy(load);
  afterFirstScreen(() => void load());
  return function LazyModal(props: P) {
    const [mounted, setMounted] = useState(props.opened);
    if (props.opened && !mounted) setMounted(true);
    return mounted ? (
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    ) : null;
  };
}
