import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { session } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { DonationPanel, DonationPrompt } from './donation-panel';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
let open: Mock<typeof window.open>;

beforeEach(() => {
  open = vi.fn<typeof window.open>(() => null);
  vi.stubGlobal('open', open);
});
afterEach(() => {
  call.mockReset();
  vi.unstubAllGlobals();
  session.clear();
});

describe('DonationPanel', () => {
  it('opens the donation modal; a logged-in user monthly donation opens its link and is recorded without a trip', async () => {
    session.setToken('token');
    call.mockResolvedValue({ id: 1 });
    const user = userEvent.setup();
    renderWithApp(<DonationPanel />);
    const panel = await screen.findByTestId('donation-panel');
    expect(panel).toHaveTextContent('¿Te sirve Carpoolear?');
    await user.click(screen.getByRole('button', { name: 'Donar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ayudanos a sostener Carpoolear' });
    // Nothing chosen: the spec's message, nothing opened or sent.
    await user.click(within(dialog).getByRole('button', { name: 'Donar' }));
    expect(await screen.findByText('Tienes que seleccionar un valor de donación.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    await user.click(screen.getByText('Todos los meses'));
    await user.click(screen.getByRole('radio', { name: '$ 5.000' }));
    await user.click(screen.getAllByRole('button', { name: 'Donar' }).at(-1)!);
    expect(open).toHaveBeenCalledWith('https://carpoolear.com.ar/donar?tipo=mensual&monto=5000', '_blank', 'noopener');
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/users/donation' }), {
        body: { has_donated: true, has_denied: false, ammount: 5000, monthly: true, trip_id: null },
      }),
    );
  });

  it('closing the modal opened from a panel records no denial, and a guest donates through the link only', async () => {
    const user = userEvent.setup();
    renderWithApp(<DonationPanel />);
    await user.click(await screen.findByRole('button', { name: 'Donar' }));
    const dialog = await screen.findByRole('dialog');
    // The footer button (the header's close button has the same name).
    await user.click(within(dialog).getAllByRole('button', { name: 'Ahora no' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Donar' }));
    await user.click(await screen.findByRole('radio', { name: '$ 2.000' }));
    await user.click(screen.getAllByRole('button', { name: 'Donar' }).at(-1)!);
    expect(open).toHaveBeenCalledWith('https://carpoolear.com.ar/donar?tipo=unica&monto=2000', '_blank', 'noopener');
    expect(call).not.toHaveBeenCalled();
  });
});

describe('DonationPrompt', () => {
  it("says the month's need with the app's name and can be dismissed", async () => {
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<DonationPrompt onDismiss={onDismiss} />);
    expect(await screen.findByText('Este mes necesitamos tu ayuda para sostener Carpoolear.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cerrar el pedido de donación' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });
});
