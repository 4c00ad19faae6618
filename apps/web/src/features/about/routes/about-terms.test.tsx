import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { AboutRoute } from './about';
import { TermsRoute } from './terms';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(endpoint: { id: string }, options?: unknown) => Promise<unknown>>;

afterEach(() => call.mockReset());

describe('Terms page', () => {
  it("renders the server's HTML without its scripts", async () => {
    call.mockResolvedValue({ content: '<h2>Condiciones</h2><p>Viajá seguro.</p><script>window.hacked = true</script><img src=x onerror="window.hacked = true">' });
    renderWithApp(<TermsRoute />, { path: '/terminos' });
    const content = await screen.findByTestId('terms-content');
    expect(content).toHaveTextContent('Viajá seguro.');
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('[onerror]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'users.terms' }), expect.objectContaining({ query: { lang: 'arg' } }));
  });

  it('leads back to the register form when opened from it', async () => {
    call.mockResolvedValue({ content: '<p>Términos</p>' });
    const { router } = renderWithApp(<TermsRoute />, {
      path: '/terminos',
      url: '/register',
      routes: [{ path: '/register', element: <p>Registro (origen)</p> }],
    });
    await act(() => router.navigate('/terminos', { state: { from: 'register' } }));
    await userEvent.setup().click((await screen.findAllByRole('button', { name: 'Volver al registro' }))[0]!);
    expect(await screen.findByText('Registro (origen)')).toBeInTheDocument();
  });
});

describe('About page', () => {
  it('shows the mission, the environmental claim per km shared and the OpenStreetMap credit', async () => {
    renderWithApp(<AboutRoute />, { path: '/about' });
    expect(await screen.findByRole('heading', { name: 'Acerca de Carpoolear', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('environmental-claim')).toHaveTextContent(
      'Por cada kilómetro que compartís se dejan de emitir 150 g de CO2 y se ahorran 0,071 l de combustible.',
    );
    expect(screen.getByText(/400 km ahorra unos 60 kg de CO2 y 28,4 l de combustible/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '© OpenStreetMap contributors' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
  });
});
