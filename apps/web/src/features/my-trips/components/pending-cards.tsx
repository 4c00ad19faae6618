import { Anchor, Avatar, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconCreditCard, IconMessage, IconX } from '@tabler/icons-react';
import { requesterIdOf, type PassengerRequest, type Trip } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useCarpoodatos } from '@/components/use-carpoodatos';
import { paths } from '@/config/paths';
import { formatTripDate, formatTripTime } from '@/lib/dates';
import { errorMessageKey } from '@/lib/errors';
import { goToPayment, seatPaymentUrl } from '@/lib/payments';
import { profileImageUrl } from '@/lib/runtime-config';
import { useDecideRequest } from '@/lib/seat-requests';
import { toast } from '@/lib/toast';
import { formatPrice } from '@/lib/trip-display';
import { useProfileGuardedLink } from '@/lib/use-profile-guard';

const GROW = { flex: '1 0 auto' } as const;

/** A request card and its trip (the provider's rows carry only `trip_id`: useRequestTrips finds it). */
type RequestCardProps = { request: PassengerRequest; trip: Trip | undefined };

/**
 * A request on one of the user's trips awaiting an answer: requester, destination, date and time;
 * accept (after the 'Carpoodatos' tips), reject, or message the requester.
 */
export function PendingRequestCard({ request, trip }: RequestCardProps) {
  const { t } = useTranslation();
  const guardLink = useProfileGuardedLink();
  const decide = useDecideRequest();
  const acceptTips = useCarpoodatos('acceptPassenger');
  const name = request.user.name;

  const answer = (decision: 'accept' | 'reject') =>
    decide.mutate(
      { tripId: request.trip_id, userId: requesterIdOf(request), decision },
      {
        onSuccess: () => toast.success(t(decision === 'accept' ? 'booking.accepted' : 'booking.rejected', { name })),
        onError: (error) => toast.error(t(errorMessageKey(error))),
      },
    );

  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="pending-request-card">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={profileImageUrl(request.user.image)} alt="" name={name} color="initials" radius="xl" />
          <Stack gap={2} miw={0}>
            <Anchor component={Link} to={paths.profile(request.user.id)} fw={700} truncate="end">
              {name}
            </Anchor>
            {trip && (
              <>
                <Anchor component={Link} to={paths.trip(trip.id)} size="sm">
                  {t('booking.wantsToJoin', { to: trip.to_town })}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {formatTripDate(trip.trip_date)} · {formatTripTime(trip.trip_date)}
                </Text>
              </>
            )}
          </Stack>
        </Group>
        {/* Each button as wide as its words, growing to fill the row: on a phone the three wrap to a second
            row rather than cut their labels ('Acept', 'Recha'). */}
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            style={GROW}
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={decide.isPending && decide.variables?.decision === 'accept'}
            disabled={decide.isPending}
            aria-label={t('booking.acceptNamed', { name })}
            onClick={() => acceptTips.run(() => answer('accept'))}
          >
            {t('booking.accept')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            style={GROW}
            leftSection={<IconX size={14} aria-hidden />}
            loading={decide.isPending && decide.variables?.decision === 'reject'}
            disabled={decide.isPending}
            aria-label={t('booking.rejectNamed', { name })}
            onClick={() => answer('reject')}
          >
            {t('booking.reject')}
          </Button>
          <Button
            size="xs"
            variant="default"
            style={GROW}
            component={Link}
            to={paths.conversationWith(request.user.id)}
            onClick={guardLink(paths.conversationWith(request.user.id))}
            leftSection={<IconMessage size={14} aria-hidden />}
            aria-label={t('booking.messageTo', { name })}
          >
            {t('booking.message')}
          </Button>
        </Group>
      </Stack>
      {acceptTips.modal}
    </Paper>
  );
}

/** An accepted request whose seat must be paid: Pagar opens the payment page, Cancelar leaves. */
export function PaymentPendingCard({ request, trip }: RequestCardProps) {
  const { t } = useTranslation();
  const decide = useDecideRequest();
  const [confirming, confirm] = useDisclosure(false);

  const cancel = () =>
    decide.mutate(
      { tripId: request.trip_id, userId: requesterIdOf(request), decision: 'cancel' },
      {
        onSuccess: () => {
          confirm.close();
          toast.success(t('bajadoDelViaje'));
        },
        onError: () => {
          confirm.close();
          toast.error(t('errorSolicitud'));
        },
      },
    );

  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="payment-pending-card">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={profileImageUrl(trip?.user?.image)} alt="" name={trip?.user?.name} color="initials" radius="xl" />
          <Stack gap={2} miw={0}>
            {trip && (
              <>
                <Anchor component={Link} to={paths.trip(trip.id)} fw={700}>
                  {t('tripDetail.title', { from: trip.from_town, to: trip.to_town })}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {formatTripDate(trip.trip_date)} · {formatTripTime(trip.trip_date)}
                  {trip.seat_price_cents > 0 ? ` · ${formatPrice(trip.seat_price_cents)}` : ''}
                </Text>
              </>
            )}
          </Stack>
        </Group>
        <Group gap="xs" grow>
          <Button size="xs" leftSection={<IconCreditCard size={14} aria-hidden />} onClick={() => goToPayment(seatPaymentUrl(request.id))}>
            {t('booking.pay')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={confirm.open}>
            {t('booking.cancelPayment')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('booking.leaveTitle')}
        message={t('seguroBajarteViaje')}
        loading={decide.isPending}
        onConfirm={cancel}
        onCancel={confirm.close}
      />
    </Paper>
  );
}
