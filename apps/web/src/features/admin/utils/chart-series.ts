import type { ChartPoint, SeatsPerMonth } from '@carpool/contracts';

/** The dashboard's default range: January of this year to this month (spec document 2 §9). */
export function defaultChartRange(now: { year: number; month: number }): { from: string; to: string } {
  const month = String(now.month).padStart(2, '0');
  return { from: `${now.year}-01`, to: `${now.year}-${month}` };
}

/** Every 'YYYY-MM' from `from` to `to`, both included (months without rows still show, with 0). */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const [endYear, endMonth] = to.split('-').map(Number) as [number, number];
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** Seat rows (one per month and state) as one row per month with a column per state. */
export function seatsByMonth(rows: readonly SeatsPerMonth[], months: readonly string[]): Array<Record<string, number | string>> {
  return months.map((key) => {
    const row: Record<string, number | string> = { key, s0: 0, s1: 0, s2: 0, s3: 0, s4: 0 };
    for (const seat of rows) if (seat.key === key) row[`s${seat.state}`] = seat.cantidad;
    return row;
  });
}

/**
 * Total users at the end of each month of the range: the registrations of every earlier month
 * (the rows start at the first registration) plus those up to that month.
 */
export function totalUsersByMonth(rows: readonly ChartPoint[], months: readonly string[]): Array<{ key: string; cantidad: number }> {
  const sorted = [...rows].sort((a, b) => a.key.localeCompare(b.key));
  return months.map((key) => ({ key, cantidad: sorted.filter((row) => row.key <= key).reduce((sum, row) => sum + row.cantidad, 0) }));
}

/** A month's rows keyed for the chart, with 0 for months without rows. */
export function fillMonths<T extends { key: string }>(rows: readonly T[], months: readonly string[], empty: Omit<T, 'key'>): T[] {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return months.map((key) => byKey.get(key) ?? ({ key, ...empty } as T));
}

/** 'YYYY-MM' → 'mar 2026' style label in Spanish. */
const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
export function monthLabel(key: string): string {
  const [year, month] = key.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
}
