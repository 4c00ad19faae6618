import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { PlaceAutocomplete } from './place-autocomplete';

const rosario = { name: 'Rosario', lat: -32.95, lng: -60.65, id: 'Rosario', country: 'AR', state: 'Santa Fe' };

// The combobox's code loads on demand: until then the field is a plain one (tests in this order).
describe('PlaceAutocomplete before its combobox has loaded', { timeout: 20_000 }, () => {
  it('shows the chosen place with a clear button that clears it', async () => {
    const onChange = vi.fn();
    const { container } = renderWithApp(<PlaceAutocomplete label="Origen" value={rosario} onChange={onChange} multicountry={false} country="AR" />);
    const field = screen.getByRole('textbox', { name: 'Origen' });
    expect(field).toHaveValue('Rosario');
    expect(field).not.toHaveAttribute('aria-haspopup');
    await userEvent.setup().click(container.querySelector('.mantine-InputClearButton-root')!);
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('keeps what was typed and the focus when the combobox takes over', async () => {
    renderWithApp(<PlaceAutocomplete label="Destino" value={null} onChange={vi.fn()} multicountry={false} country="AR" />);
    const plain = screen.getByRole('textbox', { name: 'Destino' });
    act(() => plain.focus());
    fireEvent.change(plain, { target: { value: 'Cór' } });
    await waitFor(() => expect(plain).not.toBeInTheDocument(), { timeout: 15_000 });
    const field = screen.getByRole('textbox', { name: 'Destino' });
    expect(field).toHaveAttribute('aria-haspopup', 'listbox');
    expect(field).toHaveValue('Cór');
    expect(field).toHaveFocus();
  });
});
