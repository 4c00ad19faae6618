import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { SearchAlertOffer } from './search-alert-offer';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

const values = { origin: { name: 'Rosario', lat: -32.95, lng: -60.66 }, destination: null, date: '2030-03-15', isPassenger: false };

describe('SearchAlertOffer', () => {
  it("saves the search and says 'correctamenteSubscripto'", async () => {
    call.mockResolvedValueOnce({ data: { id: 1 } });
    renderWithApp(<SearchAlertOffer values={values} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Crear alerta' }));
    expect(await screen.findByText('Te avisaremos cuando haya viajes para esta búsqueda.')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/api/subscriptions' }), {
      body: expect.objectContaining({ trip_date: '2030-03-15', from_address: 'Rosario', from_radio: 1000, is_passenger: false }),
    });
    expect(screen.getByRole('button', { name: 'Alerta creada' })).toBeDisabled();
  });

  it("says 'yaTienesSubscripcion' for subscription_exist", async () => {
    call.mockRejectedValueOnce(new ApiError(422, { message: 'x', errors: { error: ['subscription_exist'] } }));
    renderWithApp(<SearchAlertOffer values={values} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Crear alerta' }));
    expect(await screen.findByText('Ya tenés una alerta para esta búsqueda.')).toBeInTheDocument();
  });
});
