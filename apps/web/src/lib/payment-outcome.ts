import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from './toast';

/**
 * The payment page sends the browser back to my trips with `?payment=ok` or `?payment=failed`.
 * The page says so in a toast once and drops the parameter, so a reload does not say it again.
 * A provider that returns without the parameter simply shows no toast.
 */
export function usePaymentOutcomeToast(): void {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('payment');
  const told = useRef(false);

  useEffect(() => {
    if (told.current || (outcome !== 'ok' && outcome !== 'failed')) return;
    told.current = true;
    if (outcome === 'ok') toast.success(t('paymentOutcome.ok'));
    else toast.error(t('paymentOutcome.failed'));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams, t]);
}
