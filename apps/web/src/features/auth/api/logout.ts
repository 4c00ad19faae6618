import { endpoints } from '@carpool/contracts';
import { api } from '@/lib/api-client';
import { configKeys } from '@/lib/app-config';
import { queryClient } from '@/lib/query-client';
import { session } from '@/lib/session';

/**
 * Spec: logout clears storage, removes the device and goes to trips (the caller navigates).
 * One call removes both: POST /api/logout deletes this session's device (the provider's
 * AuthController::logout) and the one whose device_id (push token) it names. A second call
 * (DELETE /api/devices/:id) could reach the API after the token is revoked, and its 401 would read
 * as an expired session. The call leaves with the token before the session is cleared; its outcome
 * does not matter.
 */
export function logout(): void {
  const deviceId = session.getState().device?.device_id;
  if (session.getState().token) {
    api.call(endpoints.auth.logout, { body: deviceId ? { device_id: deviceId } : {} }).catch(() => undefined);
  }
  session.clear('logout');
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== configKeys.all[0] });
}
