import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

describe('notificationTarget', () => {
  it('goes by type (spec document 1 §2)', () => {
    expect(notificationTarget({ extras: { type: 'trip', trip_id: 42 } })).toEqual({ kind: 'app', to: '/trips/42' });
    expect(notificationTarget({ extras: { type: 'friends' } })).toEqual({ kind: 'app', to: '/setting/friends' });
    expect(notificationTarget({ extras: { type: 'subscription', subscription_id: 3 } })).toEqual({ kind: 'app', to: '/my-trips?loc=suscriptions' });
    expect(notificationTarget({ extras: { type: 'my-trips' } })).toEqual({ kind: 'app', to: '/my-trips' });
    expect(notificationTarget({ extras: { type: 'conversation', conversation_id: '15' } })).toEqual({ kind: 'app', to: '/conversations/15' });
    expect(notificationTarget({ extras: { type: 'announcement', external_url: 'https://example.org/novedades' } })).toEqual({
      kind: 'external',
      url: 'https://example.org/novedades',
    });
  });

  it('has nowhere to go without the id or with a URL that is not a web address', () => {
    expect(notificationTarget({ extras: { type: 'trip' } })).toBeNull();
    expect(notificationTarget({ extras: { type: 'conversation', conversation_id: 'x' } })).toBeNull();
    expect(notificationTarget({ extras: { type: 'announcement', external_url: 'javascript:alert(1)' } })).toBeNull();
    expect(notificationTarget({ extras: { type: 'announcement' } })).toBeNull();
    // The provider's other types (a friend's trip, live location, support tickets) and none at all.
    expect(notificationTarget({ extras: { type: 'live_location', trip_id: 3 } })).toBeNull();
    expect(notificationTarget({ extras: {} })).toBeNull();
  });
});
