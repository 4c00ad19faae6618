import { describe, expect, it } from 'vitest';
import { formatPrice, isSeatTaken, ratingStars, seatLevel, townLabel } from './trip-display';

describe('ratingStars: positive / (positive + negative) × 5', () => {
  it('has no stars without votes', () => {
    expect(ratingStars(0, 0)).toBeNull();
  });

  it('gives full stars for all-positive votes', () => {
    expect(ratingStars(10, 0)).toEqual({ value: 5, full: 5, half: false, empty: 0 });
  });

  it('adds a half star at a fraction of .5 or more', () => {
    expect(ratingStars(9, 1)).toMatchObject({ full: 4, half: true, empty: 0 }); // 4.5
    expect(ratingStars(7, 3)).toMatchObject({ full: 3, half: true, empty: 1 }); // 3.5
    expect(ratingStars(23, 2)).toMatchObject({ full: 4, half: true, empty: 0 }); // 4.6
  });

  it('drops a fraction below .5', () => {
    expect(ratingStars(22, 3)).toMatchObject({ full: 4, half: false, empty: 1 }); // 4.4
    expect(ratingStars(0, 4)).toMatchObject({ full: 0, half: false, empty: 5 });
  });
});

describe('seatLevel (spec document 1 §4 Trip display)', () => {
  it('0 free is full (Carpooleado)', () => {
    expect(seatLevel(0, 4)).toBe('full');
  });

  it('1 free is almost full (red)', () => {
    expect(seatLevel(1, 4)).toBe('almost-full');
    expect(seatLevel(1, 2)).toBe('almost-full');
  });

  it('about half free is orange', () => {
    expect(seatLevel(2, 4)).toBe('half');
  });

  it('mostly free is green', () => {
    expect(seatLevel(3, 4)).toBe('free');
    expect(seatLevel(4, 4)).toBe('free');
    expect(seatLevel(2, 3)).toBe('free');
  });

  it('a seat is taken when its index is below total − available', () => {
    expect([0, 1, 2, 3].map((index) => isSeatTaken(index, 3, 4))).toEqual([true, false, false, false]);
  });
});

describe('townLabel', () => {
  it('keeps short names at the normal size', () => {
    expect(townLabel('Rosario')).toEqual({ text: 'Rosario', small: false, cut: false });
  });

  it('sets names above 16 characters smaller', () => {
    expect(townLabel('San Carlos de Bariloche')).toEqual({ text: 'San Carlos de Bariloche', small: true, cut: false });
  });

  it('cuts names at 23 characters', () => {
    const label = townLabel('Villa General San Martín del Sur');
    expect(label.cut).toBe(true);
    expect(label.text).toBe('Villa General San Martí…');
  });
});

describe('formatPrice', () => {
  it("shows cents/100 with '.' thousands", () => {
    expect(formatPrice(1250000)).toBe('$ 12.500');
    expect(formatPrice(150000000)).toBe('$ 1.500.000');
    expect(formatPrice(99900)).toBe('$ 999');
  });

  it('shows whole pesos everywhere, rounded (the price panel showed centavos: "$ 26.677,92")', () => {
    expect(formatPrice(2667792)).toBe('$ 26.678');
    expect(formatPrice(150049)).toBe('$ 1.500');
    expect(formatPrice(-2500)).toBe('-$ 25');
  });
});
