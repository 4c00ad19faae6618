import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { configKeys } from '@/lib/app-config';
import { session } from '@/lib/session';
import { makeConfig } from '@/testing/fixtures';
import { createTestQueryClient, renderWithApp } from '@/testing/render';
import { TripCreateRoute } from './trip-create';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});
vi.mock('../components/trip-map-section', () => ({ TripMapSection: () => null }));

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => {
  call.mockReset();
  session.clear('logout');
});

function renderCreate(driverIsVerified: boolean, validatedDrivers = true) {
  session.setToken('token');
  session.setUser({ id: 7, name: 'Ana Pérez', image: 'ana.jpg', description: 'Hola', driver_is_verified: driverIsVerified ? 1 : 0 });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(configKeys.all, makeConfig({ module_validated_drivers: validatedDrivers, module_trip_creation_payment_enabled: false }));
  renderWithApp(<TripCreateRoute />, { queryClient });
}

describe('TripCreateRoute', () => {
  it('opens on the passenger kind for a user who is not a verified driver, and says why driver is off', async () => {
    renderCreate(false);
    expect(await screen.findByRole('radio', { name: 'Como pasajero' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Como conductor' })).toBeDisabled();
    expect(screen.getByTestId('driver-disabled-reason')).toHaveTextContent('tu cuenta tiene que estar verificada como conductor');
  });

  it('opens on the driver kind for a verified driver', async () => {
    renderCreate(true);
    expect(await screen.findByRole('radio', { name: 'Como conductor' })).toBeChecked();
    expect(screen.queryByTestId('driver-disabled-reason')).not.toBeInTheDocument();
  });

  it('lets anyone drive when drivers need no validation', async () => {
    renderCreate(false, false);
    expect(await screen.findByRole('radio', { name: 'Como conductor' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Como conductor' })).toBeEnabled();
  });
});
