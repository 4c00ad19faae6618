import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { makePage, makeTrip } from '@/testing/fixtures';
import { intersectAll } from '@/testing/intersection';
import { renderWithApp } from '@/testing/render';
import { TripList } from './trip-list';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

// api.call is generic; the mock answers whatever each test needs.
const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;

afterEach(() => call.mockReset());

describe('TripList', () => {
  it("shows 'Cargando viajes ...', then the first page of driver trips", async () => {
    call.mockResolvedValueOnce(makePage([makeTrip({ id: 1 }), makeTrip({ id: 2, to_town: 'Rosario' })], 1, 1));
    renderWithApp(<TripList search={{ is_passenger: false }} maxCardsPerRow={3} />);
    expect(await screen.findByText('Cargando viajes ...')).toBeInTheDocument();
    expect(await screen.findAllByTestId('trip-card')).toHaveLength(2);
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/trips' }), {
      query: { is_passenger: false, page: 1, page_size: 20 },
      signal: expect.any(AbortSignal),
    });
  });

  it('appends the next page when the end of the list comes into view, and stops at the last page', async () => {
    let sendSecondPage = () => {};
    call
      .mockResolvedValueOnce(makePage([makeTrip({ id: 1 })], 1, 2))
      .mockReturnValueOnce(
        new Promise((resolve) => {
          sendSecondPage = () => resolve(makePage([makeTrip({ id: 2 })], 2, 2));
        }),
      );
    renderWithApp(<TripList search={{ is_passenger: false }} maxCardsPerRow={3} />);
    expect(await screen.findAllByTestId('trip-card')).toHaveLength(1);
    act(() => intersectAll());
    expect(await screen.findByText('Cargando más viajes ...')).toBeInTheDocument();
    sendSecondPage();
    await waitFor(() => expect(screen.getAllByTestId('trip-card')).toHaveLength(2));
    expect(call).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ query: expect.objectContaining({ page: 2 }) }));
    act(() => intersectAll());
    expect(call).toHaveBeenCalledTimes(2);
  });

  it("says 'No hay viajes' for an empty result", async () => {
    call.mockResolvedValueOnce(makePage([], 1, 0));
    renderWithApp(<TripList search={{ is_passenger: false }} maxCardsPerRow={3} />);
    expect(await screen.findByText('No hay viajes')).toBeInTheDocument();
  });

  it('offers its empty action (the search alert) under an empty result', async () => {
    call.mockResolvedValueOnce(makePage([], 1, 0));
    renderWithApp(<TripList search={{ is_passenger: false }} maxCardsPerRow={3} emptyAction={<button type="button">Crear alerta</button>} />);
    expect(await screen.findByRole('button', { name: 'Crear alerta' })).toBeInTheDocument();
  });

  it('puts a heading before the nearby results of a dated search', async () => {
    call.mockResolvedValueOnce(
      makePage([makeTrip({ id: 1, trip_date: '2030-03-15 08:00:00' }), makeTrip({ id: 2, trip_date: '2030-03-17 08:00:00' })]),
    );
    renderWithApp(<TripList search={{ is_passenger: false, date: '2030-03-15' }} maxCardsPerRow={3} />);
    expect(await screen.findByRole('heading', { name: 'Resultados cercanos' })).toBeInTheDocument();
  });

  it('puts the panel after the cards its slots name, counting across the exact and nearby grids', async () => {
    const dates = ['2030-03-15', '2030-03-15', '2030-03-15', '2030-03-16', '2030-03-17', '2030-03-18'];
    call.mockResolvedValueOnce(makePage(dates.map((day, index) => makeTrip({ id: index + 1, trip_date: `${day} 08:00:00` }))));
    const panelSlots = vi.fn(() => [2, 5]);
    renderWithApp(
      <TripList search={{ is_passenger: false, date: '2030-03-15' }} maxCardsPerRow={3} panel={<p data-testid="panel">Donar</p>} panelSlots={panelSlots} />,
    );
    await screen.findByRole('heading', { name: 'Resultados cercanos' });
    expect(panelSlots).toHaveBeenCalledWith(6);
    // Document order of cards and panels: 2 cards, panel, 3 cards (the third exact one, then nearby), panel, 1 card.
    const order = Array.from(document.querySelectorAll('[data-testid="trip-card"], [data-testid="panel"]')).map((node) =>
      node.getAttribute('data-testid') === 'panel' ? 'P' : 'T',
    );
    expect(order.join('')).toBe('TTPTTTPT');
  });

  it('shows no panel without one, whatever the slots', async () => {
    call.mockResolvedValueOnce(makePage([makeTrip({ id: 1 }), makeTrip({ id: 2 })]));
    renderWithApp(<TripList search={{ is_passenger: false }} maxCardsPerRow={3} panelSlots={() => [1]} />);
    expect(await screen.findAllByTestId('trip-card')).toHaveLength(2);
    expect(screen.queryAllByRole('listitem')).toHaveLength(2);
  });
});
