import { DONATIONS, type AppConfig, type User } from '@carpool/contracts';

export type DonationKind = 'once' | 'monthly';

/** Payment page of each amount and kind (spec document 2 §9); an unknown value falls back to the general page. */
export const DONATION_DEFAULT_LINK = 'https://carpoolear.com.ar/donar';
const DONATION_LINKS: Record<string, string> = {
  'once-2000': 'https://carpoolear.com.ar/donar?tipo=unica&monto=2000',
  'once-5000': 'https://carpoolear.com.ar/donar?tipo=unica&monto=5000',
  'once-10000': 'https://carpoolear.com.ar/donar?tipo=unica&monto=10000',
  'monthly-2000': 'https://carpoolear.com.ar/donar?tipo=mensual&monto=2000',
  'monthly-5000': 'https://carpoolear.com.ar/donar?tipo=mensual&monto=5000',
  'monthly-10000': 'https://carpoolear.com.ar/donar?tipo=mensual&monto=10000',
  [`monthly-${DONATIONS.customMonthlyValue}`]: 'https://carpoolear.com.ar/donar?tipo=mensual&monto=otro',
};

export const donationLink = (kind: DonationKind, amount: number): string => DONATION_LINKS[`${kind}-${amount}`] ?? DONATION_DEFAULT_LINK;

/** Spec: a one-time amount above 0, a monthly one at least 0. */
export const isValidDonationAmount = (kind: DonationKind, amount: number): boolean =>
  Number.isFinite(amount) && (kind === 'once' ? amount > 0 : amount >= 0);

const num = (value: unknown) => Number(value ?? 0);

/** Donation prompts are hidden for monthly donors (spec document 1 §6). */
/** Any user record (the session's keeps the profile's fields untyped). */
type MaybeDonor = { monthly_donate?: unknown; [key: string]: unknown } | null | undefined;

export const isMonthlyDonor = (user: MaybeDonor) => Boolean(user?.monthly_donate);

/**
 * The donation modal after rating a trip appears only if all six hold (spec document 1 §4): the
 * rating exists, month_days > 0, the trip needs no sellado, the user is not a monthly donor, has no
 * donation record for that trip, and has fewer donation records with a trip than trips_rated.
 */
export function shouldAskDonationAfterRating(input: {
  rated: boolean;
  config: Pick<AppConfig, 'donation'>;
  user: Pick<User, 'monthly_donate' | 'donations'>;
  tripId: number;
  tripNeedsSellado: boolean;
}): boolean {
  const donation = input.config.donation;
  if (!input.rated || !donation) return false;
  const records = input.user.donations ?? [];
  return (
    num(donation.month_days) > 0 &&
    !input.tripNeedsSellado &&
    !isMonthlyDonor(input.user) &&
    !records.some((record) => record.trip_id === input.tripId) &&
    records.filter((record) => record.trip_id !== null && record.trip_id !== undefined).length < num(donation.trips_rated)
  );
}

/** The general prompt shows while the day of the month is below month_days (and never to monthly donors). */
export const showGeneralDonationPrompt = (config: Pick<AppConfig, 'donation'>, user: MaybeDonor, today: Date) =>
  !isMonthlyDonor(user) && today.getDate() < num(config.donation?.month_days);

/** Trips-list panel positions: every trips_count trips, shifted by trips_offset (index = cards before it). */
export function donationPanelSlots(tripCount: number, config: Pick<AppConfig, 'donation'>): number[] {
  const every = num(config.donation?.trips_count);
  const offset = num(config.donation?.trips_offset);
  if (every <= 0) return [];
  const slots: number[] = [];
  for (let index = offset > 0 ? offset : every; index <= tripCount; index += every) slots.push(index);
  return slots;
}
