import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { REQUEST_STATES, endpoints, isActiveRequest, type ConversationTrip } from '@carpool/contracts';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { conversationKeys } from '@/lib/conversations';
import { formatTripDate, formatTripTime, isPast } from '@/lib/dates';
import { decideRequest } from '@/lib/seat-requests';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { tripOwnerId } from '@/lib/trip-display';
import { toast } from '@/lib/toast';
import { useProfileGuard } from '@/lib/use-profile-guard';

/** Where the viewer stands: a sent request, a seat (aboard or to pay), or nothing to withdraw. */
type Standing = 'none' | 'sent' | 'aboard' | 'payment';

function standingOf(trip: ConversationTrip, viewerId: number | undefined): Standing {
  // trip.passenger holds user objects (id = the user's); a missing state means aboard.
  const own = (trip.passenger ?? []).find((passenger) => passenger.id === viewerId);
  const state = own ? (own.request_state ?? REQUEST_STATES.accepted) : undefined;
  if (state === REQUEST_STATES.accepted) return 'aboard';
  if (state !== undefined && isActiveRequest(state)) return 'payment';
  return trip.request === 'send' ? 'sent' : 'none';
}

/** What the withdraw button says and asks (spec document 1 §5's question for leaving a trip). */
const WITHDRAW: Record<Exclude<Standing, 'none'>, { label: string; title: string; message: string; done: string }> = {
  sent: { label: 'booking.cancelRequest', title: 'booking.cancelRequestTitle', message: 'booking.cancelRequestConfirm', done: 'booking.requestCancelled' },
  aboard: { label: 'booking.leaveTrip', title: 'booking.leaveTitle', message: 'seguroBajarteViaje', done: 'bajadoDelViaje' },
  payment: { label: 'booking.leaveTrip', title: 'booking.leaveTitle', message: 'seguroBajarteViaje', done: 'bajadoDelViaje' },
};

/** Spec document 2 §8, Seat requests: two codes have their own message, the rest the generic one. */
function requestErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.code === 'user_has_reach_request_limit') return 'limiteDeConsultas';
  if (error instanceof ApiError && error.code === 'user_has_another_similar_trip') return 'viajeSimilar';
  return 'errorSolicitud';
}

type TripPanelProps = {
  trip: ConversationTrip;
  conversationId: number;
  /** The chat trip's return trip (the conversation's `return_trip`). */
  isReturn?: boolean;
};

/**
 * A trip of the chat (only with module_coordinate_by_message, spec document 1 §2): where and
 * when, and for a viewer who is not the driver the request and cancel buttons.
 */
export function TripPanel({ trip, conversationId, isReturn = false }: TripPanelProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const guardProfile = useProfileGuard();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) });
  const request = useMutation({
    mutationFn: () => api.call(endpoints.requests.create, { params: { id: trip.id } }),
    onSuccess: ({ data }) => {
      toast.success(t(data.request_state === REQUEST_STATES.accepted ? 'subidoAlViaje' : 'solicitudExitosa'));
      refresh();
    },
    onError: (error) => toast.error(t(requestErrorKey(error))),
  });
  const standing = standingOf(trip, user?.id);
  const withdraw = standing === 'none' ? null : WITHDRAW[standing];
  const [confirming, confirm] = useDisclosure(false);
  const cancel = useMutation({
    mutationFn: () => decideRequest(trip.id, user!.id, 'cancel'),
    onSuccess: () => {
      confirm.close();
      toast.success(t(withdraw?.done ?? 'bajadoDelViaje'));
      refresh();
    },
    onError: () => {
      confirm.close();
      toast.error(t('errorSolicitud'));
    },
  });
  const mine = tripOwnerId(trip) === user?.id;
  const expired = isPast(trip.trip_date);

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t(isReturn ? 'chat.returnTripPanel' : 'chat.tripPanel')} data-testid={isReturn ? 'chat-return-trip-panel' : 'chat-trip-panel'}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconCar size={22} aria-hidden />
          <Stack gap={0}>
            <Anchor component={Link} to={paths.trip(trip.id)} fw={600} size="sm">
              {t(isReturn ? 'chat.returnTripRoute' : 'chat.tripRoute', { from: trip.from_town, to: trip.to_town })}
            </Anchor>
            <Text size="xs" c="gray.7">
              {formatTripDate(trip.trip_date)} · {formatTripTime(trip.trip_date)} · {t('chat.tripSeats', { count: trip.seats_available })}
            </Text>
          </Stack>
        </Group>
        {!mine && !expired && (
          <Group gap="xs">
            {withdraw ? (
              <Button size="xs" variant="outline" color="red.9" onClick={confirm.open}>
                {t(withdraw.label)}
              </Button>
            ) : (
              <Button size="xs" loading={request.isPending} disabled={trip.seats_available <= 0} onClick={() => guardProfile() && request.mutate()}>
                {t('booking.requestSeat')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {withdraw && (
        <ConfirmDialog
          opened={confirming}
          title={t(withdraw.title)}
          message={t(withdraw.message)}
          loading={cancel.isPending}
          onConfirm={() => cancel.mutate()}
          onCancel={confirm.close}
        />
      )}
    </Paper>
  );
}
