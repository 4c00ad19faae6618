import { Anchor, Card, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGasStation, IconLeaf, IconMapPin, IconUsersGroup } from '@tabler/icons-react';
import { ENVIRONMENT } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { appTitle, useAppConfig } from '@/lib/app-config';

const number = (value: number, digits = 3) => value.toLocaleString('es-AR', { maximumFractionDigits: digits });

/** A sample trip for the environmental claim: what one shared trip of this length saves. */
const SAMPLE_TRIP_KM = 400;

/** about (/about): the mission and the environmental claim (spec document 2 §9), with the map credits. */
export function AboutRoute() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const app = appTitle(config);
  const co2 = ENVIRONMENT.co2SavedGramsPerKm;
  const fuel = ENVIRONMENT.fuelSavedLitresPerKm;

  return (
    <Stack gap="xl" maw={960} mx="auto">
      <Stack gap="sm">
        <Title order={1}>{t('about.title', { app })}</Title>
        <Text size="lg">{t('about.mission', { app, country: config.country_name })}</Text>
        <Text>{t('about.how')}</Text>
      </Stack>

      <Card withBorder radius="md" padding="lg" bg="brand.0">
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('about.environmentTitle')}
          </Title>
          <Text fw={600} data-testid="environmental-claim">
            {t('about.environmentClaim', { co2: number(co2), fuel: number(fuel) })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Paper withBorder p="md" radius="md">
              <Stack gap={4} align="flex-start">
                <ThemeIcon variant="light" color="green" radius="xl">
                  <IconLeaf size={18} aria-hidden />
                </ThemeIcon>
                <Text fz={28} fw={800} lh={1.1}>
                  {t('about.co2Value', { value: number(co2) })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('about.co2Label')}
                </Text>
              </Stack>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Stack gap={4} align="flex-start">
                <ThemeIcon variant="light" color="orange" radius="xl">
                  <IconGasStation size={18} aria-hidden />
                </ThemeIcon>
                <Text fz={28} fw={800} lh={1.1}>
                  {t('about.fuelValue', { value: number(fuel) })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('about.fuelLabel')}
                </Text>
              </Stack>
            </Paper>
          </SimpleGrid>
          <Text size="sm">
            {t('about.example', {
              km: number(SAMPLE_TRIP_KM),
              co2: number((SAMPLE_TRIP_KM * co2) / 1000, 1),
              fuel: number(SAMPLE_TRIP_KM * fuel, 1),
            })}
          </Text>
        </Stack>
      </Card>

      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('about.valuesTitle')}
        </Title>
        <List spacing="xs" icon={<ThemeIcon size={22} radius="xl" variant="light"><IconUsersGroup size={14} aria-hidden /></ThemeIcon>}>
          <List.Item>{t('about.values.trust')}</List.Item>
          <List.Item>{t('about.values.noProfit')}</List.Item>
          <List.Item>{t('about.values.community')}</List.Item>
        </List>
        <Text>
          {t('about.termsPrefix')}{' '}
          <Anchor component={Link} to={paths.terms}>
            {t('pages.terms')}
          </Anchor>
          .
        </Text>
      </Stack>

      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('about.creditsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          <IconMapPin size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('about.placesCredit')}{' '}
          <Anchor href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer" inherit underline="always">
            © OpenStreetMap contributors
          </Anchor>{' '}
          ({t('about.odbl')})
        </Text>
      </Stack>
    </Stack>
  );
}

export { AboutRoute as Component };
