import { APP } from './constants';

/** Today's date in Argentina, 'YYYY-MM-DD' (en-CA formats dates that way). */
export function todayInArgentina(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: APP.timezone }).format(now);
}
