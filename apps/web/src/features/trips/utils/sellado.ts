import type { Trip } from '@carpool/contracts';

/** The states in which the owner may pay the creation fee ("sellado"), again after a failed attempt. */
export const selladoPayable = (state: Trip['state']): boolean => state === 'awaiting_payment' || state === 'payment_failed';

/**
 * The sellado widget is enabled at load on awaiting_payment and payment_failed; a later change of the
 * trip's state (the page read it again) enables it only on awaiting_payment (spec document 1 §4).
 */
export function selladoWidgetEnabled(stateAtLoad: Trip['state'], state: Trip['state']): boolean {
  return state === stateAtLoad ? selladoPayable(state) : state === 'awaiting_payment';
}
