import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi, type Mock } from 'vitest';
import { loadPlaceAutocomplete } from '@/components/place-autocomplete-loader';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { nowInArgentina } from '@/lib/dates';
import { renderWithApp } from '@/testing/render';
import { EMPTY_SEARCH } from '../utils/search-params';
import { TripSearchForm } from './trip-search-form';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;

const place = (name: string, importance: number, country = 'AR') => ({
  id: name,
  name,
  state: 'Santa Fe',
  country,
  lat: -32.95,
  lng: -60.65,
  type: 'city',
  importance,
});

afterEach(() => call.mockReset());

function renderForm() {
  const onSearch = vi.fn();
  renderWithApp(<TripSearchForm initialValues={EMPTY_SEARCH} homeCountry="AR" homeCountryName="Argentina" onSearch={onSearch} />);
  return onSearch;
}

describe('TripSearchForm', () => {
  // The place fields' combobox loads on demand (after the first screen, or when a field is pointed
  // at); here it has loaded, as it has when a user reaches the search form. components/place-autocomplete.test.tsx
  // covers the field before it loads.
  beforeAll(() => loadPlaceAutocomplete(), 30_000);

  // The 750 ms pause, then the answer's rendering: slow on a busy machine (CI runs the API's tests alongside).
  it('asks for places after a pause, best first, and searches with the chosen one', { timeout: 15_000 }, async () => {
    call.mockResolvedValue({ nodes_geos: [place('Roldán', 200), place('Rosario', 1000)] });
    const onSearch = renderForm();
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: 'Origen' }), 'Ro');
    const options = await screen.findAllByRole('option', {}, { timeout: 10_000 });
    expect(options.map((option) => option.textContent)).toEqual(['Rosario, Santa Fe', 'Roldán, Santa Fe']);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/trips/autocomplete' }), {
      query: { name: 'Ro', country: 'AR', multicountry: false },
      signal: expect.any(AbortSignal),
    });

    await u.click(options[0]!);
    expect(screen.getByRole('textbox', { name: 'Origen' })).toHaveValue('Rosario, Santa Fe');
    await u.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSearch).toHaveBeenCalledWith(
      expect.objectContaining({ origin: expect.objectContaining({ name: 'Rosario', lat: -32.95 }), destination: null }),
    );
    expect(call).toHaveBeenCalledTimes(1);
  });

  // Two autocompletes, each after its 750 ms pause: slow on a busy machine.
  it('refuses origin and destination both abroad', async () => {
    call.mockResolvedValue({ nodes_geos: [place('Santiago', 900, 'CL')] });
    const onSearch = renderForm();
    const u = userEvent.setup();
    await u.click(screen.getByRole('checkbox', { name: 'Incluir lugares fuera del país' }));
    for (const name of ['Origen', 'Destino']) {
      await u.type(screen.getByRole('textbox', { name }), 'Sa');
      await u.click(await screen.findByRole('option', {}, { timeout: 6000 }));
    }
    await u.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Origen y destino no pueden ser ambos del exterior.')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  }, 15_000);
});

describe('TripSearchForm date', () => {
  // The calendar's code loads on demand; transformed once here so a busy machine does not time it out.
  beforeAll(async () => {
    await import('@/components/date-input-widget');
  }, 30_000);

  it('opens the calendar on the current month, and a clicked day is the searched date', { timeout: 20_000 }, async () => {
    const onSearch = renderForm();
    const u = userEvent.setup();
    // Pointing at the field loads the calendar (the plain field is replaced); then the click opens it.
    const plain = screen.getByRole('textbox', { name: 'Fecha' });
    await u.hover(plain);
    await waitFor(() => expect(plain).not.toBeInTheDocument(), { timeout: 15_000 });
    await u.click(screen.getByRole('textbox', { name: 'Fecha' }));
    // It opens on today's month (it opened on the month a century ago).
    const today = nowInArgentina();
    expect(await screen.findByRole('button', { name: today.format('MMMM YYYY') })).toBeInTheDocument();
    const day = today.date() === 15 ? 16 : 15;
    await u.click(screen.getByRole('button', { name: today.date(day).format('D MMMM YYYY') }));
    expect(screen.getByRole('textbox', { name: 'Fecha' })).toHaveValue(today.date(day).format('DD/MM/YYYY'));
    await u.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ date: today.date(day).format('YYYY-MM-DD') }));
  });

  it('opens the calendar when the field is reached with the keyboard, keeping the focus', { timeout: 20_000 }, async () => {
    renderForm();
    act(() => screen.getByRole('textbox', { name: 'Fecha' }).focus());
    const today = nowInArgentina();
    expect(await screen.findByRole('button', { name: today.format('MMMM YYYY') }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Fecha' })).toHaveFocus();
  });

  it('names the clear button of the date', { timeout: 20_000 }, async () => {
    renderWithApp(
      <TripSearchForm
        initialValues={{ ...EMPTY_SEARCH, date: nowInArgentina().format('YYYY-MM-DD') }}
        homeCountry="AR"
        homeCountryName="Argentina"
        onSearch={vi.fn()}
      />,
    );
    await userEvent.setup().hover(screen.getByRole('textbox', { name: 'Fecha' }));
    expect(await screen.findByRole('button', { name: 'Borrar fecha' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
