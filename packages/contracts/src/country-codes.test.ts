import { describe, expect, it } from 'vitest';
import { isAbroad, sameCountry, toAlpha2, toAlpha3 } from './country-codes';

describe('country codes', () => {
  it('reads alpha-2 and alpha-3 codes, in any case, as one country', () => {
    expect(toAlpha2(' arg ')).toBe('AR');
    expect(sameCountry('ARG', 'AR')).toBe(true);
    expect(sameCountry('chl', 'CL')).toBe(true);
    expect(sameCountry('ARG', 'CL')).toBe(false);
    expect(sameCountry('CHL', 'CHE')).toBe(false);
  });

  it("writes the provider's alpha-3 for an alpha-2 or alpha-3 code", () => {
    expect(toAlpha3('ar')).toBe('ARG');
    expect(toAlpha3('ARG')).toBe('ARG');
    expect(toAlpha3('UY')).toBe('URY');
    // Unknown codes stay as they came.
    expect(toAlpha3('XX')).toBe('XX');
  });

  it("tells a place abroad from the home country's codes and name", () => {
    const home = ['ARG', 'Argentina'];
    expect(isAbroad('AR', home)).toBe(false);
    expect(isAbroad('argentina', home)).toBe(false);
    expect(isAbroad('UY', home)).toBe(true);
    expect(isAbroad('URY', ['CHL', 'Chile'])).toBe(true);
    // A place without a country is not counted abroad.
    expect(isAbroad(undefined, home)).toBe(false);
    expect(isAbroad(' ', home)).toBe(false);
  });
});
