import type { Notification } from '@carpool/contracts';
import { paths } from '@/config/paths';

/** Where a click on a notification goes (spec document 1 §2, Notifications). */
export type NotificationTarget = { kind: 'app'; to: string } | { kind: 'external'; url: string } | null;

const idOf = (value: unknown): number | null => {
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
};

/** Only web addresses open from an announcement (never javascript: or data: URLs). */
const externalUrl = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/** Goes by `extras.type`, where the provider puts it; types the spec does not list have no link. */
export function notificationTarget({ extras }: Pick<Notification, 'extras'>): NotificationTarget {
  switch (extras.type) {
    case 'trip': {
      const id = idOf(extras.trip_id);
      return id ? { kind: 'app', to: paths.trip(id) } : null;
    }
    case 'friends':
      return { kind: 'app', to: paths.friends };
    case 'subscription':
      return { kind: 'app', to: `${paths.myTrips}?loc=suscriptions` };
    case 'my-trips':
      return { kind: 'app', to: paths.myTrips };
    case 'conversation': {
      const id = idOf(extras.conversation_id);
      return id ? { kind: 'app', to: paths.conversation(id) } : null;
    }
    case 'announcement': {
      const url = externalUrl(extras.external_url);
      return url ? { kind: 'external', url } : null;
    }
    default:
      return null;
  }
}
