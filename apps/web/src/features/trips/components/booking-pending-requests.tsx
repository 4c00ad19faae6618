import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { requesterIdOf, type PassengerRequest } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { useCarpoodatos } from '@/components/use-carpoodatos';
import { errorMessageKey } from '@/lib/errors';
import { useDecideRequest } from '@/lib/seat-requests';
import { toast } from '@/lib/toast';
import { useTripRequests } from '../api/get-trip-requests';
import { BookingPersonRow } from './booking-person-row';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** The owner's pending requests on an upcoming trip: accept (after the tips) or reject. */
export function BookingPendingRequests({ tripId }: { tripId: number }) {
  const { t } = useTranslation();
  const requests = useTripRequests(tripId, true);
  const decide = useDecideRequest();
  const acceptTips = useCarpoodatos('acceptPassenger');

  const answer = (request: PassengerRequest, decision: 'accept' | 'reject') =>
    decide.mutate(
      { tripId, userId: requesterIdOf(request), decision },
      {
        onSuccess: () => toast.success(t(decision === 'accept' ? 'booking.accepted' : 'booking.rejected', { name: request.user.name })),
        onError: (error) => toast.error(t(errorMessageKey(error))),
      },
    );

  if (!requests.data || requests.data.length === 0) return null;
  const busy = (request: PassengerRequest) => decide.isPending && decide.variables?.userId === requesterIdOf(request);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="pending-requests-title" data-testid="trip-pending-requests">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="pending-requests-title">
          {t('booking.pendingRequests')}
        </Title>
        <Badge color="orange" variant="light">
          {requests.data.length}
        </Badge>
      </Group>
      <Stack gap="md" component="ul" style={listStyle}>
        {requests.data.map((request) => (
          <BookingPersonRow key={request.id} user={request.user} testId="pending-request">
            <Group grow gap="xs">
              <Button
                size="xs"
                loading={busy(request) && decide.variables?.decision === 'accept'}
                disabled={busy(request)}
                aria-label={t('booking.acceptNamed', { name: request.user.name })}
                onClick={() => acceptTips.run(() => answer(request, 'accept'))}
              >
                {t('booking.accept')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={busy(request) && decide.variables?.decision === 'reject'}
                disabled={busy(request)}
                aria-label={t('booking.rejectNamed', { name: request.user.name })}
                onClick={() => answer(request, 'reject')}
              >
                {t('booking.reject')}
              </Button>
            </Group>
          </BookingPersonRow>
        ))}
      </Stack>
      {acceptTips.modal}
    </Paper>
  );
}
