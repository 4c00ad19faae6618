import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarrierBlock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

type UnderConstructionProps = {
  /** i18n key of the page name (pages.*). */
  pageKey: string;
};

/** Placeholder of the pages that later issues build. */
export function UnderConstruction({ pageKey }: UnderConstructionProps) {
  const { t } = useTranslation();
  const page = t(pageKey);
  return (
    <Center py="xl">
      <Paper withBorder radius="md" p="xl" maw={520} w="100%" data-testid="under-construction">
        <Stack align="center" ta="center">
          <ThemeIcon size={56} radius="xl" color="yellow" variant="light">
            <IconBarrierBlock size={32} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2">
            {page}
          </Title>
          <Text fw={600}>{t('underConstruction.title')}</Text>
          <Text c="dimmed">{t('underConstruction.text', { page })}</Text>
          <Button component={Link} to={paths.trips} variant="light">
            {t('underConstruction.back')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
