import { Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** A modal's title with its icon in a light round badge (the tips and install-app modals). */
export function ModalTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon variant="light" radius="xl" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={700} fz="lg">
        {children}
      </Text>
    </Group>
  );
}
