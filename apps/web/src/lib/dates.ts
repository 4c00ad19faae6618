import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/es';
import { APP } from '@carpool/contracts';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('es');
dayjs.tz.setDefault(APP.timezone);

export const PROVIDER_DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
export const PROVIDER_DATE = 'YYYY-MM-DD';

/** The provider writes 'YYYY-MM-DD HH:mm:ss' in Argentina time, whatever the browser's zone. */
export function parseProviderDate(value: string): Dayjs {
  return dayjs.tz(value, PROVIDER_DATE_TIME, APP.timezone);
}

export function toProviderDateTime(value: Dayjs): string {
  return value.tz(APP.timezone).format(PROVIDER_DATE_TIME);
}

/** Now, in Argentina time. */
export function nowInArgentina(): Dayjs {
  return dayjs().tz(APP.timezone);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Viernes 12 de diciembre' (and the year when it is not the current one). */
export function formatTripDate(value: string, now: Dayjs = nowInArgentina()): string {
  const date = parseProviderDate(value);
  const format = date.year() === now.year() ? 'dddd D [de] MMMM' : 'dddd D [de] MMMM [de] YYYY';
  return capitalise(date.locale('es').format(format));
}

/** '08:30', 24-hour clock in Argentina time. */
export function formatTripTime(value: string): string {
  return parseProviderDate(value).format('HH:mm');
}

/** ISO-like machine-readable value for <time dateTime>. */
export function toIsoString(value: string): string {
  return parseProviderDate(value).format();
}

/** A trip is expired when its date is before now. */
export function isPast(value: string, now: Dayjs = dayjs()): boolean {
  return parseProviderDate(value).isBefore(now);
}

export { dayjs };
