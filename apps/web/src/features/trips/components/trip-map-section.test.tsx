import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { TripMapSection } from './trip-map-section';

vi.mock('./trip-route-map', () => ({
  default: ({ points, tileUrl, height }: { points: { name: string }[]; tileUrl?: string; height: number }) => (
    <div data-testid="trip-map" data-height={height} data-tiles={tileUrl ?? ''}>
      {points.map((point) => point.name).join(' → ')}
    </div>
  ),
}));

const points = [
  { lat: -34.6, lng: -58.38, name: 'Buenos Aires' },
  { lat: -32.95, lng: -60.66, name: 'Rosario' },
];

describe('TripMapSection', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('renders the route map 500 ms after the trip loads, a placeholder of the same height until then', async () => {
    renderWithApp(<TripMapSection points={points} tileUrl="https://tiles/{z}/{x}/{y}.png" />);
    expect(screen.getByTestId('trip-map-placeholder')).toBeInTheDocument();
    expect(screen.queryByTestId('trip-map')).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(499);
    });
    expect(screen.queryByTestId('trip-map')).not.toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    const map = await screen.findByTestId('trip-map');
    expect(map).toHaveTextContent('Buenos Aires → Rosario');
    expect(map).toHaveAttribute('data-height', '461');
    expect(map).toHaveAttribute('data-tiles', 'https://tiles/{z}/{x}/{y}.png');
  });
});
