import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Car } from '@carpool/contracts';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { session } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { CarsRoute } from './cars';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

type Options = { params?: { id?: number }; body?: Record<string, unknown> };
const call = vi.mocked(api.call) as unknown as Mock<(endpoint: { id: string }, options?: Options) => Promise<unknown>>;

const gol: Car = { id: 5, patente: 'AB 123 CD', description: 'Baúl grande', user_id: 7, year: 2018, car_brand_id: 1, car_model_id: 11, car_color_id: 2, brand_name: 'Volkswagen', model_name: 'Gol Trend', color_name: 'Gris' };
const brands = [
  { id: 1, name: 'Volkswagen', slug: 'volkswagen' },
  { id: 2, name: 'Fiat', slug: 'fiat' },
];
const models: Record<number, { id: number; car_brand_id: number; name: string; slug: string }[]> = {
  1: [{ id: 11, car_brand_id: 1, name: 'Gol Trend', slug: 'gol-trend' }],
  2: [{ id: 21, car_brand_id: 2, name: 'Cronos', slug: 'cronos' }],
};
const colors = [
  { id: 1, name: 'Blanco', slug: 'blanco' },
  { id: 2, name: 'Gris', slug: 'gris' },
];

let cars: Car[];

/** A small server: the catalogue, and the list that the create, update and delete calls change. */
function serve({ createError }: { createError?: ApiError } = {}) {
  call.mockImplementation(async (endpoint, options) => {
    switch (endpoint.id) {
      case 'cars.list':
        return { data: cars };
      case 'cars.brands':
        return { data: brands };
      case 'cars.models':
        return { data: models[options?.params?.id ?? 0] ?? [] };
      case 'cars.colors':
        return { data: colors };
      case 'cars.create': {
        if (createError) throw createError;
        const body = options!.body as { patente: string; car_brand_id: number; car_model_id: number };
        const car: Car = { id: 9, description: '', ...body, brand_name: 'Fiat', model_name: 'Cronos', color_name: 'Blanco' } as Car;
        cars = [...cars, car];
        return { data: car };
      }
      case 'cars.update': {
        const car = { ...cars.find(({ id }) => id === options!.params!.id)!, ...options!.body } as Car;
        cars = cars.map((row) => (row.id === car.id ? car : row));
        return { data: car };
      }
      case 'cars.delete':
        cars = cars.filter(({ id }) => id !== options!.params!.id);
        return { data: 'ok' };
      case 'users.show':
        return { data: { id: 7, name: 'Ana' } };
      default:
        throw new Error(`unexpected call ${endpoint.id}`);
    }
  });
}

const callsOf = (id: string) => call.mock.calls.filter(([endpoint]) => endpoint.id === id);

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  session.setToken('token');
  session.setUser({ id: 7, name: 'Ana', image: 'a.jpg', description: 'Hola' });
  cars = [gol];
});
afterEach(() => {
  call.mockReset();
  session.clear('logout');
});

