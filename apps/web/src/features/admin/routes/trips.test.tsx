import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { dayjs } from '@/lib/dates';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { makePage, makeTrip } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { AdminTripsPage } from './trips';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

const trips = [
  makeTrip({ id: 1, from_town: 'Rosario', to_town: 'Córdoba' }),
  makeTrip({ id: 2, from_town: 'Salta', to_town: 'Jujuy', hidden: 1 }),
  makeTrip({ id: 3, from_town: 'Mendoza', to_town: 'San Juan', deleted: 1 }),
];

describe('AdminTripsPage', () => {
  it("names the states as the spec does: 'Activo', 'Oculto', 'Borrado', in the table and the detail modal", async () => {
    call.mockResolvedValue(makePage(trips));
    renderWithApp(<AdminTripsPage />);
    const table = screen.getByRole('table', { name: 'Viajes encontrados' });
    await within(table).findByRole('cell', { name: 'Rosario' });
    const row = (from: string) => within(table).getByRole('cell', { name: from }).closest('tr') as HTMLElement;
    expect(within(row('Rosario')).getByRole('cell', { name: 'Activo' })).toBeInTheDocument();
    expect(within(row('Salta')).getByRole('cell', { name: 'Oculto' })).toBeInTheDocument();
    expect(within(row('Mendoza')).getByRole('cell', { name: 'Borrado' })).toBeInTheDocument();
    expect(within(table).queryByText(/Visible|Eliminado/)).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Ver el viaje de Mendoza a San Juan' }));
    const modal = await screen.findByRole('dialog', { name: 'Viaje de Mendoza a San Juan' });
    expect(within(modal).getByText('Borrado')).toBeInTheDocument();
  });

  it('shows the dates as Argentina writes them (dd/mm/yyyy) and sends the day picked on the calendar', async () => {
    call.mockResolvedValue(makePage([makeTrip({ id: 1, from_town: 'Rosario', to_town: 'Córdoba', trip_date: '2027-03-05 23:30:00' })]));
    renderWithApp(<AdminTripsPage />);
    const table = screen.getByRole('table', { name: 'Viajes encontrados' });
    const row = (await within(table).findByRole('cell', { name: 'Rosario' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: '05/03/2027' })).toBeInTheDocument();
    expect(within(row).queryByText('2027-03-05')).toBeNull();

    // The calendar opens on this month: the 15th, picked, not typed.
    const user = userEvent.setup();
    const day = dayjs().date(15);
    const field = screen.getByRole('textbox', { name: 'Día' });
    await user.click(field);
    await user.click(await screen.findByRole('button', { name: day.locale('es').format('D MMMM YYYY') }));
    expect(field).toHaveValue(day.format('DD/MM/YYYY'));

    call.mockClear();
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    const [, options] = call.mock.calls.at(-1) as [unknown, { query: Record<string, unknown> }];
    expect(options.query.date).toBe(day.format('YYYY-MM-DD'));
  });
});
