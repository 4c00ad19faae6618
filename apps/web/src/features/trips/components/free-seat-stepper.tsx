import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import type { Trip } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useChangeSeats, type SeatIncrement } from '../api/change-seats';
import { freeSeatStepper } from '../utils/seats';

/** The owner's free seats, stepped by one (POST changeSeats); the three seat errors have their messages. */
export function FreeSeatStepper({ trip }: { trip: Trip }) {
  const { t } = useTranslation();
  const change = useChangeSeats(trip.id);
  const { canAdd, canRemove } = freeSeatStepper(trip);
  const step = (increment: SeatIncrement) =>
    change.mutate(increment, { onError: (error) => toast.error(t(errorMessageKey(error, 'errorCambiarAsientos'))) });

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Text size="sm" fw={600} id="free-seats-label">
          {t('tripDetail.freeSeats')}
        </Text>
        <Group gap="sm" role="group" aria-labelledby="free-seats-label">
          <ActionIcon variant="default" size="lg" aria-label={t('tripDetail.removeFreeSeat')} disabled={!canRemove || change.isPending} onClick={() => step(-1)}>
            <IconMinus size={16} aria-hidden />
          </ActionIcon>
          <Text fw={700} fz="xl" miw={24} ta="center" aria-live="polite" data-testid="free-seats">
            {trip.seats_available}
          </Text>
          <ActionIcon variant="default" size="lg" aria-label={t('tripDetail.addFreeSeat')} disabled={!canAdd || change.isPending} onClick={() => step(1)}>
            <IconPlus size={16} aria-hidden />
          </ActionIcon>
          <Text size="sm" c="dimmed">
            {t('tripDetail.ofTotalSeats', { total: trip.total_seats })}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
