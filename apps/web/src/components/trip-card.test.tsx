import { TripSchema } from '@carpool/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTrip } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { TripCard } from './trip-card';

describe('TripCard', () => {
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
});
