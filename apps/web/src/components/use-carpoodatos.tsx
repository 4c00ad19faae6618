import { useState, type ReactElement } from 'react';
import { useAppConfig } from '@/lib/app-config';
import { shouldShowCarpoodatos, type CarpoodatosKind } from '@/lib/carpoodatos';
import { useSession } from '@/lib/session';
import { CarpoodatosModal } from './carpoodatos-modal';

/**
 * Puts a 'Carpoodatos' modal before an action: `run(action)` opens it (the action runs on
 * Continuar) or, when the user chose not to see it again, runs the action at once.
 * Render `modal` once in the caller.
 */
export function useCarpoodatos(kind: CarpoodatosKind): { run: (action: () => void) => void; modal: ReactElement } {
  const config = useAppConfig();
  const { user } = useSession();
  const [pending, setPending] = useState<(() => void) | null>(null);

  const run = (action: () => void) => {
    if (shouldShowCarpoodatos(kind, user, config)) setPending(() => action);
    else action();
  };

  const modal = (
    <CarpoodatosModal kind={kind} opened={pending !== null} onClose={() => setPending(null)} onContinue={() => pending?.()} />
  );
  return { run, modal };
}
