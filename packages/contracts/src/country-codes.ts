// No zod here: the web app's first load compares countries (trip search) without the schemas.

/**
 * ISO 3166 alpha-3 → alpha-2 for the countries of the places data (Argentina and its neighbours).
 * The spec's constant is alpha-2 (`AR`); the provider's client configuration uses alpha-3
 * (`osm_country: "ARG"`): both are accepted.
 */
export const ALPHA3_TO_ALPHA2: Readonly<Record<string, string>> = {
  ARG: 'AR',
  BOL: 'BO',
  BRA: 'BR',
  CHL: 'CL',
  PRY: 'PY',
  PER: 'PE',
  URY: 'UY',
};

/** `ar`, `AR`, `arg` or `ARG` → `AR`; another 3-letter code is left as it is (it matches no place). */
export function toAlpha2(code: string): string {
  const upper = code.trim().toUpperCase();
  return ALPHA3_TO_ALPHA2[upper] ?? upper;
}

const ALPHA2_TO_ALPHA3: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ALPHA3_TO_ALPHA2).map(([alpha3, alpha2]) => [alpha2, alpha3]),
);

/**
 * `AR`, `ar` or `ARG` → `ARG`: the code the provider's places carry (its `NodeGeo.country`), which its
 * clients compare with `osm_country`. An unknown code is left as it is.
 */
export function toAlpha3(code: string): string {
  const upper = code.trim().toUpperCase();
  return ALPHA2_TO_ALPHA3[upper] ?? upper;
}

/** Whether two country codes or names are the same country: `AR`, `ar` and `ARG` alike. */
export function sameCountry(a: string, b: string): boolean {
  return toAlpha2(a) === toAlpha2(b);
}

/**
 * Whether a place lies outside the home country. `home` holds the names the home country may have
 * in a place (config.osm_country, alpha-2 or alpha-3, and config.country_name); a place without a
 * country is not abroad.
 */
export function isAbroad(country: string | null | undefined, home: readonly string[]): boolean {
  return Boolean(country?.trim()) && !home.some((name) => sameCountry(name, country!));
}
