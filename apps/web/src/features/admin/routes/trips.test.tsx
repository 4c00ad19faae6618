import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
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
});
