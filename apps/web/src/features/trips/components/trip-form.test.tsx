import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { configKeys } from '@/lib/app-config';
import { dayjs } from '@/lib/dates';
import { makeConfig } from '@/testing/fixtures';
import { createTestQueryClient, renderWithApp } from '@/testing/render';
import { defaultTripFormValues, newPoint, type TripFormValues } from '../utils/trip-form';
import { TripForm } from './trip-form';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});
// The route map needs a real browser; its delay is tested on its own.
vi.mock('./trip-map-section', () => ({ TripMapSection: () => null }));

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

const rosario = { name: 'Rosario', lat: -32.95, lng: -60.66, id: '1', country: 'AR', state: 'Santa Fe' };
const cordoba = { name: 'Córdoba', lat: -31.42, lng: -64.18, id: '2', country: 'AR', state: 'Córdoba' };
const route = {
  distance: 400_000,
  duration: 16_200,
  co2: 600,
  route_needs_payment: false,
  maximum_trip_price_cents: 3_000_000,
  recommended_trip_price_cents: 2_400_000,
};

function answer(handlers: Record<string, unknown>) {
  call.mockImplementation(async (endpoint) => {
    const path = (endpoint as { path: string }).path;
    if (path in handlers) return handlers[path];
    throw new Error(`unexpected call ${path}`);
  });
}

function renderForm(initial: Partial<TripFormValues> = {}, config = makeConfig({ module_max_price_enabled: true, maximum_seat_price_cents: 5_000_000 })) {
  const onSubmit = vi.fn();
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(configKeys.all, config);
  const values = { ...defaultTripFormValues(), ...initial };
  renderWithApp(<TripForm mode="create" initialValues={values} submitting={false} onSubmit={onSubmit} />, { queryClient });
  return onSubmit;
}

const tomorrow = () => dayjs().tz('America/Argentina/Buenos_Aires').add(1, 'day').format('YYYY-MM-DD');

