import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { TripSeatsDisplay } from './trip-seats-display';

describe('TripSeatsDisplay', () => {
  it('greys the taken seats and shows the free ones in their colour', () => {
    renderWithApp(<TripSeatsDisplay trip={{ total_seats: 4, seats_available: 1 }} viewerIsPassenger={false} />);
    const seats = screen.getByTestId('trip-seats');
    expect(seats).toHaveAttribute('data-seat-level', 'almost-full');
    expect([...seats.querySelectorAll('svg')].map((seat) => seat.getAttribute('data-taken'))).toEqual(['true', 'true', 'true', 'false']);
    expect(screen.getByText('1 libre de 4')).toBeInTheDocument();
  });

  it("says 'Carpooleado' when full, unless the viewer is a passenger", () => {
    const { unmount } = renderWithApp(<TripSeatsDisplay trip={{ total_seats: 3, seats_available: 0 }} viewerIsPassenger={false} />);
    expect(screen.getByText('Carpooleado')).toBeInTheDocument();
    unmount();
    renderWithApp(<TripSeatsDisplay trip={{ total_seats: 3, seats_available: 0 }} viewerIsPassenger />);
    expect(screen.queryByText('Carpooleado')).not.toBeInTheDocument();
    expect(screen.getByText('0 libres de 3')).toBeInTheDocument();
  });

  it('for a trip that has left, says how full it went: no free seats in red beside its Viaje Carpooleado', () => {
    renderWithApp(<TripSeatsDisplay trip={{ total_seats: 3, seats_available: 1 }} viewerIsPassenger={false} finished />);
    const seats = screen.getByTestId('trip-seats');
    expect(seats).toHaveAttribute('data-seat-level', 'finished');
    expect(screen.getByText('2 de 3 ocupados')).toBeInTheDocument();
    expect(screen.queryByText(/libres? de/)).toBeNull();
    expect(seats.innerHTML).not.toMatch(/red|orange|green/);
  });
});
