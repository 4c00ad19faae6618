import { endpoints } from '@carpool/contracts';
import { api } from '@/lib/api-client';
import { configKeys } from '@/lib/app-config';
import { queryClient } from '@/lib/query-client';
import { session } from '@/lib/session';

/**
 * Spec: logout clears storage, removes the device and goes to trips (the caller navigates).
 * The call leaves with the token before the session is cleared; its outcome does not matter.
 */
export function logout(): void {
  const device = session.getState().device as { id?: unknown } | null;
  const deviceId = device && device.id !== undefined ? String(device.id) : undefined;
  if (session.getState().token) {
    api.call(endpoints.auth.logout, { body: deviceId ? { device_id: deviceId } : {} }).catch(() => undefined);
  }
  session.clear('logout');
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== configKeys.all[0] });
}