// Typing into several Mantine inputs takes seconds on a busy machine.
describe('TripForm', { timeout: 15_000 }, () => {
  it('shows every message of an empty driver form and does not submit', async () => {
    const onSubmit = renderForm({ time: '99:99' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Crear viaje' }));
    expect(await screen.findByText('Algunos datos no son válidos. Revisá los campos marcados.')).toBeInTheDocument();
    expect(screen.getAllByText('Elegí una localidad válida de la lista.')).toHaveLength(2);
    expect(screen.getByText('Ingresá la fecha del viaje.')).toBeInTheDocument();
    expect(screen.getByText('Ingresá un horario válido (HH:MM).')).toBeInTheDocument();
    expect(screen.getByText('Olvidaste la descripción del viaje.')).toBeInTheDocument();
    expect(screen.getByText('Debes indicar que te comprometes a no lucrar con el viaje.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a passenger trip needs no commitment and has no price', async () => {
    renderForm();
    const u = userEvent.setup();
    await u.click(screen.getByRole('radio', { name: 'Como pasajero' }));
    expect(screen.queryByLabelText('Me comprometo a no lucrar con el viaje.')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Precio por asiento')).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Crear viaje' }));
    expect(screen.queryByText('Debes indicar que te comprometes a no lucrar con el viaje.')).not.toBeInTheDocument();
  });

  it('masks the time and keeps the price to digits with thousands dots', async () => {
    renderForm();
    const u = userEvent.setup();
    const time = screen.getByRole('textbox', { name: 'Hora' });
    await u.clear(time);
    await u.type(time, '0745');
    expect(time).toHaveValue('07:45');
    const price = screen.getByRole('textbox', { name: 'Precio por asiento' });
    await u.type(price, '12a5-00');
    expect(price).toHaveValue('12.500');
    // 50.000 is the configured maximum: six characters at most.
    expect(price).toHaveAttribute('maxlength', '6');
  });

  it('asks the route price once origin and destination are set, and checks the maximum seat price', async () => {
    answer({ '/api/trips/price': { data: route } });
    const onSubmit = renderForm({
      points: [newPoint(rosario), newPoint(cordoba)],
      date: tomorrow(),
      time: '08:00',
      description: 'Salgo del centro.',
      noLucrar: true,
      price: '12000',
    });
    const panel = await screen.findByTestId('price-panel');
    // Recommended $ 24.000 and maximum $ 30.000 for the trip, shared by 2 seats + the driver.
    expect(within(panel).getByText('$ 8.000')).toBeInTheDocument();
    expect(within(panel).getByText('$ 10.000')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/trips/price' }), {
      body: { points: [{ lat: -32.95, lng: -60.66 }, { lat: -31.42, lng: -64.18 }] },
      signal: expect.any(AbortSignal),
    });

    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Crear viaje' }));
    expect(await screen.findByText('El precio del asiento no puede superar $ 10.000')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    const price = screen.getByRole('textbox', { name: 'Precio por asiento' });
    await u.clear(price);
    await u.type(price, '9000');
    await u.click(screen.getByRole('button', { name: 'Crear viaje' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ price: '9000', seats: 2 }), route);
  });

  it('the return trip copies the outbound and must be later', async () => {
    answer({ '/api/trips/price': { data: route } });
    const day = tomorrow();
    const onSubmit = renderForm({
      points: [newPoint(rosario), newPoint(cordoba)],
      date: day,
      time: '08:00',
      description: 'Ida.',
      noLucrar: true,
      returnTrip: { ...defaultTripFormValues().returnTrip, date: day, time: '07:00' },
    });
    const u = userEvent.setup();
    await u.click(screen.getByRole('switch', { name: /Agregar viaje de vuelta/ }));
    expect(screen.getByRole('textbox', { name: 'Descripción de la vuelta' })).toHaveValue('Ida.');
    expect(screen.getByText('Vuelta: Córdoba → Rosario')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Crear viaje' }));
    expect(await screen.findByText('La vuelta tiene que ser posterior a la ida.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("tells how many free trips are left when the creation fee is on: 'Podés hacer N viajes gratis', N = free − created", async () => {
    answer({
      '/api/users/sellado-viaje': { success: true, data: { trip_creation_payment_enabled: true, free_trips_amount: 3, trips_created_by_user_amount: 1, user_over_free_limit: false } },
    });
    renderForm({}, makeConfig({ module_trip_creation_payment_enabled: true }));
    expect(await screen.findByText('Podés hacer 2 viajes gratis')).toBeInTheDocument();
    expect(screen.queryByText(/3 viajes gratis/)).not.toBeInTheDocument();
  });

  it('says the next trip pays the fee once no free trip is left', async () => {
    answer({
      '/api/users/sellado-viaje': { success: true, data: { trip_creation_payment_enabled: true, free_trips_amount: 3, trips_created_by_user_amount: 3, user_over_free_limit: true } },
    });
    renderForm({}, makeConfig({ module_trip_creation_payment_enabled: true }));
    expect(await screen.findByText(/Ya creaste 3 viajes/)).toBeInTheDocument();
    expect(screen.queryByText(/viajes? gratis/)).not.toBeInTheDocument();
  });

  describe("the driver's car (Mis autos)", () => {
    const gol = { id: 5, patente: 'AB123CD', description: null, brand_name: 'Volkswagen', model_name: 'Gol', year: 2015 };
    const kangoo = { id: 6, patente: 'AC456EF', description: null, brand_name: 'Renault', model_name: 'Kangoo', year: 2019 };
    const ready = { points: [newPoint(rosario), newPoint(cordoba)], date: tomorrow(), time: '08:00', description: 'Salgo del centro.', noLucrar: true };

    it('takes the only car by itself and sends it with the trip', async () => {
      answer({ '/api/trips/price': { data: route }, '/api/cars': { data: [gol] } });
      const onSubmit = renderForm(ready);
      const car = await screen.findByRole('textbox', { name: 'Auto' });
      await vi.waitFor(() => expect(car).toHaveValue('AB123CD · Volkswagen Gol 2015'));
      await userEvent.setup().click(screen.getByRole('button', { name: 'Crear viaje' }));
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ carId: 5 }), route);
    });

    it('lets the driver pick one of two cars from the list, or none', async () => {
      answer({ '/api/trips/price': { data: route }, '/api/cars': { data: [gol, kangoo] } });
      const onSubmit = renderForm(ready);
      const u = userEvent.setup();
      const car = await screen.findByRole('textbox', { name: 'Auto' });
      expect(car).toHaveValue('');
      await u.click(car);
      await u.click(await screen.findByRole('option', { name: 'AC456EF · Renault Kangoo 2019' }));
      expect(car).toHaveValue('AC456EF · Renault Kangoo 2019');
      await u.click(screen.getByRole('button', { name: 'Crear viaje' }));
      expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ carId: 6 }), route);

      // Choosing the chosen car again leaves the trip without one.
      await u.click(car);
      await u.click(await screen.findByRole('option', { name: 'AC456EF · Renault Kangoo 2019' }));
      expect(car).toHaveValue('');
      await u.click(screen.getByRole('button', { name: 'Crear viaje' }));
      expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ carId: null }), route);
    });

    it('without cars says so and leads to Mis autos; a passenger trip has no car', async () => {
      answer({ '/api/cars': { data: [] } });
      renderForm();
      const u = userEvent.setup();
      expect(await screen.findByRole('link', { name: 'Cargá tus autos en Mis autos' })).toHaveAttribute('href', '/setting/cars');
      await u.click(screen.getByRole('radio', { name: 'Como pasajero' }));
      expect(screen.queryByRole('link', { name: 'Cargá tus autos en Mis autos' })).not.toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: 'Auto' })).not.toBeInTheDocument();
    });
  });
});
