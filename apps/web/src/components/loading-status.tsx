import { Center, Group, Loader, Text, type MantineSpacing } from '@mantine/core';

/** A spinner with its text, announced as a status ('Cargando viajes...'). */
export function LoadingStatus({ label, py = 'xl' }: { label: string; py?: MantineSpacing }) {
  return (
    <Center py={py} role="status">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>{label}</Text>
      </Group>
    </Center>
  );
}
