import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

describe('notificationTarget', () => {
  it('goes by type (spec document 1 §2)', () => {
    expect(notificationTarget({ type: 'trip', extras: { trip_id: 42 } })).toEqual({ kind: 'app', to: '/trips/42' });
    expect(notificationTarget({ type: 'friends', extras: {} })).toEqual({ kind: 'app', to: '/setting/friends' });
    expect(notificationTarget({ type: 'subscription', extras: { subscription_id: 3 } })).toEqual({ kind: 'app', to: '/my-trips?loc=suscriptions' });
    expect(notificationTarget({ type: 'my-trips', extras: {} })).toEqual({ kind: 'app', to: '/my-trips' });
    expect(notificationTarget({ type: 'conversation', extras: { conversation_id: '15' } })).toEqual({ kind: 'app', to: '/conversations/15' });
    expect(notificationTarget({ type: 'announcement', extras: { url: 'https://example.org/novedades' } })).toEqual({
      kind: 'external',
      url: 'https://example.org/novedades',
    });
  });

  it('has nowhere to go without the id or with a URL that is not a web address', () => {
    expect(notificationTarget({ type: 'trip', extras: {} })).toBeNull();
    expect(notificationTarget({ type: 'conversation', extras: { conversation_id: 'x' } })).toBeNull();
    expect(notificationTarget({ type: 'announcement', extras: { url: 'javascript:alert(1)' } })).toBeNull();
    expect(notificationTarget({ type: 'announcement', extras: {} })).toBeNull();
  });
});
