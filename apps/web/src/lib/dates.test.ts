import { describe, expect, it } from 'vitest';
import { APP, AR_OFFSET_MINUTES } from '@carpool/contracts';
import { dayjs, formatTripDate, formatTripTime, isPast, nowInArgentina, parseProviderDate, toIsoString, toProviderDateTime } from './dates';

describe('dates in Argentina time', () => {
  it('runs these tests in another zone than Argentina', () => {
    expect(new Date('2030-03-15T12:00:00Z').getTimezoneOffset()).toBe(0);
  });

  it("uses the app zone's offset, which is the same all year", () => {
    for (const instant of ['2030-01-15T12:00:00Z', '2030-07-15T12:00:00Z', '2031-10-15T12:00:00Z']) {
      expect(dayjs(instant).tz(APP.timezone).utcOffset()).toBe(AR_OFFSET_MINUTES);
    }
  });

  it('reads dates and now as the time zone plugin does', () => {
    for (const value of ['2030-03-15 08:30:00', '2030-07-01 00:00:00', '2030-12-31 23:59:59']) {
      const date = parseProviderDate(value);
      const plugin = dayjs.tz(value, 'YYYY-MM-DD HH:mm:ss', APP.timezone);
      expect(date.valueOf()).toBe(plugin.valueOf());
      expect(date.format()).toBe(plugin.format());
      expect(date.startOf('day').valueOf()).toBe(plugin.startOf('day').valueOf());
      expect(date.add(1, 'hour').startOf('hour').format()).toBe(plugin.add(1, 'hour').startOf('hour').format());
      expect(date.isSame(plugin, 'day')).toBe(true);
    }
    expect(nowInArgentina().format('YYYY-MM-DD HH:mm')).toBe(dayjs().tz(APP.timezone).format('YYYY-MM-DD HH:mm'));
  });

  it("parses the provider's 'YYYY-MM-DD HH:mm:ss' as Argentina time (UTC−3)", () => {
    expect(parseProviderDate('2030-03-15 08:30:00').toISOString()).toBe('2030-03-15T11:30:00.000Z');
    expect(toIsoString('2030-03-15 08:30:00')).toBe('2030-03-15T08:30:00-03:00');
  });

  it("reads the ISO 8601 instants of the provider's models as the instant they name, shown in Argentina time", () => {
    for (const value of ['2030-03-15T11:30:00.000000Z', '2030-03-15T11:30:00.000Z', '2030-03-15T08:30:00-03:00']) {
      expect(parseProviderDate(value).toISOString()).toBe('2030-03-15T11:30:00.000Z');
      expect(formatTripTime(value)).toBe('08:30');
    }
    // Late evening in Argentina is the next day in UTC: the day shown is Argentina's.
    expect(parseProviderDate('2030-03-16T02:00:00.000000Z').format('YYYY-MM-DD HH:mm')).toBe('2030-03-15 23:00');
  });

  it('formats the time of a card on the 24-hour clock', () => {
    expect(formatTripTime('2030-03-15 08:30:00')).toBe('08:30');
    expect(formatTripTime('2030-03-15 23:05:00')).toBe('23:05');
  });

  it('formats the date in Spanish, with the year only when it is not this year', () => {
    const now = parseProviderDate('2030-01-01 00:00:00');
    expect(formatTripDate('2030-03-15 08:30:00', now)).toBe('Viernes 15 de marzo');
    expect(formatTripDate('2031-03-15 08:30:00', now)).toBe('Sábado 15 de marzo de 2031');
  });

  it('writes dates back in the provider format', () => {
    expect(toProviderDateTime(dayjs('2030-03-15T11:30:00Z'))).toBe('2030-03-15 08:30:00');
  });

  it('tells past trips apart', () => {
    const now = dayjs('2030-03-15T11:30:00Z');
    expect(isPast('2030-03-15 08:29:00', now)).toBe(true);
    expect(isPast('2030-03-15 08:31:00', now)).toBe(false);
  });
});
