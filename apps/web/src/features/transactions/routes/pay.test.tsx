import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { replaceWithPayment } from '@/lib/payments';
import type * as PaymentsModule from '@/lib/payments';
import { session } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { PayRoute } from './pay';

vi.mock('@/lib/payments', async (importOriginal) => ({ ...(await importOriginal<typeof PaymentsModule>()), replaceWithPayment: vi.fn() }));

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  session.setToken('token-de-lucia');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(replaceWithPayment).mockReset();
  session.clear('logout');
});

describe('PayRoute', () => {
  it('opens the payment session with the bearer token, then goes back to the seat payment page', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    renderWithApp(<PayRoute />, { path: '/pay', url: '/pay?tp_id=81' });
    expect(await screen.findByText('Abriendo el pago seguro…')).toBeInTheDocument();
    await waitFor(() => expect(replaceWithPayment).toHaveBeenCalledWith('/transbank?tp_id=81'));
    expect(fetchMock).toHaveBeenCalledWith('/transbank/session', { method: 'POST', headers: { Authorization: 'Bearer token-de-lucia' } });
  });

  it("goes to a trip's creation fee page for trip_id", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    renderWithApp(<PayRoute />, { path: '/pay', url: '/pay?trip_id=42' });
    await waitFor(() => expect(replaceWithPayment).toHaveBeenCalledWith('/transbank/sellado?trip_id=42'));
  });

  it('says so when the session is refused or the link names nothing, and leads to my trips', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 401 }));
    const { unmount } = renderWithApp(<PayRoute />, { path: '/pay', url: '/pay?tp_id=81' });
    expect(await screen.findByText('No pudimos abrir el pago. Volvé a intentarlo desde Mis viajes.')).toBeInTheDocument();
    expect(replaceWithPayment).not.toHaveBeenCalled();
    unmount();
    renderWithApp(<PayRoute />, { path: '/pay', url: '/pay?tp_id=abc' });
    expect(await screen.findByRole('link', { name: 'Ir a Mis viajes' })).toHaveAttribute('href', '/my-trips');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
