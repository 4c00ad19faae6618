import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { APP } from '@carpool/contracts';
import { arg } from '@/locales/arg/translation';
import { chl } from '@/locales/chl/translation';

export const LOCALES = ['arg', 'chl'] as const;
export type Locale = (typeof LOCALES)[number];

export const toLocale = (value: string | null | undefined): Locale =>
  (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : (APP.locale as Locale);

void i18n.use(initReactI18next).init({
  resources: { arg: { translation: arg }, chl: { translation: chl } },
  lng: APP.locale,
  // Chile only overrides what differs; everything else falls back to the Argentine text.
  fallbackLng: APP.locale,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

/** The wording variant comes from the country configuration (config.locale). */
export function applyLocale(locale: string | null | undefined): void {
  const next = toLocale(locale);
  if (i18n.language !== next) void i18n.changeLanguage(next);
  document.documentElement.lang = 'es';
}

export { i18n };
