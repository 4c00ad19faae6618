import { runtimeConfig } from './runtime-config';

/** The seat payment page (spec document 2 §2): {host}/transbank?tp_id=<seat request id>. */
export const seatPaymentUrl = (requestId: number): string => `${runtimeConfig.apiUrl}/transbank?tp_id=${requestId}`;

/** The creation fee ("sellado") page of a trip waiting for it. */
export const creationFeePaymentUrl = (tripId: number): string => `${runtimeConfig.apiUrl}/transbank/sellado?trip_id=${tripId}`;

/**
 * The mock's payment pages are full page loads without the bearer token: this trades it for their
 * short payment session (an HttpOnly cookie scoped to /transbank), so only the payer sees the page.
 */
export async function openPaymentSession(token: string | null): Promise<void> {
  const answer = await fetch(`${runtimeConfig.apiUrl}/transbank/session`, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!answer.ok) throw new Error(`the payment session was refused (${answer.status})`);
}

/** The payment page is outside the app: a full page navigation. */
export function goToPayment(url: string): void {
  window.location.assign(url);
}

/** The same, replacing the current page (the /pay step is not kept in the history). */
export function replaceWithPayment(url: string): void {
  window.location.replace(url);
}
