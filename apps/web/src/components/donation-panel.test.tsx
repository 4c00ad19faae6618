import { notifications } from '@mantine/notifications';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { session } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { DONATION_PROMPT_SHOWN_KEY, DonationPanel, DonationPrompt } from './donation-panel';

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
  vi.restoreAllMocks();
  session.clear();
});

/** The toasts shown, as the app's toast helper shows them (message, colour, how long). */
const toastsShown = (show: { mock: { calls: unknown[][] } }) =>
  show.mock.calls.map(([options]) => {
    const { message, color, autoClose } = options as { message: string; color: string; autoClose: number };
    return { message, color, autoClose };
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
    // Nothing chosen: the spec's message in an error toast (10 s), nothing opened or sent.
    const show = vi.spyOn(notifications, 'show');
    await user.click(within(dialog).getByRole('button', { name: 'Donar' }));
    expect(await screen.findByText('Tienes que seleccionar un valor de donación.')).toBeInTheDocument();
    expect(toastsShown(show)).toEqual([{ message: 'Tienes que seleccionar un valor de donación.', color: 'red', autoClose: 10_000 }]);
    expect(within(dialog).queryByText('Tienes que seleccionar un valor de donación.')).not.toBeInTheDocument();
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

describe('the custom monthly amount', () => {
  it("asks for the amount; an invalid one says 'valorDonacion' in a 10 s error toast; a valid one goes to the custom page and is recorded", async () => {
    session.setToken('token');
    call.mockResolvedValue({ id: 1 });
    const user = userEvent.setup();
    renderWithApp(<DonationPanel />);
    await user.click(await screen.findByRole('button', { name: 'Donar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('textbox', { name: 'Tu aporte mensual, en pesos' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByText('Todos los meses'));
    await user.click(within(dialog).getByRole('radio', { name: 'Otro monto mensual' }));
    const field = within(dialog).getByRole('textbox', { name: 'Tu aporte mensual, en pesos' });

    // Empty, then below 0: not a valid monthly amount.
    const show = vi.spyOn(notifications, 'show');
    await user.click(within(dialog).getByRole('button', { name: 'Donar' }));
    await user.type(field, '-300');
    await user.click(within(dialog).getByRole('button', { name: 'Donar' }));
    expect(toastsShown(show)).toEqual([
      { message: 'Ingresá un valor de donación válido.', color: 'red', autoClose: 10_000 },
      { message: 'Ingresá un valor de donación válido.', color: 'red', autoClose: 10_000 },
    ]);
    expect((await screen.findAllByText('Ingresá un valor de donación válido.')).length).toBeGreaterThan(0);
    expect(open).not.toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '3000');
    await user.click(within(dialog).getByRole('button', { name: 'Donar' }));
    expect(open).toHaveBeenCalledWith('https://carpoolear.com.ar/donar?tipo=mensual&monto=otro', '_blank', 'noopener');
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/users/donation' }), {
        body: { has_donated: true, has_denied: false, ammount: 3000, monthly: true, trip_id: null },
      }),
    );
  });
});

describe('DonationPrompt', () => {
  it("is a modal with the month's need and the amounts, dismissed with 'Ahora no', once per session", async () => {
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    const first = renderWithApp(<DonationPrompt onDismiss={onDismiss} />);
    const dialog = await screen.findByRole('dialog', { name: 'Ayudanos a sostener Carpoolear' });
    expect(dialog).toHaveTextContent('Este mes necesitamos tu ayuda para sostener Carpoolear.');
    expect(within(dialog).getByRole('radio', { name: '$ 2.000' })).toBeInTheDocument();
    expect(sessionStorage.getItem(DONATION_PROMPT_SHOWN_KEY)).not.toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Ahora no' }).at(-1)!);
    expect(onDismiss).toHaveBeenCalledOnce();
    first.unmount();

    // The trips home again in the same session: no prompt.
    renderWithApp(<DonationPrompt onDismiss={onDismiss} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows again in a new session', async () => {
    renderWithApp(<DonationPrompt onDismiss={vi.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Ayudanos a sostener Carpoolear' })).toBeInTheDocument();
  });
});
