import { openPaymentSession } from '@/lib/payments';
import { runtimeConfig } from '@/lib/runtime-config';
import { session } from '@/lib/session';

/**
 * Pays a trip's creation fee ("sellado") from the trip page, through the mock's payment stub
 * (apps/mock-api/src/plugins/transbank.ts): the bearer token is traded for the payment session (as
 * the seat payment's /pay step does), then the stub's own "Pagar" form is sent (POST
 * /transbank/sellado/pay with trip_id). The stub answers a redirect back to the trip when it took the
 * payment (opaque to `redirect: 'manual'`) and an error page (4xx/5xx) when it did not. The caller
 * reads the trip again to see its new state.
 */
export async function payCreationFee(tripId: number): Promise<void> {
  await openPaymentSession(session.getState().token);
  const answer = await fetch(`${runtimeConfig.apiUrl}/transbank/sellado/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ trip_id: String(tripId) }).toString(),
    credentials: 'include',
    redirect: 'manual',
  });
  if (answer.type !== 'opaqueredirect' && !answer.ok) throw new Error(`the creation fee payment was refused (${answer.status})`);
}
