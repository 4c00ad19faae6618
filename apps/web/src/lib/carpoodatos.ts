import { endpoints, type AppConfig } from '@carpool/contracts';
import { api } from './api-client';
import { isFlagSet } from './trip-display';
import { session, type SessionUser } from './session';

/**
 * The 'Carpoodatos' info modals (spec document 1 §2, Trip detail and Other screens): tips shown
 * before requesting a seat, before messaging a driver (sharing costs) and before accepting a
 * passenger, each with its own "don't show again" flag on the user.
 */
export const CARPOODATOS_FLAGS = {
  requestSeat: 'do_not_alert_request_seat',
  pricing: 'do_not_alert_pricing',
  acceptPassenger: 'do_not_alert_accept_passenger',
} as const;
export type CarpoodatosKind = keyof typeof CARPOODATOS_FLAGS;

/** Shown unless the user asked not to see it again or the country disables user hints. */
export function shouldShowCarpoodatos(
  kind: CarpoodatosKind,
  user: SessionUser | null | undefined,
  config: Pick<AppConfig, 'disable_user_hints'>,
): boolean {
  if (config.disable_user_hints) return false;
  return !isFlagSet(user?.[CARPOODATOS_FLAGS[kind]] as boolean | 0 | 1 | null | undefined);
}

/**
 * "No volver a mostrar": the session forgets the modal at once; POST
 * /api/users/change/{flag}/1 keeps it so. A failed call only means the modal shows next session.
 */
export async function dontShowCarpoodatosAgain(kind: CarpoodatosKind): Promise<void> {
  const flag = CARPOODATOS_FLAGS[kind];
  const current = session.getState().user;
  if (current) session.setUser({ ...current, [flag]: 1 });
  try {
    const answer = await api.call(endpoints.users.changeProperty, { params: { property: flag, value: 1 } });
    const user = 'data' in answer ? answer.data : answer.user;
    const latest = session.getState().user;
    if (latest && latest.id === user.id) session.setUser({ ...latest, ...user });
  } catch {
    // The flag stays set for this session.
  }
}
