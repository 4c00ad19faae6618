import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api } from '@/lib/api-client';
import type * as ApiClientModule from '@/lib/api-client';
import { makePage, makeTrip } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { TripList } from './trip-list';

// Cards per row (audit 2.41/9.51): max_cards_per_row cards from md (992 px) up, never more than 4;
// trip-list.test.tsx holds the loading, paging and panels.
vi.mock('@/lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClientModule>();
  return { ...actual, api: { call: vi.fn(), baseUrl: '' } };
});

const call = vi.mocked(api.call) as unknown as Mock<(...args: unknown[]) => Promise<unknown>>;
afterEach(() => call.mockReset());

/** The SimpleGrid's columns as Mantine writes them: a base value and one media query per breakpoint. */
const gridCss = () => Array.from(document.querySelectorAll('style'), (style) => style.textContent).join('\n');

async function renderWith(maxCardsPerRow: number) {
  call.mockResolvedValue(makePage([1, 2, 3, 4, 5].map((id) => makeTrip({ id }))));
  renderWithApp(<TripList search={{ is_passenger: false }} maxCardsPerRow={maxCardsPerRow} />);
  expect(await screen.findAllByTestId('trip-card')).toHaveLength(5);
  return gridCss();
}

describe('TripList cards per row', () => {
  it('shows 1 card per row, 2 from sm and max_cards_per_row (3) from md', async () => {
    const css = await renderWith(3);
    expect(css).toMatch(/--sg-cols:1;/);
    expect(css).toMatch(/@media\(min-width: 48em\)\{[^{]+\{--sg-cols:2;\}/);
    expect(css).toMatch(/@media\(min-width: 62em\)\{[^{]+\{--sg-cols:3;\}/);
  });

  it('takes 4 from the config', async () => {
    expect(await renderWith(4)).toMatch(/@media\(min-width: 62em\)\{[^{]+\{--sg-cols:4;\}/);
  });

  it('never shows more than 4 cards per row', async () => {
    const css = await renderWith(6);
    expect(css).toMatch(/@media\(min-width: 62em\)\{[^{]+\{--sg-cols:4;\}/);
    expect(css).not.toMatch(/--sg-cols:6;/);
  });
});
