import { describe, expect, it } from 'vitest';
import { durationToHhMm, formatThousands, isDigitsPaste, isNumberKeyAllowed, isValidTime, maskTime, onlyDigits, parseAmount } from './number-input';

describe('time mask ##:##', () => {
  it.each([
    ['', ''],
    ['8', '8'],
    ['08', '08'],
    ['083', '08:3'],
    ['0830', '08:30'],
    ['08:30', '08:30'],
    ['08305', '08:30'],
    ['ab1c2:3x4', '12:34'],
  ])('%j → %j', (typed, shown) => expect(maskTime(typed)).toBe(shown));

  it('accepts 24-hour times only', () => {
    expect(isValidTime('00:00')).toBe(true);
    expect(isValidTime('23:59')).toBe(true);
    expect(isValidTime('24:00')).toBe(false);
    expect(isValidTime('12:60')).toBe(false);
    expect(isValidTime('8:30')).toBe(false);
    expect(isValidTime('08:3')).toBe(false);
  });
});

describe('number inputs', () => {
  it('keep digits only and show thousands with dots', () => {
    expect(onlyDigits('$ 12.5a0')).toBe('1250');
    expect(formatThousands('1250000')).toBe('1.250.000');
    expect(formatThousands('999')).toBe('999');
    expect(formatThousands('0012')).toBe('12');
    expect(formatThousands('')).toBe('');
    expect(parseAmount('12.500')).toBe(12500);
    expect(parseAmount('')).toBeNull();
  });

  it('accept digits, navigation and edit keys, and shortcuts', () => {
    for (const key of ['0', '9', 'Backspace', 'Delete', 'Tab', 'ArrowLeft', 'ArrowRight', 'Home', 'End']) {
      expect(isNumberKeyAllowed({ key })).toBe(true);
    }
    for (const key of ['a', '-', '.', ',', 'e', ' ']) expect(isNumberKeyAllowed({ key })).toBe(false);
    expect(isNumberKeyAllowed({ key: 'v', ctrlKey: true })).toBe(true);
  });

  it('paste only when all digits', () => {
    expect(isDigitsPaste('15000')).toBe(true);
    expect(isDigitsPaste('15.000')).toBe(true);
    expect(isDigitsPaste('15,5')).toBe(false);
    expect(isDigitsPaste('abc')).toBe(false);
    expect(isDigitsPaste('')).toBe(false);
  });

  it('writes a duration as HH:MM', () => {
    expect(durationToHhMm(16_223)).toBe('04:30');
    expect(durationToHhMm(59)).toBe('00:01');
  });
});
