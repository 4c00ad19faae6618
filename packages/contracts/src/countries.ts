import { z } from 'zod';
import { toAlpha2 } from './country-codes';

export { ALPHA3_TO_ALPHA2, isAbroad, sameCountry, toAlpha2, toAlpha3 } from './country-codes';

/** A country query parameter: ISO alpha-2 or alpha-3, answered as alpha-2. */
export const CountryQuerySchema = () => z.string().regex(/^[A-Za-z]{2,3}$/, 'ISO 3166 alpha-2 or alpha-3').transform(toAlpha2);
