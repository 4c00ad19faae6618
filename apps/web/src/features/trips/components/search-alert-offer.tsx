import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { errorMessageKey } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useCreateSubscription } from '../api/create-subscription';
import { subscriptionBodyFromSearch } from '../utils/search-alert';
import type { TripSearchValues } from '../utils/search-params';

/** With no results: save the search as an alert ('correctamenteSubscripto' / 'yaTienesSubscripcion'). */
export function SearchAlertOffer({ values }: { values: TripSearchValues }) {
  const { t } = useTranslation();
  const create = useCreateSubscription();
  const [subscribed, setSubscribed] = useState(false);

  const subscribe = () =>
    create.mutate(subscriptionBodyFromSearch(values), {
      onSuccess: () => {
        setSubscribed(true);
        toast.success(t('correctamenteSubscripto'));
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'subscription_exist') {
          setSubscribed(true);
          toast.info(t('yaTienesSubscripcion'));
          return;
        }
        toast.error(t(errorMessageKey(error)));
      },
    });

  return (
    <Paper withBorder radius="md" p="md" maw={460} w="100%" data-testid="search-alert-offer">
      <Stack gap="sm" align="center" ta="center">
        <Text size="sm">{t('searchAlert.offer')}</Text>
        <Button
          leftSection={subscribed ? <IconBellCheck size={16} aria-hidden /> : <IconBell size={16} aria-hidden />}
          onClick={subscribe}
          loading={create.isPending}
          disabled={subscribed}
          variant={subscribed ? 'light' : 'filled'}
        >
          {subscribed ? t('searchAlert.subscribed') : t('searchAlert.subscribe')}
        </Button>
      </Stack>
    </Paper>
  );
}
