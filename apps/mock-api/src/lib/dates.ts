import { AR_OFFSET_MS } from '@carpool/contracts';

const pad = (value: number) => String(value).padStart(2, '0');

/** A UTC instant → 'YYYY-MM-DD HH:mm:ss' in Argentina time (the provider's wire format). */
export function toWireDateTime(date: Date): string {
  const local = new Date(date.getTime() + AR_OFFSET_MS);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`
  );
}

/**
 * A UTC instant as the provider's Eloquent models serialise their date casts and timestamps
 * (Carbon's toJSON): ISO 8601 in UTC with microseconds, '2026-12-01T23:48:34.000000Z'.
 */
export function toModelDateTime(date: Date): string {
  return date.toISOString().replace(/(\.\d{3})Z$/, '$1000Z');
}

/** 'YYYY-MM-DD HH:mm:ss' (Argentina time) → UTC instant. */
export function fromWireDateTime(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) throw new RangeError(`Invalid date-time: ${value}`);
  const [, y, mo, d, h, mi, s] = match;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)) - AR_OFFSET_MS);
}

/** Start of an Argentina day ('YYYY-MM-DD') as a UTC instant. */
export function startOfArDay(day: string): Date {
  return fromWireDateTime(`${day} 00:00:00`);
}

/** The Argentina calendar day of an instant, 'YYYY-MM-DD'. */
export function arDay(date: Date): string {
  return toWireDateTime(date).slice(0, 10);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** The text form Prisma's SQLite adapter stores DateTime in, so raw SQL compares like with like. */
export function toDbDateTime(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}
