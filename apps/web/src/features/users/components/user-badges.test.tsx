import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Badge } from '@carpool/contracts';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { renderWithApp } from '@/testing/render';
import { badgeImageUrl } from '../utils/badge-image';
import { UserBadges } from './user-badges';

vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(endpoint: { id: string }, options?: { params?: { id?: number } }) => Promise<unknown>>;
const badge = (fields: Partial<Badge>): Badge => ({ id: 1, title: 'Conductor verificado', description: 'Validó su identidad como conductor.', image_path: 'badges/conductor-verificado.svg', ...fields });

afterEach(() => call.mockReset());

describe('UserBadges', () => {
  it("shows each badge's image and title, and its description on hover", async () => {
    call.mockResolvedValue({ data: [badge({}), badge({ id: 2, title: 'Primer viaje', description: null, image_path: 'https://cdn.example.org/primer.png' })] });
    const { container } = renderWithApp(<UserBadges userId={12} />);

    expect(await screen.findByRole('heading', { name: 'Insignias' })).toBeVisible();
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ id: 'users.badges' }), expect.objectContaining({ params: { id: 12 } }));
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Conductor verificado', 'Primer viaje']);
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/app/img/badges/conductor-verificado.svg', 'https://cdn.example.org/primer.png']);

    await userEvent.hover(screen.getByText('Conductor verificado'));
    expect(await screen.findByText('Validó su identidad como conductor.')).toBeInTheDocument();
  });

  it('shows nothing when the user has no badges or the call fails', async () => {
    call.mockResolvedValue({ data: [] });
    const empty = renderWithApp(<UserBadges userId={3} />);
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    expect(empty.queryByRole('heading', { name: 'Insignias' })).toBeNull();
    empty.unmount();

    call.mockRejectedValue(new Error('network'));
    renderWithApp(<UserBadges userId={4} />);
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('heading', { name: 'Insignias' })).toBeNull();
  });

  it("resolves image_path as the provider's web client does: under /app/img/, absolute URLs as they are", () => {
    expect(badgeImageUrl('badges/msmjms.jpg')).toBe('/app/img/badges/msmjms.jpg');
    expect(badgeImageUrl('/badges/msmjms.jpg')).toBe('/app/img/badges/msmjms.jpg');
    expect(badgeImageUrl('HTTPS://example.org/a.png')).toBe('HTTPS://example.org/a.png');
    expect(badgeImageUrl(null)).toBeNull();
  });
});
