import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { makeSubscription } from '../utils/subscription-fixture';
import { SubscriptionItem } from './subscription-item';

describe('SubscriptionItem', () => {
  it("shows origin, destination, approximate date, 'Busco pasajeros' and the capped match count", () => {
    renderWithApp(
      <ul>
        <SubscriptionItem subscription={makeSubscription({ is_passenger: 1, matches_count: 20 })} onDelete={vi.fn()} deleting={false} />
      </ul>,
    );
    expect(screen.getByText('Rosario')).toBeInTheDocument();
    expect(screen.getByText('Córdoba')).toBeInTheDocument();
    expect(screen.getByText('Alrededor del 15/03/2030')).toBeInTheDocument();
    expect(screen.getByText('Busco pasajeros')).toBeInTheDocument();
    expect(screen.getByTestId('subscription-matches')).toHaveTextContent('Coincidencias: 20+');
    expect(screen.getByRole('link', { name: 'Buscar' })).toHaveAttribute('href', expect.stringContaining('/trips?origin_name=Rosario'));
  });

  it('shows the exact count below the cap, any date, and no passenger badge for a driver search', () => {
    renderWithApp(
      <ul>
        <SubscriptionItem subscription={makeSubscription({ matches_count: 19, trip_date: null })} onDelete={vi.fn()} deleting={false} />
      </ul>,
    );
    expect(screen.getByTestId('subscription-matches')).toHaveTextContent('Coincidencias: 19');
    expect(screen.getByText('Cualquier fecha')).toBeInTheDocument();
    expect(screen.queryByText('Busco pasajeros')).not.toBeInTheDocument();
  });

  it('deletes', async () => {
    const onDelete = vi.fn();
    renderWithApp(
      <ul>
        <SubscriptionItem subscription={makeSubscription()} onDelete={onDelete} deleting={false} />
      </ul>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Borrar la alerta de Rosario a Córdoba' }));
    expect(onDelete).toHaveBeenCalledWith(5);
  });
});
