import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowRight, IconCalendarEvent, IconSearch, IconTrash } from '@tabler/icons-react';
import type { Subscription } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dayjs } from '@/lib/dates';
import { isFlagSet } from '@/lib/trip-display';
import { matchCountLabel, subscriptionDay, subscriptionPlace, subscriptionSearchUrl } from '../utils/subscription-display';

type SubscriptionItemProps = { subscription: Subscription; onDelete: (id: number) => void; deleting: boolean };

/** A saved search: origin, destination, approximate date, 'Busco pasajeros', matches (20+), delete, search. */
export function SubscriptionItem({ subscription, onDelete, deleting }: SubscriptionItemProps) {
  const { t } = useTranslation();
  const from = subscriptionPlace(subscription, 'from') ?? t('myTrips.anyPlace');
  const to = subscriptionPlace(subscription, 'to') ?? t('myTrips.anyPlace');
  const day = subscriptionDay(subscription);
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="subscription-item">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap={6} wrap="wrap" miw={0}>
            <Text fw={700}>{from}</Text>
            <IconArrowRight size={16} aria-label={t('myTrips.to')} />
            <Text fw={700}>{to}</Text>
          </Group>
          <Tooltip label={t('myTrips.deleteAlert')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('myTrips.deleteAlertNamed', { from, to })}
              loading={deleting}
              onClick={() => onDelete(subscription.id)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap="xs">
          <Group gap={4} c="dimmed">
            <IconCalendarEvent size={14} aria-hidden />
            <Text size="sm">{day ? t('myTrips.aroundDate', { date: dayjs(day).format('DD/MM/YYYY') }) : t('myTrips.anyDate')}</Text>
          </Group>
          {isFlagSet(subscription.is_passenger) && (
            <Badge variant="light" color="grape">
              {t('trips.lookingForPassenger')}
            </Badge>
          )}
        </Group>
        <Group justify="space-between">
          <Badge variant="light" color="brand" size="lg" data-testid="subscription-matches">
            {t('myTrips.matches', { count: matchCountLabel(subscription.matches_count) })}
          </Badge>
          <Button component={Link} to={subscriptionSearchUrl(subscription)} size="xs" variant="light" leftSection={<IconSearch size={14} aria-hidden />}>
            {t('myTrips.searchNow')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
