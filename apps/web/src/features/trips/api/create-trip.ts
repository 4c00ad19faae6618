import { endpoints, type PriceInfo, type Trip, type TripBody } from '@carpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toReturnTripBody, toTripBody, type TripFormValues } from '../utils/trip-form';
import { tripKeys } from '@/lib/query-keys';

export const createTrip = async (body: TripBody): Promise<Trip> => (await api.call(endpoints.trips.create, { body })).data;

export type SavedTrip = { trip: Trip; returnTrip: Trip | null; returnError: unknown };

/**
 * Spec: the trip is saved, then the return trip with parent_trip_id. A failed return trip does not
 * undo the outbound one: the caller reports it and still shows the saved trip.
 */
export async function createTripWithReturn(
  values: TripFormValues,
  route?: PriceInfo,
  returnRoute?: PriceInfo,
): Promise<SavedTrip> {
  const trip = await createTrip(toTripBody(values, route));
  if (!values.returnTrip.enabled) return { trip, returnTrip: null, returnError: null };
  try {
    const returnTrip = await createTrip(toReturnTripBody(values, trip.id, returnRoute));
    return { trip, returnTrip, returnError: null };
  } catch (error) {
    return { trip, returnTrip: null, returnError: error };
  }
}

type CreateInput = { values: TripFormValues; route?: PriceInfo; returnRoute?: PriceInfo };

export const useCreateTrip = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, route, returnRoute }: CreateInput) => createTripWithReturn(values, route, returnRoute),
    onSuccess: ({ trip, returnTrip }) => {
      queryClient.setQueryData(tripKeys.detail(trip.id), trip);
      if (returnTrip) queryClient.setQueryData(tripKeys.detail(returnTrip.id), returnTrip);
      void queryClient.invalidateQueries({ queryKey: tripKeys.searches() });
      void queryClient.invalidateQueries({ queryKey: tripKeys.sealing() });
    },
  });
};
