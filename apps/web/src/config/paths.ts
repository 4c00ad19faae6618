/** Every route of spec document 1 §2 (relative to the /app basename), with its link builder. */
export const paths = {
  login: '/login',
  register: '/register',
  activate: (token: string) => `/activate/${encodeURIComponent(token)}`,
  resetPassword: '/reset-password',
  resetPasswordConfirm: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  profile: (id: number | 'me') => `/profile/${id}`,
  myTrips: '/my-trips',
  trips: '/trips',
  /** Home tab: clears the search and reloads the list. */
  tripsCleared: '/trips?clearSearch=1',
  newTrip: '/trips/create',
  updateTrip: (id: number | string) => `/trips/update/${id}`,
  trip: (id: number | string) => `/trips/${id}`,
  tripLocation: (id: number | string, location: string) => `/trips/${id}/${location}`,
  notifications: '/notifications',
  settings: '/setting',
  profileUpdate: '/setting/profile',
  friends: '/setting/friends',
  /** Mis autos: not in the spec's route table (docs/decisions/cars-screen.md). */
  cars: '/setting/cars',
  friendsSearch: '/setting/friends/search',
  conversations: '/conversations',
  conversation: (id: number | string) => `/conversations/${id}`,
  /** Opens (or starts) the conversation with a user, about a trip when given. */
  conversationWith: (userId: number, tripId?: number) => `/conversations?to=${userId}${tripId ? `&trip=${tripId}` : ''}`,
  about: '/about',
  transactions: '/transactions',
  terms: '/terminos',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminTrips: '/admin/trips',
} as const;

/** The query parameter that carries the remembered route to login or profile_update. */
export const REDIRECT_PARAM = 'redirectTo';

/** Remembered targets must stay inside the app (no open redirect). */
export function safeRedirect(target: string | null | undefined, fallback: string = paths.trips): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return fallback;
  return target;
}

export function withRedirect(path: string, target: string): string {
  return `${path}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}
