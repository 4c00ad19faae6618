import { describe, expect, it } from 'vitest';
import { DONATION_DEFAULT_LINK, donationLink, donationPanelSlots, isValidDonationAmount, shouldAskDonationAfterRating, showGeneralDonationPrompt } from './donations';

const config = { donation: { ammount_needed: 1000, month_days: 10, trips_count: 20, trips_offset: 5, trips_rated: 2 } };
const user = { monthly_donate: 0 as const, donations: [{ has_donated: 1 as const, has_denied: 0 as const, ammount: 5000, trip_id: 7 }] };
const ask = (overrides: Partial<Parameters<typeof shouldAskDonationAfterRating>[0]> = {}) =>
  shouldAskDonationAfterRating({ rated: true, config, user, tripId: 9, tripNeedsSellado: false, ...overrides });

describe('the donation modal after rating (spec document 1 §4, six conditions)', () => {
  it('shows when all hold', () => expect(ask()).toBe(true));
  it('not without the rating', () => expect(ask({ rated: false })).toBe(false));
  it('not when month_days is 0 (also as the provider string "0")', () => {
    expect(ask({ config: { donation: { ...config.donation, month_days: 0 } } })).toBe(false);
    expect(ask({ config: { donation: { ...config.donation, month_days: '0' as never } } })).toBe(false);
  });
  it('not for a trip that needs sellado', () => expect(ask({ tripNeedsSellado: true })).toBe(false));
  it('not for a monthly donor', () => expect(ask({ user: { ...user, monthly_donate: 1 } })).toBe(false));
  it('not when the user already has a record for that trip (donation or denial)', () => expect(ask({ tripId: 7 })).toBe(false));
  it('not once the records with a trip reach trips_rated', () => {
    const two = { ...user, donations: [...user.donations, { has_donated: 0 as const, has_denied: 1 as const, ammount: 0, trip_id: 8 }] };
    expect(ask({ user: two })).toBe(false);
    const monthlyRecord = { ...user, donations: [...user.donations, { has_donated: 1 as const, has_denied: 0 as const, ammount: 2000, trip_id: null }] };
    expect(ask({ user: monthlyRecord })).toBe(true);
  });
});

describe('donation prompts and amounts', () => {
  it('the general prompt shows while the day of the month is below month_days, never to monthly donors', () => {
    expect(showGeneralDonationPrompt(config, { monthly_donate: 0 }, new Date(2026, 10, 9))).toBe(true);
    expect(showGeneralDonationPrompt(config, { monthly_donate: 0 }, new Date(2026, 10, 10))).toBe(false);
    expect(showGeneralDonationPrompt(config, { monthly_donate: 1 }, new Date(2026, 10, 1))).toBe(false);
  });
  it('panels every trips_count trips shifted by trips_offset', () => {
    expect(donationPanelSlots(50, config)).toEqual([5, 25, 45]);
    expect(donationPanelSlots(50, { donation: { ...config.donation, trips_offset: 0 } })).toEqual([20, 40]);
    expect(donationPanelSlots(50, { donation: { ...config.donation, trips_count: 0 } })).toEqual([]);
  });
  it('one-time above 0, monthly at least 0; each amount has its link, an unknown one the default', () => {
    expect(isValidDonationAmount('once', 0)).toBe(false);
    expect(isValidDonationAmount('once', 2000)).toBe(true);
    expect(isValidDonationAmount('monthly', 0)).toBe(true);
    expect(isValidDonationAmount('monthly', -1)).toBe(false);
    const links = new Set([2000, 5000, 10000].flatMap((amount) => [donationLink('once', amount), donationLink('monthly', amount)]));
    expect(links.size).toBe(6);
    expect(donationLink('monthly', 50)).not.toBe(DONATION_DEFAULT_LINK);
    expect(donationLink('once', 1234)).toBe(DONATION_DEFAULT_LINK);
  });
});
