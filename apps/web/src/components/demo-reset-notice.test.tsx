import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { DemoResetNotice } from './demo-reset-notice';

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function renderNotice() {
  renderWithApp(
    <>
      <p>Página</p>
      <DemoResetNotice />
    </>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DemoResetNotice', () => {
  it('announces the reset in Argentina time when the server says it is near', async () => {
    const fetch = answer(200, { enabled: true, next_reset_at: '2026-12-02T08:00:00.000Z', notice: true, last_reset_at: null });
    vi.stubGlobal('fetch', fetch);
    renderNotice();
    expect(await screen.findByRole('status')).toHaveTextContent('La demo se reinicia a las 05:00: los viajes, las cuentas y los cambios vuelven a los datos iniciales.');
    expect(fetch).toHaveBeenCalledWith('/__demo/reset', expect.anything());
  });

  it('says nothing before the notice is due, or when the API has no demo reset (the provider)', async () => {
    const early = answer(200, { enabled: true, next_reset_at: '2026-12-02T08:00:00.000Z', notice: false, last_reset_at: null });
    vi.stubGlobal('fetch', early);
    renderNotice();
    await vi.waitFor(() => expect(early).toHaveBeenCalled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    vi.stubGlobal('fetch', answer(404, { message: 'Not Found' }));
    renderNotice();
    await screen.findAllByText('Página');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
