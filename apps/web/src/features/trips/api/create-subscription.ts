import { endpoints, type Subscription, type SubscriptionBody } from '@carpool/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/subscriptions: the current search saved as an alert (my-trips lists it on its next visit). */
export const createSubscription = async (body: SubscriptionBody): Promise<Subscription> =>
  (await api.call(endpoints.subscriptions.create, { body })).data;

export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
