import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { creationFeePaymentUrl, openPaymentSession, replaceWithPayment, seatPaymentUrl } from '@/lib/payments';
import { session } from '@/lib/session';
import { LoadingStatus } from '@/components/loading-status';

/** The payment page a search names: a seat (tp_id) or a trip's creation fee (trip_id). */
function paymentTarget(params: URLSearchParams): string | null {
  const seat = Number(params.get('tp_id'));
  const trip = Number(params.get('trip_id'));
  if (Number.isInteger(seat) && seat > 0) return seatPaymentUrl(seat);
  if (Number.isInteger(trip) && trip > 0) return creationFeePaymentUrl(trip);
  return null;
}

/**
 * /pay?tp_id= or ?trip_id= (logged in: a guest logs in first and comes back): opens the payment
 * session for the logged-in user and goes back to the payment page, which then shows only to its payer.
 */
export function PayRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = paymentTarget(params);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!target) return;
    let current = true;
    openPaymentSession(session.getState().token).then(
      () => current && replaceWithPayment(target),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [target]);

  if (!target || failed) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
        <Stack gap="xs">
          <Text size="sm">{t('paymentSession.failed')}</Text>
          {/* The brand green on the red alert falls just short of 4.5:1 (axe 4.14): the alert's own dark red. */}
          <Anchor component={Link} to={paths.myTrips} size="sm" fw={600} c="red.9" underline="always">
            {t('paymentSession.myTrips')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <LoadingStatus label={t('paymentSession.opening')} />
  );
}

export { PayRoute as Component };
