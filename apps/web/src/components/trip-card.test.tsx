import { TripSchema } from '@carpool/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configKeys } from '@/lib/app-config';
import { makeConfig, makeTrip } from '@/testing/fixtures';
import { session } from '@/lib/session';
import { createTestQueryClient, renderWithApp } from '@/testing/render';
import { TripCard } from './trip-card';

afterEach(() => session.clear());

describe('TripCard', () => {
  it("follows the configuration's trip_card_design: 'light' is a plain card, another design puts the date in a band", async () => {
    renderWithApp(<TripCard trip={makeTrip()} />);
    expect(await screen.findByTestId('trip-card')).toHaveAttribute('data-design', 'light');

    const queryClient = createTestQueryClient();
    queryClient.setQueryData(configKeys.all, makeConfig({ trip_card_design: 'default' }));
    const { unmount } = renderWithApp(<TripCard trip={makeTrip()} />, { queryClient });
    const banded = (await screen.findAllByTestId('trip-card')).find((card) => card.getAttribute('data-design') === 'band');
    expect(banded).toBeDefined();
    // Same content in both designs.
    expect(within(banded!).getByText('08:30')).toBeInTheDocument();
    expect(within(banded!).getByText('María González')).toBeInTheDocument();
    unmount();
  });

  it('uses a contract-valid trip', () => {
    expect(TripSchema.safeParse(makeTrip()).success).toBe(true);
  });

  it('shows route, points, date and time in Argentina time, seats, price and driver, and links to the trip', async () => {
    renderWithApp(<TripCard trip={makeTrip()} />);
    const card = await screen.findByTestId('trip-card');
    expect(card).toHaveAttribute('href', '/trips/42');
    const scope = within(card);
    expect(scope.getByText('Buenos Aires')).toBeInTheDocument();
    expect(scope.getByText('Mar del Plata')).toBeInTheDocument();
    expect(scope.getByText(/Dolores/)).toBeInTheDocument();
    expect(scope.getByText(/15 de marzo/)).toBeInTheDocument();
    expect(scope.getByText('08:30')).toBeInTheDocument();
    expect(scope.getByText('3 libres de 4')).toHaveAttribute('data-seat-level', 'free');
    expect(scope.getByText('$ 12.500')).toBeInTheDocument();
    expect(scope.getByText('María González')).toBeInTheDocument();
    expect(scope.getByRole('img', { name: 'Calificación: 4,5 de 5' })).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/image/profile/maria.jpg');
  });

  it('shows Carpooleado for a full trip and red for the last seat', async () => {
    const { unmount } = renderWithApp(<TripCard trip={makeTrip({ seats_available: 0 })} />);
    expect(await screen.findByText('Carpooleado')).toBeInTheDocument();
    unmount();
    renderWithApp(<TripCard trip={makeTrip({ seats_available: 1 })} />);
    expect(await screen.findByText('1 libre de 4')).toHaveAttribute('data-seat-level', 'almost-full');
  });

  it('cuts long town names and sets them smaller', async () => {
    renderWithApp(<TripCard trip={makeTrip({ to_town: 'Villa General San Martín del Sur' })} />);
    const town = await screen.findByText('Villa General San Martí…');
    expect(town).toHaveAttribute('title', 'Villa General San Martín del Sur');
  });

  it('shows a passenger trip as looking for a driver, without seats or price', async () => {
    renderWithApp(<TripCard trip={makeTrip({ is_passenger: 1 })} />);
    expect(await screen.findByText('Busca conductor')).toBeInTheDocument();
    expect(screen.queryByText('$ 12.500')).not.toBeInTheDocument();
  });

  it("shows a trip that has left as 'Finalizado' only, without coloured seat counts", async () => {
    renderWithApp(<TripCard trip={makeTrip({ trip_date: '2020-03-15 08:30:00', seats_available: 3 })} />);
    const card = await screen.findByTestId('trip-card');
    expect(within(card).getByText('Finalizado')).toBeInTheDocument();
    expect(within(card).queryByText(/libres? de/)).not.toBeInTheDocument();
    expect(card.querySelector('[data-seat-level="free"]')).toBeNull();
  });

  it("shows 'Carpooleado' on a full trip only to viewers who are not its passengers (as the trip page does)", async () => {
    const full = makeTrip({
      seats_available: 0,
      passenger: [{ id: 99, first_name: 'Lucía', image: null, request_state: 1 }],
    });
    session.setToken('token');
    session.setUser({ id: 99, name: 'Lucía Fernández', image: null, description: 'Hola' } as never);
    const { unmount } = renderWithApp(<TripCard trip={full} />);
    const card = await screen.findByTestId('trip-card');
    expect(within(card).queryByText('Carpooleado')).not.toBeInTheDocument();
    expect(within(card).getByText('0 libres de 4')).toBeInTheDocument();
    unmount();
    session.setUser({ id: 5, name: 'Otra persona', image: null, description: 'Hola' } as never);
    renderWithApp(<TripCard trip={full} />);
    expect(await screen.findByText('Carpooleado')).toBeInTheDocument();
  });
});
