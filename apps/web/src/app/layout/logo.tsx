import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function Logo({ appName }: { appName: string }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={paths.trips} aria-label={`${appName}, ${t('nav.goHome')}`}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={34} radius="md" aria-hidden>
          <IconCar size={22} />
        </ThemeIcon>
        <Text fw={800} fz="xl" c="brand.8" lh={1}>
          {appName}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
