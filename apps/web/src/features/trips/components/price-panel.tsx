import { Group, Paper, Stack, Text } from '@mantine/core';
import type { PriceInfo } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/app-config';
import { formatPrice } from '@/lib/trip-display';
import { distanceKm, formatDuration } from '../utils/trip-stats';
import { routeMaximumSeatPriceCents, suggestedSeatPriceCents } from '../utils/seat-price';

type PricePanelProps = { route: PriceInfo; seats: number; limitCents: number | null };

/** Suggested and maximum seat price of the chosen route, with its distance and time. */
export function PricePanel({ route, seats, limitCents }: PricePanelProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const suggested = suggestedSeatPriceCents(route, seats, config);
  const maximum = limitCents ?? routeMaximumSeatPriceCents(route, seats, config);
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" aria-label={t('tripForm.pricePanel')} role="group" data-testid="price-panel">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('tripForm.suggestedPrice')}</Text>
          <Text size="sm" fw={700}>
            {suggested !== null ? formatPrice(suggested) : '—'}
          </Text>
        </Group>
        {maximum !== null && (
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('tripForm.maximumPrice')}</Text>
            <Text size="sm" fw={700}>
              {formatPrice(maximum)}
            </Text>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {t('tripForm.routeSummary', { km: distanceKm(route.distance), time: formatDuration(route.duration / 60) })}
        </Text>
      </Stack>
    </Paper>
  );
}
