import { runtimeConfig } from './runtime-config';

/** The seat payment page (spec document 2 §2): {host}/transbank?tp_id=<seat request id>. */
export const seatPaymentUrl = (requestId: number): string => `${runtimeConfig.apiUrl}/transbank?tp_id=${requestId}`;

/** The creation fee ("sellado") page of a trip waiting for it. */
export const creationFeePaymentUrl = (tripId: number): string => `${runtimeConfig.apiUrl}/transbank/sellado?trip_id=${tripId}`;

/** The payment page is outside the app: a full page navigation. */
export function goToPayment(url: string): void {
  window.location.assign(url);
}