describe('Mis autos', () => {
  it('lists the cars with plate, catalogue brand, model, year, colour and description', async () => {
    serve();
    renderWithApp(<CarsRoute />);
    const list = await screen.findByRole('list', { name: 'Tus autos' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('AB 123 CD')).toBeVisible();
    expect(within(item).getByText('Volkswagen · Gol Trend · 2018 · Gris')).toBeVisible();
    expect(within(item).getByText('Baúl grande')).toBeVisible();
  });

  it('says so when there is no car', async () => {
    cars = [];
    serve();
    renderWithApp(<CarsRoute />);
    expect(await screen.findByText('Todavía no cargaste ningún auto.')).toBeVisible();
  });

  it('adds a car from the catalogue, after saying what a new car needs', async () => {
    const user = userEvent.setup();
    serve();
    renderWithApp(<CarsRoute />);
    await user.click(await screen.findByRole('button', { name: 'Agregar auto' }));
    const form = screen.getByRole('form', { name: 'Nuevo auto' });

    await user.click(within(form).getByRole('button', { name: 'Guardar auto' }));
    expect(within(form).getByText('Escribí la patente.')).toBeVisible();
    expect(within(form).getByText('El año es obligatorio.')).toBeVisible();
    expect(within(form).getByText('El color es obligatorio.')).toBeVisible();
    expect(within(form).getByText('La marca es obligatoria.')).toBeVisible();
    expect(callsOf('cars.create')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: /Patente/ }), 'ae 482 kt');
    await user.type(within(form).getByRole('textbox', { name: /Año/ }), '2021');
    await choose(user, /Marca/, 'Fiat');
    await choose(user, /Modelo/, 'Cronos');
    await choose(user, /Color/, 'Blanco');
    await user.click(within(form).getByRole('button', { name: 'Guardar auto' }));

    await waitFor(() => expect(callsOf('cars.create')).toHaveLength(1));
    expect(callsOf('cars.create')[0]![1]!.body).toEqual({ patente: 'AE 482 KT', year: 2021, car_color_id: 1, car_brand_id: 2, car_model_id: 21 });
    expect(await screen.findByText('Guardaste el auto AE 482 KT.')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Nuevo auto' })).toBeNull();
    expect(await within(screen.getByRole('list', { name: 'Tus autos' })).findByText('AE 482 KT')).toBeVisible();
  });

  it('writes a brand and model the catalogue does not have', async () => {
    const user = userEvent.setup();
    serve();
    renderWithApp(<CarsRoute />);
    await user.click(await screen.findByRole('button', { name: 'Agregar auto' }));
    const form = screen.getByRole('form', { name: 'Nuevo auto' });
    await user.type(within(form).getByRole('textbox', { name: /Patente/ }), 'AA 000 AA');
    await user.type(within(form).getByRole('textbox', { name: /Año/ }), '1998');
    await choose(user, /Marca/, 'Otra / no está en la lista');
    await user.type(within(form).getByRole('textbox', { name: /Marca \(escribila\)/ }), 'Lada');
    await user.type(within(form).getByRole('textbox', { name: /Modelo \(escribilo\)/ }), 'Niva');
    await choose(user, /Color/, 'Gris');
    await user.click(within(form).getByRole('button', { name: 'Guardar auto' }));
    await waitFor(() => expect(callsOf('cars.create')).toHaveLength(1));
    expect(callsOf('cars.create')[0]![1]!.body).toEqual({ patente: 'AA 000 AA', year: 1998, car_color_id: 2, brand_other: 'Lada', model_other: 'Niva' });
  });

  it("shows the server's word on a plate the user already has, by the field", async () => {
    const user = userEvent.setup();
    serve({ createError: new ApiError(422, { message: 'The given data was invalid.', errors: { patente: ['The patente has already been taken.'] } }) });
    renderWithApp(<CarsRoute />);
    await user.click(await screen.findByRole('button', { name: 'Agregar auto' }));
    const form = screen.getByRole('form', { name: 'Nuevo auto' });
    await user.type(within(form).getByRole('textbox', { name: /Patente/ }), 'AB 123 CD');
    await user.type(within(form).getByRole('textbox', { name: /Año/ }), '2018');
    await choose(user, /Marca/, 'Volkswagen');
    await choose(user, /Modelo/, 'Gol Trend');
    await choose(user, /Color/, 'Gris');
    await user.click(within(form).getByRole('button', { name: 'Guardar auto' }));
    expect(await within(form).findByText('Ya tenés un auto con esa patente.')).toBeVisible();
  });

  it('edits a car: the form starts from it and sends the change', async () => {
    const user = userEvent.setup();
    serve();
    renderWithApp(<CarsRoute />);
    await user.click(await screen.findByRole('button', { name: 'Editar el auto AB 123 CD' }));
    const form = screen.getByRole('form', { name: 'Editar el auto AB 123 CD' });
    const description = within(form).getByRole('textbox', { name: 'Descripción' });
    expect(description).toHaveValue('Baúl grande');
    await user.clear(description);
    await user.type(description, 'Con portaequipajes');
    await user.click(within(form).getByRole('button', { name: 'Guardar auto' }));
    await waitFor(() => expect(callsOf('cars.update')).toHaveLength(1));
    expect(callsOf('cars.update')[0]![1]).toMatchObject({
      params: { id: 5 },
      body: { patente: 'AB 123 CD', description: 'Con portaequipajes', year: 2018, car_brand_id: 1, car_model_id: 11, car_color_id: 2 },
    });
    expect(await screen.findByText('Con portaequipajes')).toBeVisible();
  });

  it('asks before deleting; No keeps the car, Eliminar removes it', async () => {
    const user = userEvent.setup();
    serve();
    renderWithApp(<CarsRoute />);
    await user.click(await screen.findByRole('button', { name: 'Eliminar el auto AB 123 CD' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar auto' });
    expect(within(dialog).getByText('¿Seguro que querés eliminar el auto AB 123 CD? Los viajes que lo usaban quedan sin auto.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'No, volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf('cars.delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Eliminar el auto AB 123 CD' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar auto' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(callsOf('cars.delete')).toHaveLength(1));
    expect(callsOf('cars.delete')[0]![1]).toMatchObject({ params: { id: 5 } });
    expect(await screen.findByText('Todavía no cargaste ningún auto.')).toBeVisible();
  });
});
