import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import TripRouteMap from './trip-route-map';

// Leaflet draws nothing in jsdom: the map library is replaced by stand-ins that keep the props given to them.
const given = vi.hoisted(() => ({ map: [] as Record<string, unknown>[], markers: [] as Record<string, unknown>[] }));
vi.mock('react-leaflet', () => ({
  MapContainer: ({ children, ...props }: { children?: ReactNode }) => {
    given.map.push(props);
    return <div data-testid="leaflet-map">{children}</div>;
  },
  TileLayer: () => null,
  Polyline: () => null,
  CircleMarker: ({ children, ...props }: { children?: ReactNode }) => {
    given.markers.push(props);
    return <div>{children}</div>;
  },
  Tooltip: ({ children }: { children?: ReactNode }) => <span>{children}</span>,
  useMap: () => ({ setView: vi.fn(), fitBounds: vi.fn() }),
}));

beforeEach(() => {
  given.map.length = 0;
  given.markers.length = 0;
});

describe('TripRouteMap', () => {
  it('opens centred on Argentina (lat -29, lng -60) at zoom 4', () => {
    render(<TripRouteMap points={[]} label="Mapa del viaje" />);
    expect(screen.getByRole('region', { name: 'Mapa del viaje' })).toBeInTheDocument();
    expect(given.map.at(-1)).toEqual(expect.objectContaining({ center: [-29, -60], zoom: 4 }));
  });

  it('keeps that start with a route, and marks its points', () => {
    render(
      <TripRouteMap
        label="Mapa del viaje"
        points={[
          { lat: -34.6, lng: -58.38, name: 'Buenos Aires' },
          { lat: -32.95, lng: -60.66, name: 'Rosario' },
        ]}
      />,
    );
    expect(given.map.at(-1)).toEqual(expect.objectContaining({ center: [-29, -60], zoom: 4 }));
    expect(given.markers.map((marker) => marker.center)).toEqual([
      [-34.6, -58.38],
      [-32.95, -60.66],
    ]);
    expect(screen.getByText('Rosario')).toBeInTheDocument();
  });
});
