import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/es';
import { APP, AR_OFFSET_MINUTES, AR_OFFSET_MS } from '@carpool/contracts';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('es');
dayjs.tz.setDefault(APP.timezone);

export const PROVIDER_DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
export const PROVIDER_DATE = 'YYYY-MM-DD';

/**
 * Argentina keeps UTC−3 all year (no daylight saving time since 2009; dates.test.ts checks it against
 * the zone). dayjs's time zone plugin asks Intl for the offset on every call, and a page's first such
 * call loads the browser's time zone data, which the first screen would wait for: the provider's dates
 * and 'now' are read with the fixed offset (AR_OFFSET_MINUTES, the rules module's) instead.
 */

/** An instant as Argentina's wall clock reads it. */
const inArgentina = (instant: number): Dayjs => dayjs(instant).utcOffset(AR_OFFSET_MINUTES);

/**
 * Parsed provider dates, by text: a trip card reads its date four times; Dayjs values are immutable,
 * so one parse serves them all.
 */
const parsed = new Map<string, Dayjs>();
const PARSED_MAX = 2_000;

/** An ISO 8601 instant with its zone ('2026-12-01T23:48:34.000000Z', '…-03:00'). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The provider writes 'YYYY-MM-DD HH:mm:ss' in Argentina time, whatever the browser's zone; its
 * models' date casts arrive as ISO 8601 instants (Carbon's toJSON), read as the instant they name.
 */
export function parseProviderDate(value: string): Dayjs {
  let date = parsed.get(value);
  if (!date) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    // The wall-clock time read as UTC, moved by the offset: the instant (as the plugin's dayjs.tz does).
    date = ISO_INSTANT.test(value)
      ? inArgentina(Date.parse(value))
      : inArgentina(dayjs.utc(value, PROVIDER_DATE_TIME).valueOf() - AR_OFFSET_MS);
    parsed.set(value, date);
  }
  return date;
}

export function toProviderDateTime(value: Dayjs): string {
  return value.tz(APP.timezone).format(PROVIDER_DATE_TIME);
}

let now: { second: number; value: Dayjs } | undefined;

/** Now, in Argentina time (to the second: a list of cards asks once, not once per card). */
export function nowInArgentina(): Dayjs {
  const second = Math.floor(Date.now() / 1000);
  if (now?.second !== second) now = { second, value: inArgentina(Date.now()) };
  return now.value;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Viernes 12 de diciembre' (and the year when it is not the current one). */
export function formatTripDate(value: string, now: Dayjs = nowInArgentina()): string {
  const date = parseProviderDate(value);
  const format = date.year() === now.year() ? 'dddd D [de] MMMM' : 'dddd D [de] MMMM [de] YYYY';
  return capitalise(date.locale('es').format(format));
}

/** '12/12/2026': the day in Argentina, as Argentina writes it (dd/mm/yyyy; admin tables). */
export function formatShortDate(value: string): string {
  return parseProviderDate(value).format('DD/MM/YYYY');
}

/** '08:30', 24-hour clock in Argentina time. */
export function formatTripTime(value: string): string {
  return parseProviderDate(value).format('HH:mm');
}

/** ISO-like machine-readable value for <time dateTime>. */
export function toIsoString(value: string): string {
  return parseProviderDate(value).format();
}

/**
 * A trip is expired when its date is before now. Compared as instants: Dayjs's isBefore goes through
 * the time zone plugin's startOf (toLocaleString again) for every card of a list.
 */
export function isPast(value: string, now: Dayjs | number = Date.now()): boolean {
  return parseProviderDate(value).valueOf() < now.valueOf();
}

export { dayjs };
