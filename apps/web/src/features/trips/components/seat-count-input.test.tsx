import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { SeatCountInput } from './seat-count-input';

function Harness({ start }: { start: number }) {
  const [value, setValue] = useState(start);
  return <SeatCountInput label="Asientos disponibles" value={value} onChange={setValue} />;
}

describe('SeatCountInput', () => {
  it('steps between 1 and 4: minus disabled at 1, plus at 4', async () => {
    renderWithApp(<Harness start={2} />);
    const u = userEvent.setup();
    const minus = screen.getByRole('button', { name: 'Quitar un asiento' });
    const plus = screen.getByRole('button', { name: 'Agregar un asiento' });
    await u.click(minus);
    expect(screen.getByTestId('seat-count')).toHaveTextContent('1');
    expect(minus).toBeDisabled();
    for (let i = 0; i < 5; i++) await u.click(plus);
    expect(screen.getByTestId('seat-count')).toHaveTextContent('4');
    expect(plus).toBeDisabled();
    expect(minus).toBeEnabled();
  });
});
