import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RATED_ROLE, type PendingRating } from '@carpool/contracts';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { makeTrip } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { myTripsKeys } from '@/lib/query-keys';
import { PendingRatingCard } from './pending-ratings';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

const driver = { id: 12, name: 'Martín Gómez', image: null, positive_ratings: 3, negative_ratings: 0 };
const lucia = { id: 9, name: 'Lucía Fernández', image: null, positive_ratings: 1, negative_ratings: 0 };

/** A pending row as the provider sends it: the full trip, `to`, and no trip_id or user_id. */
const owed = (overrides: Partial<PendingRating> = {}): PendingRating => ({
  id: 51,
  from: lucia,
  to: driver,
  trip: makeTrip({ id: 300, to_town: 'Rosario', trip_date: '2030-03-15 08:30:00' }),
  user_to_type: RATED_ROLE.driver,
  user_to_state: 1,
  rating: null,
  comment: '',
  reply_comment: '',
  reply_comment_created_at: null,
  rate_at: null,
  ...overrides,
});

describe('a pending rating card', () => {
  it("names the rated user's role with the provider's constants (0 the driver, 1 a passenger)", () => {
    renderWithApp(<PendingRatingCard rating={owed()} />);
    expect(screen.getByText(/^Conductor del viaje a Rosario/)).toBeInTheDocument();
  });

  it('says passenger for a rating the driver owes', () => {
    renderWithApp(<PendingRatingCard rating={owed({ to: lucia, from: driver, user_to_type: RATED_ROLE.passenger })} />);
    expect(screen.getByText(/^Pasajero del viaje a Rosario/)).toBeInTheDocument();
  });

  it('rates the user of `to` on the trip of `trip`, without trip_id or user_id', async () => {
    call.mockImplementation(async (endpoint) => ((endpoint as { id: string }).id === 'ratings.rate' ? { data: 'ok' } : Promise.reject(new Error('not here'))));
    const u = userEvent.setup();
    renderWithApp(<PendingRatingCard rating={owed()} />);
    await u.click(screen.getByRole('button', { name: 'Positiva' }));
    await u.click(screen.getByRole('button', { name: 'Enviar calificación' }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'ratings.rate' }), expect.objectContaining({ params: { tripId: 300, userId: 12 } })),
    );
  });

  it('shows the placeholder of a trip that no longer exists, without a date', () => {
    renderWithApp(<PendingRatingCard rating={owed({ trip: { id: 300, from_town: '', to_town: 'Viaje inexistente', deleted: true } })} />);
    expect(screen.getByText('Conductor del viaje a Viaje inexistente')).toBeInTheDocument();
  });

  describe('when the server cannot take the vote', () => {
    const sendPositive = async () => {
      const u = userEvent.setup();
      const rendered = renderWithApp(<PendingRatingCard rating={owed()} />);
      const invalidate = vi.spyOn(rendered.queryClient, 'invalidateQueries');
      await u.click(screen.getByRole('button', { name: 'Positiva' }));
      await u.click(screen.getByRole('button', { name: 'Enviar calificación' }));
      return invalidate;
    };

    it('says the rating is no longer pending (voted, expired or never owed: the provider has one code) and asks for the list again', async () => {
      call.mockRejectedValue(new ApiError(422, { message: 'Could not rate user.', errors: { error: 'user_have_already_voted' } }));
      const invalidate = await sendPositive();
      expect(await screen.findByText('Esta calificación ya no está pendiente: ya la enviaste o terminó el plazo para calificar.')).toBeInTheDocument();
      expect(invalidate).toHaveBeenCalledWith({ queryKey: myTripsKeys.pendingRatings() });
    });

    it('says only that it failed for any other error, and keeps the list', async () => {
      call.mockRejectedValue(new ApiError(500, { message: 'Server Error' }));
      const invalidate = await sendPositive();
      expect(await screen.findByText('No se pudo enviar la calificación.')).toBeInTheDocument();
      expect(invalidate).not.toHaveBeenCalledWith({ queryKey: myTripsKeys.pendingRatings() });
    });
  });
});
