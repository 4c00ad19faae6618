import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { makeTrip } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { tripKeys } from '@/lib/query-keys';
import { FreeSeatStepper } from './free-seat-stepper';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

describe('FreeSeatStepper', () => {
  it('posts changeSeats ±1 and shows the answer', async () => {
    const trip = makeTrip({ total_seats: 3, seats_available: 2 });
    call.mockResolvedValueOnce({ data: { ...trip, total_seats: 4, seats_available: 3 } });
    const { queryClient } = renderWithApp(<FreeSeatStepper trip={trip} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Agregar un asiento libre' }));
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/trips/:id/changeSeats' }), { params: { id: 42 }, body: { increment: 1 } });
    await waitFor(() => expect(queryClient.getQueryData(tripKeys.detail(42))).toMatchObject({ seats_available: 3 }));
  });

  it('disables plus at 4 seats and minus at 1 seat', () => {
    const { unmount } = renderWithApp(<FreeSeatStepper trip={makeTrip({ total_seats: 4, seats_available: 2 })} />);
    expect(screen.getByRole('button', { name: 'Agregar un asiento libre' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Quitar un asiento libre' })).toBeEnabled();
    unmount();
    renderWithApp(<FreeSeatStepper trip={makeTrip({ total_seats: 1, seats_available: 1 })} />);
    expect(screen.getByRole('button', { name: 'Quitar un asiento libre' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Agregar un asiento libre' })).toBeEnabled();
  });

  it.each([
    ['trip_seats_greater_than_zero', 'El viaje tiene que tener al menos un asiento.'],
    ['trip_seats_less_than_four', 'El viaje no puede tener más de cuatro asientos.'],
    ['trip_invalid_seats', 'No podés tener menos asientos que pasajeros subidos.'],
    ['something_else', 'No se pudieron cambiar los asientos.'],
  ])('shows the message of %s', async (code, text) => {
    call.mockRejectedValueOnce(new ApiError(422, { message: 'x', errors: { error: code } }));
    renderWithApp(<FreeSeatStepper trip={makeTrip({ total_seats: 3, seats_available: 2 })} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Quitar un asiento libre' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
