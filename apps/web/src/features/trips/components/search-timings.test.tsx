import { act, fireEvent, render, screen } from '@testing-library/react';
import { TIMING } from '@carpool/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { loadPlaceAutocomplete } from '@/components/place-autocomplete-loader';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { nowInArgentina } from '@/lib/dates';
import { createTestQueryClient, renderWithApp } from '@/testing/render';
import { TestProviders } from '@/testing/test-providers';
import { EMPTY_SEARCH } from '../utils/search-params';
import { TripDateInput } from './trip-date-input';
import { TripSearchForm } from './trip-search-form';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});
const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;

const renderInApp = (ui: ReactNode) => render(<TestProviders queryClient={createTestQueryClient()}>{ui}</TestProviders>);

/** Moves the fake clock inside React's act, so that the effects the timers start run too. */
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/**
 * The search's pauses (spec document 2 §9; issue 41 item 10), on fake timers: nothing happens a
 * moment before the time, and it happens at the time.
 */
describe('the search form timings', () => {
  beforeAll(() => loadPlaceAutocomplete(), 30_000);
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
  afterEach(() => {
    vi.useRealTimers();
    call.mockReset();
  });

  it('a typed trip date reaches the form 800 ms after the last key', async () => {
    expect(TIMING.dateInputDebounceMs).toBe(800);
    const onChange = vi.fn();
    const onInstantChange = vi.fn();
    renderInApp(<TripDateInput label="Fecha" defaultValue={null} onChange={onChange} onInstantChange={onInstantChange} />);
    const day = nowInArgentina().add(10, 'day');
    const input = screen.getByRole('textbox', { name: 'Fecha' });
    fireEvent.change(input, { target: { value: day.format('DD/MM/YYYY') } });
    expect(onInstantChange).toHaveBeenLastCalledWith(day.format('YYYY-MM-DD'));
    await advance(799);
    expect(onChange).not.toHaveBeenCalled();
    await advance(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(day.format('YYYY-MM-DD'));
  });

  it('the place autocomplete asks the API 750 ms after the last key, once', async () => {
    expect(TIMING.autocompleteDelayMs).toBe(750);
    call.mockResolvedValue({ nodes_geos: [] });
    renderWithApp(<TripSearchForm initialValues={EMPTY_SEARCH} homeCountry="AR" homeCountryName="Argentina" onSearch={vi.fn()} />);
    const origin = screen.getByRole('textbox', { name: 'Origen' });
    fireEvent.change(origin, { target: { value: 'Ro' } });
    await advance(500);
    // Another key before the pause ends starts it again.
    fireEvent.change(origin, { target: { value: 'Ros' } });
    await advance(749);
    expect(call).not.toHaveBeenCalled();
    await advance(1);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/trips/autocomplete' }), expect.objectContaining({
      query: expect.objectContaining({ name: 'Ros' }),
    }));
  });
});
