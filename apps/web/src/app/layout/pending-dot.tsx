import { Indicator } from '@mantine/core';
import type { ReactNode } from 'react';

/** The red dot of what waits in Mis viajes, on the button of the menu that leads there. */
export function PendingDot({ pending, testId, offset, children }: { pending: number; testId: string; offset: number; children: ReactNode }) {
  return (
    <Indicator size={10} color="red" disabled={pending === 0} offset={offset} data-testid={pending > 0 ? testId : undefined}>
      {children}
    </Indicator>
  );
}
