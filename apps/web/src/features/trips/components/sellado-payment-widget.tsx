import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCreditCard } from '@tabler/icons-react';
import type { Trip } from '@carpool/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/lib/app-config';
import { userKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { formatPrice } from '@/lib/trip-display';
import { payCreationFee } from '../api/pay-sellado';
import { tripQueryOptions } from '../api/get-trip';
import { selladoPayable as payable, selladoWidgetEnabled } from '../utils/sellado';

type WidgetTrip = Pick<Trip, 'id' | 'state' | 'payment_id'>;

/**
 * The creation fee ("sellado") payment widget of the owner's trip (spec document 1 §2: it shows when
 * the state is awaiting_payment and a payment_id exists; §4: payment_failed too, the trip hidden and
 * payable again). It pays through the payment stub without leaving the page, reads the trip again and
 * says so when the trip became visible; the page around it (state alerts, status) follows the new trip.
 */
export function SelladoPaymentWidget({ trip }: { trip: WidgetTrip }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const queryClient = useQueryClient();
  const [stateAtLoad] = useState(trip.state);
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState(false);

  if (paid) {
    return (
      <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />} title={t('selladoWidget.paidTitle')} role="status" data-testid="sellado-widget">
        {t('selladoWidget.paidText')}
      </Alert>
    );
  }
  if (!trip.payment_id || !payable(trip.state)) return null;
  const enabled = selladoWidgetEnabled(stateAtLoad, trip.state);

  const pay = async () => {
    setPaying(true);
    try {
      await payCreationFee(trip.id);
      // What the server says now: only a trip out of the unpaid states is visible.
      const fresh = await queryClient.fetchQuery({ ...tripQueryOptions(trip.id), staleTime: 0 });
      if (payable(fresh.state) || fresh.state === 'pending_payment') throw new Error(`the trip is still ${fresh.state}`);
      setPaid(true);
      void queryClient.invalidateQueries({ queryKey: userKeys.allTrips() });
    } catch {
      toast.error(t('selladoWidget.failed'));
    } finally {
      setPaying(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sellado-widget-title" data-testid="sellado-widget">
      <Stack gap="xs" align="flex-start">
        <Group gap="xs" wrap="nowrap">
          <IconCreditCard size={20} aria-hidden />
          <Title order={2} size="h4" id="sellado-widget-title">
            {t('selladoWidget.title')}
          </Title>
        </Group>
        <Text size="sm">{t(trip.state === 'payment_failed' ? 'selladoWidget.failedText' : 'selladoWidget.awaitingText')}</Text>
        <Text size="sm" fw={700}>
          {t('selladoWidget.amount', { amount: formatPrice(config.module_trip_creation_payment_amount_cents) })}
        </Text>
        <Button onClick={() => void pay()} loading={paying} disabled={!enabled} leftSection={<IconCreditCard size={16} aria-hidden />}>
          {t('selladoWidget.pay')}
        </Button>
        {!enabled && <Text size="sm">{t('selladoWidget.reloadToPay')}</Text>}
      </Stack>
    </Paper>
  );
}
