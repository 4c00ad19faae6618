import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { MatchingPassengers } from './matching-passengers';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

describe('MatchingPassengers', () => {
  it("says 'No hay concidencias' when nobody looks for the route", async () => {
    call.mockResolvedValue({ data: [] });
    renderWithApp(<MatchingPassengers tripId={42} />);
    const section = screen.getByRole('region', { name: 'Pasajeros que coinciden' });
    expect(await within(section).findByText('No hay concidencias')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ method: 'GET' }), expect.objectContaining({ params: { id: 42 }, query: { radius: 25000 } }));
  });

  it('lists the matching passengers instead when there are some', async () => {
    call.mockResolvedValue({ data: [{ id: 9, name: 'Lucía Fernández', image: null, positive_ratings: 1, negative_ratings: 0 }] });
    renderWithApp(<MatchingPassengers tripId={42} />);
    expect(await screen.findByRole('link', { name: 'Lucía Fernández' })).toHaveAttribute('href', '/profile/9');
    expect(screen.queryByText('No hay concidencias')).not.toBeInTheDocument();
  });
});
