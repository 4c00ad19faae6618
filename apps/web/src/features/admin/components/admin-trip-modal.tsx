import { Badge, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { Trip } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { formatShortDate, formatTripTime } from '@/lib/dates';
import { tripStatus } from '@/lib/trip-display';

/** The admin trip-detail modal (spec document 1 §2): the trip's data as the admin list sees it. */
export function AdminTripModal({ trip, onClose }: { trip: Trip | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={trip !== null}
      onClose={onClose}
      title={trip ? t('adminArea.trips.detailTitle', { from: trip.from_town, to: trip.to_town }) : ''}
      size="lg"
    >
      {trip && (
        <Stack gap="xs">
          <Group gap="xs">
            <Badge variant="light">{t(`tripDetail.status.${tripStatus(trip)}`)}</Badge>
            <Text size="sm">#{trip.id}</Text>
          </Group>
          <Text>
            <strong>{t('adminArea.trips.columns.user')}:</strong> {trip.user?.name}
          </Text>
          <Text>
            <strong>{t('adminArea.trips.columns.date')}:</strong> {formatShortDate(trip.trip_date)} {formatTripTime(trip.trip_date)}
          </Text>
          <List size="sm" aria-label={t('adminArea.trips.route')}>
            {trip.points.map((point, index) => (
              <List.Item key={index}>{point.address}</List.Item>
            ))}
          </List>
          <Text>
            <strong>{t('adminArea.trips.columns.seats')}:</strong> {trip.total_seats} · <strong>{t('adminArea.trips.columns.occupied')}:</strong>{' '}
            {trip.total_seats - trip.seats_available} · <strong>{t('adminArea.trips.columns.requests')}:</strong> {trip.request_count}
          </Text>
          {trip.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{trip.description}</Text>}
          {(trip.passenger?.length ?? 0) > 0 && (
            <>
              <Text fw={600}>{t('adminArea.trips.passengers')}</Text>
              <List size="sm">
                {trip.passenger!.map((passenger) => (
                  <List.Item key={passenger.id}>{passenger.name ?? passenger.first_name}</List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
