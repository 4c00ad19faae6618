import { useSyncExternalStore } from 'react';
import { DonationModal } from '@/components/donation-modal';
import { donationRequest } from '../utils/donation-request';

/** Where the donation modal after rating a trip shows (my trips). */
export function DonationAfterRating() {
  const tripId = useSyncExternalStore(donationRequest.subscribe, donationRequest.get, () => null);
  if (tripId === null) return null;
  return <DonationModal opened tripId={tripId} onClose={() => donationRequest.set(null)} />;
}
