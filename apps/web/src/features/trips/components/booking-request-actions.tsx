import { Alert, Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArmchair, IconCheck, IconCreditCard, IconMessage, IconUserCheck } from '@tabler/icons-react';
import { REQUEST_STATES, type Trip } from '@carpool/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useCarpoodatos } from '@/components/use-carpoodatos';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { goToPayment, seatPaymentUrl } from '@/lib/payments';
import { useDecideRequest } from '@/lib/seat-requests';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { isFlagSet, tripOwnerId } from '@/lib/trip-display';
import { useProfileGuard } from '@/lib/use-profile-guard';
import { useSeatToPay } from '../api/get-seat-to-pay';
import { useRequestSeat } from '../api/request-seat';
import { requestErrorKey, viewerBooking } from './booking-status';

/**
 * The viewer's buttons on someone else's upcoming trip: request a seat (profile guard, then the
 * 'Carpoodatos' tips), the sent marker with its cancel, leave the trip, pay an accepted seat, and
 * message the driver (after the cost-sharing tips).
 */
export function BookingRequestActions({ trip }: { trip: Trip }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const config = useAppConfig();
  const guardProfile = useProfileGuard();
  const requestTips = useCarpoodatos('requestSeat');
  const messageTips = useCarpoodatos('pricing');
  const request = useRequestSeat(trip.id);
  const cancel = useDecideRequest();
  const [confirming, confirm] = useDisclosure(false);
  // Only a seat-payment country has seats to pay; the provider marks them as sent requests.
  const seatToPay = useSeatToPay(trip.id, config.module_trip_seats_payment && trip.request === 'send');
  const booking = viewerBooking(trip, user?.id, seatToPay.data);
  const seeksDriver = isFlagSet(trip.is_passenger);
  const full = trip.seats_available <= 0;

  const makeRequest = () =>
    request.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer.request_state === REQUEST_STATES.waitingPayment) {
          goToPayment(seatPaymentUrl(answer.id));
          return;
        }
        toast.success(t(answer.request_state === REQUEST_STATES.accepted ? 'subidoAlViaje' : 'solicitudExitosa'));
      },
      onError: (error) => toast.error(t(requestErrorKey(error))),
    });

  const onRequest = () => {
    if (guardProfile()) requestTips.run(makeRequest);
  };

  const onMessage = () => {
    if (guardProfile()) messageTips.run(() => void navigate(paths.conversationWith(tripOwnerId(trip)!, trip.id)));
  };

  // A request not yet answered is withdrawn, not left: its own question and message.
  const withdrawingRequest = booking.status === 'sent';
  const leave = () => {
    if (!user) return;
    cancel.mutate(
      { tripId: trip.id, userId: user.id, decision: 'cancel' },
      {
        onSuccess: () => {
          confirm.close();
          toast.success(t(withdrawingRequest ? 'booking.requestCancelled' : 'bajadoDelViaje'));
        },
        onError: () => {
          confirm.close();
          toast.error(t('errorSolicitud'));
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="booking-actions" data-booking={booking.status}>
      {!seeksDriver && booking.status === 'none' && (
        <Button fullWidth size="md" leftSection={<IconArmchair size={18} aria-hidden />} loading={request.isPending} disabled={full} onClick={onRequest}>
          {full ? t('booking.noSeats') : t('booking.requestSeat')}
        </Button>
      )}

      {booking.status === 'sent' && (
        <>
          <Button fullWidth size="md" disabled leftSection={<IconCheck size={18} aria-hidden />}>
            {t('booking.requestSent')}
          </Button>
          <Button fullWidth variant="light" color="red" onClick={confirm.open}>
            {t('booking.cancelRequest')}
          </Button>
        </>
      )}

      {booking.status === 'aboard' && (
        <>
          <Alert color="green" icon={<IconUserCheck size={18} aria-hidden />} py="xs">
            {t('booking.aboard')}
          </Alert>
          <Button fullWidth variant="light" color="red" onClick={confirm.open}>
            {t('booking.leaveTrip')}
          </Button>
        </>
      )}

      {booking.status === 'payment' && (
        <>
          <Alert color="yellow" icon={<IconCreditCard size={18} aria-hidden />} py="xs">
            {t('booking.awaitingPayment')}
          </Alert>
          <Button fullWidth size="md" leftSection={<IconCreditCard size={18} aria-hidden />} onClick={() => goToPayment(seatPaymentUrl(booking.requestId))}>
            {t('booking.pay')}
          </Button>
          <Button fullWidth variant="light" color="red" onClick={confirm.open}>
            {t('booking.cancelPayment')}
          </Button>
        </>
      )}

      {/* A long name wraps on a phone instead of being cut off. */}
      <Button fullWidth variant="default" h="auto" mih={36} py={6} styles={{ label: { whiteSpace: 'normal' } }} leftSection={<IconMessage size={18} aria-hidden />} onClick={onMessage}>
        {t('booking.messageDriver', { name: trip.user?.name ?? '' })}
      </Button>

      <ConfirmDialog
        opened={confirming}
        title={t(withdrawingRequest ? 'booking.cancelRequestTitle' : 'booking.leaveTitle')}
        message={t(withdrawingRequest ? 'booking.cancelRequestConfirm' : 'seguroBajarteViaje')}
        loading={cancel.isPending}
        onConfirm={leave}
        onCancel={confirm.close}
      />
      {requestTips.modal}
      {messageTips.modal}
    </Stack>
  );
}
