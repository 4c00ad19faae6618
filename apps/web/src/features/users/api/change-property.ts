import { endpoints, type User, type UserProperty } from '@carpool/contracts';
import { api } from '@/lib/api-client';

/** POST /api/users/change/{property}/{value}: the answer carries the user as `data` (or `user`). */
export async function changeUserProperty(property: UserProperty, value: boolean): Promise<User> {
  const answer = await api.call(endpoints.users.changeProperty, { params: { property, value: value ? 1 : 0 } });
  return 'data' in answer ? answer.data : answer.user;
}

/** The onboarding-viewed call: POST /api/users/change/on_boarding_view/1. */
export const markOnboardingViewed = () => changeUserProperty('on_boarding_view', true);
