import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RATED_ROLE, type PendingRating } from '@carpool/contracts';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { makeTrip } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { RateTripForm } from './rate-trip-form';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

const owed: PendingRating = {
  id: 51,
  from: { id: 9, name: 'Lucía Fernández', image: null, positive_ratings: 1, negative_ratings: 0 },
  to: { id: 12, name: 'Martín Gómez', image: null, positive_ratings: 3, negative_ratings: 0 },
  trip: makeTrip({ id: 300, to_town: 'Rosario', trip_date: '2030-03-15 08:30:00' }),
  user_to_type: RATED_ROLE.driver,
  user_to_state: 1,
  rating: null,
  comment: '',
  reply_comment: '',
  reply_comment_created_at: null,
  rate_at: null,
};

const NEGATIVE_NEEDS_COMMENT = 'El comentario no puede estar vacío para los votos negativos.';
const rateCalls = () => call.mock.calls.filter(([endpoint]) => (endpoint as { id: string }).id === 'ratings.rate');

function renderForm() {
  // The rating is taken; the profile asked for the donation check fails (no donation modal).
  call.mockImplementation(async (endpoint) => ((endpoint as { id: string }).id === 'ratings.rate' ? { data: 'ok' } : Promise.reject(new Error('not here'))));
  renderWithApp(<RateTripForm rating={owed} onDonationAsked={vi.fn()} />);
  return userEvent.setup();
}

describe('RateTripForm', () => {
  it('offers Positiva and Negativa; a click selects one, opens the comment, and a second click deselects it', async () => {
    const u = renderForm();
    const group = screen.getByRole('group', { name: 'Tu calificación para Martín Gómez' });
    expect(group).toBeInTheDocument();
    const positive = screen.getByRole('button', { name: 'Positiva' });
    expect(positive).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('textbox', { name: 'Comentario' })).not.toBeInTheDocument();
    await u.click(positive);
    expect(positive).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Negativa' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('textbox', { name: 'Comentario' })).toBeInTheDocument();
    await u.click(positive);
    expect(positive).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Enviar calificación' })).toBeDisabled();
  });

  it('sends a positive vote as rating 1 with its comment, for the user of `to` on the trip', async () => {
    const u = renderForm();
    await u.click(screen.getByRole('button', { name: 'Positiva' }));
    await u.type(screen.getByRole('textbox', { name: 'Comentario' }), '  Muy puntual.  ');
    await u.click(screen.getByRole('button', { name: 'Enviar calificación' }));
    await waitFor(() => expect(rateCalls()).toHaveLength(1));
    expect(rateCalls()[0]![1]).toEqual({ params: { tripId: 300, userId: 12 }, body: { rating: 1, comment: 'Muy puntual.' } });
    expect(await screen.findByText('¡Gracias! Tu calificación fue enviada.')).toBeInTheDocument();
  });

  it('sends a positive vote without a comment', async () => {
    const u = renderForm();
    await u.click(screen.getByRole('button', { name: 'Positiva' }));
    await u.click(screen.getByRole('button', { name: 'Enviar calificación' }));
    await waitFor(() => expect(rateCalls()).toHaveLength(1));
    expect(rateCalls()[0]![1]).toEqual({ params: { tripId: 300, userId: 12 }, body: { rating: 1, comment: '' } });
  });

  it('refuses a negative vote without a comment, then sends it as rating 0 with one', async () => {
    const u = renderForm();
    await u.click(screen.getByRole('button', { name: 'Negativa' }));
    await u.type(screen.getByRole('textbox', { name: 'Comentario' }), '   ');
    await u.click(screen.getByRole('button', { name: 'Enviar calificación' }));
    expect(screen.getByRole('alert')).toHaveTextContent(NEGATIVE_NEEDS_COMMENT);
    expect(rateCalls()).toHaveLength(0);
    await u.type(screen.getByRole('textbox', { name: 'Comentario' }), 'Llegó una hora tarde.');
    expect(screen.queryByText(NEGATIVE_NEEDS_COMMENT)).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Enviar calificación' }));
    await waitFor(() => expect(rateCalls()).toHaveLength(1));
    expect(rateCalls()[0]![1]).toEqual({ params: { tripId: 300, userId: 12 }, body: { rating: 0, comment: 'Llegó una hora tarde.' } });
  });
});
