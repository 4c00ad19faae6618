import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useDeleteSubscription } from '../api/delete-subscription';
import { useSubscriptions } from '../api/get-subscriptions';
import { MyTripsSection } from './my-trips-section';
import { SubscriptionItem } from './subscription-item';

/** Saved-search subscriptions (my-trips?loc=suscriptions). */
export function SubscriptionsSection() {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions();
  const remove = useDeleteSubscription();
  const onDelete = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => toast.success(t('myTrips.alertDeleted')),
      onError: (error) => toast.error(t(errorMessageKey(error))),
    });
  return (
    <MyTripsSection
      id="suscriptions"
      title={t('myTrips.subscriptions')}
      query={subscriptions}
      emptyText={t('myTrips.noSubscriptions')}
      render={(items) => (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((subscription) => (
            <SubscriptionItem
              key={subscription.id}
              subscription={subscription}
              onDelete={onDelete}
              deleting={remove.isPending && remove.variables === subscription.id}
            />
          ))}
        </SimpleGrid>
      )}
    />
  );
}
