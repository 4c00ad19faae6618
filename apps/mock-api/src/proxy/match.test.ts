import { describe, expect, it } from 'vitest';
import { matchEndpoint } from './match';

describe('matching a call to its registry entry', () => {
  it('prefers literal segments, as the server router does', () => {
    expect(matchEndpoint('GET', '/api/trips/autocomplete')?.endpoint.id).toBe('trips.autocomplete');
    expect(matchEndpoint('GET', '/api/trips/42')).toMatchObject({ endpoint: { id: 'trips.show' }, params: { id: '42' } });
    expect(matchEndpoint('GET', '/api/users/ratings/pending')?.endpoint.id).toBe('ratings.pending');
    expect(matchEndpoint('GET', '/api/users/7/ratings')).toMatchObject({ endpoint: { id: 'ratings.listOfUser' }, params: { id: '7' } });
    expect(matchEndpoint('POST', '/api/trips/3/requests/9/accept')).toMatchObject({ endpoint: { id: 'requests.accept' }, params: { tripId: '3', userId: '9' } });
  });

  it('ignores a trailing slash and decodes parameters; unknown calls match nothing', () => {
    expect(matchEndpoint('GET', '/api/config/')?.endpoint.id).toBe('config.show');
    expect(matchEndpoint('GET', '/api/osrm/route/v1/driving/-60.6%2C-32.9%3B-58.3%2C-34.6')?.params).toEqual({ coords: '-60.6,-32.9;-58.3,-34.6' });
    expect(matchEndpoint('GET', '/api/nothing-here')).toBeUndefined();
    expect(matchEndpoint('PATCH', '/api/config')).toBeUndefined();
  });
});
