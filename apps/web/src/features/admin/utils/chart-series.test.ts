import { describe, expect, it } from 'vitest';
import { defaultChartRange, fillMonths, monthLabel, monthsBetween, seatsByMonth, totalUsersByMonth } from './chart-series';

describe('chart series', () => {
  it('defaults to January of this year through this month', () => {
    expect(defaultChartRange({ year: 2026, month: 11 })).toEqual({ from: '2026-01', to: '2026-11' });
    expect(defaultChartRange({ year: 2027, month: 1 })).toEqual({ from: '2027-01', to: '2027-01' });
  });

  it('lists every month of a range across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
  });

  it('pivots seat rows by state and fills missing months with 0', () => {
    const rows = [
      { key: '2026-02', año: '2026', mes: '02', state: 0, estado: 'pendiente' as const, cantidad: 2 },
      { key: '2026-02', año: '2026', mes: '02', state: 4, estado: null, cantidad: 1 },
    ];
    expect(seatsByMonth(rows, ['2026-01', '2026-02'])).toEqual([
      { key: '2026-01', s0: 0, s1: 0, s2: 0, s3: 0, s4: 0 },
      { key: '2026-02', s0: 2, s1: 0, s2: 0, s3: 0, s4: 1 },
    ]);
  });

  it('adds up registrations, earlier months included, for the total users', () => {
    const rows = [
      { key: '2025-06', año: '2025', mes: '06', cantidad: 10 },
      { key: '2026-02', año: '2026', mes: '02', cantidad: 3 },
    ];
    expect(totalUsersByMonth(rows, ['2026-01', '2026-02'])).toEqual([
      { key: '2026-01', cantidad: 10 },
      { key: '2026-02', cantidad: 13 },
    ]);
  });

  it('fills months without rows and names months in Spanish', () => {
    expect(fillMonths([{ key: '2026-02', cantidad: 4 }], ['2026-01', '2026-02'], { cantidad: 0 })).toEqual([
      { key: '2026-01', cantidad: 0 },
      { key: '2026-02', cantidad: 4 },
    ]);
    expect(monthLabel('2026-03')).toBe('mar 2026');
  });
});
