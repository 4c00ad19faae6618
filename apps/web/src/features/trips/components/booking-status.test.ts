import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { makeTrip } from '@/testing/fixtures';
import { requestErrorKey, viewerBooking } from './booking-status';

/** A user object of `trip.passenger`, with the mock's request_id and request_state. */
const passenger = (userId: number, request_state: number, request_id = 70 + request_state) => ({ id: userId, first_name: 'Ana', image: null, request_id, request_state });

describe('viewerBooking', () => {
  it('is none without a viewer or a request', () => {
    expect(viewerBooking(makeTrip(), null)).toEqual({ status: 'none' });
    expect(viewerBooking(makeTrip({ passenger: [passenger(5, 1)] }), 9)).toEqual({ status: 'none' });
  });

  it("is sent while the marker is 'send' (state 0)", () => {
    expect(viewerBooking(makeTrip({ request: 'send' }), 9)).toEqual({ status: 'sent' });
  });

  it('is aboard in state 1 and to pay in state 4, with the request id', () => {
    expect(viewerBooking(makeTrip({ passenger: [passenger(9, 1, 71)] }), 9)).toEqual({ status: 'aboard', requestId: 71 });
    expect(viewerBooking(makeTrip({ passenger: [passenger(9, 4, 74)] }), 9)).toEqual({ status: 'payment', requestId: 74 });
  });

  it("is to pay when the provider's 'send' marker has the viewer's row among the seats to pay", () => {
    const sent = makeTrip({ request: 'send', passenger: [] });
    expect(viewerBooking(sent, 9, { id: 74 })).toEqual({ status: 'payment', requestId: 74 });
    expect(viewerBooking(sent, 9, null)).toEqual({ status: 'sent' });
    expect(viewerBooking(makeTrip({ request: '' }), 9, { id: 74 })).toEqual({ status: 'none' });
  });

  it("reads the provider's passenger without a request state as aboard", () => {
    expect(viewerBooking(makeTrip({ passenger: [{ id: 9, first_name: 'Lucía', image: null }] }), 9)).toEqual({ status: 'aboard', requestId: null });
  });
});

describe('requestErrorKey', () => {
  const failure = (code: string | string[]) => new ApiError(422, { message: 'x', errors: { error: code } });

  it('names the request limit (sent as a list) and the similar trip; anything else is the generic message', () => {
    expect(requestErrorKey(failure(['user_has_reach_request_limit']))).toBe('limiteDeConsultas');
    expect(requestErrorKey(failure('user_has_another_similar_trip'))).toBe('viajeSimilar');
    expect(requestErrorKey(failure('access_denied'))).toBe('errorSolicitud');
    expect(requestErrorKey(failure('trip_not_foound'))).toBe('errorSolicitud');
    expect(requestErrorKey(new Error('boom'))).toBe('errorSolicitud');
  });
});
