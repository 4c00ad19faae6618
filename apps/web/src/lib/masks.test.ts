import { describe, expect, it } from 'vitest';
import { digitsOnly, formatMaskedDate, isBirthdayInRange, maskDate, parseMaskedDate } from './masks';

describe('digitsOnly', () => {
  it('keeps only digits, whatever is typed or pasted', () => {
    expect(digitsOnly('30.123.456')).toBe('30123456');
    expect(digitsOnly('+54 9 11 4444-5555')).toBe('5491144445555');
    expect(digitsOnly('abc')).toBe('');
  });
});

describe('maskDate (DD/MM/YYYY)', () => {
  it('writes the slashes as the digits come', () => {
    expect(maskDate('1')).toBe('1');
    expect(maskDate('12')).toBe('12');
    expect(maskDate('120')).toBe('12/0');
    expect(maskDate('1203')).toBe('12/03');
    expect(maskDate('12031')).toBe('12/03/1');
    expect(maskDate('12031990')).toBe('12/03/1990');
  });

  it('drops letters and stops at eight digits', () => {
    expect(maskDate('12/03/19905')).toBe('12/03/1990');
    expect(maskDate('1a2b0c3')).toBe('12/03');
    expect(maskDate('12-03-1990')).toBe('12/03/1990');
  });
});

describe('parseMaskedDate and formatMaskedDate', () => {
  it('reads real calendar dates only', () => {
    expect(parseMaskedDate('12/03/1990')).toBe('1990-03-12');
    expect(parseMaskedDate('29/02/2000')).toBe('2000-02-29');
    expect(parseMaskedDate('29/02/2001')).toBeNull();
    expect(parseMaskedDate('31/04/1990')).toBeNull();
    expect(parseMaskedDate('12/03/19')).toBeNull();
  });

  it('writes provider dates back as DD/MM/YYYY', () => {
    expect(formatMaskedDate('1990-03-12')).toBe('12/03/1990');
    expect(formatMaskedDate(null)).toBe('');
  });
});

describe('isBirthdayInRange', () => {
  it('accepts 1900-01-01 up to today, nothing before or after', () => {
    expect(isBirthdayInRange('1900-01-01', '2026-11-22')).toBe(true);
    expect(isBirthdayInRange('1899-12-31', '2026-11-22')).toBe(false);
    expect(isBirthdayInRange('2026-11-22', '2026-11-22')).toBe(true);
    expect(isBirthdayInRange('2026-11-23', '2026-11-22')).toBe(false);
  });
});
