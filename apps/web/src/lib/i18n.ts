import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { APP } from '@carpool/contracts';
import { arg, type TranslationOverrides } from '@/locales/arg/translation';

export const LOCALES = ['arg', 'chl'] as const;
export type Locale = (typeof LOCALES)[number];

export const toLocale = (value: string | null | undefined): Locale =>
  (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : (APP.locale as Locale);

/** Variants other than the Argentine base load only when the configuration picks them. */
const variants: Partial<Record<Locale, () => Promise<TranslationOverrides>>> = {
  chl: () => import('@/locales/chl/translation').then((module) => module.chl),
};

void i18n.use(initReactI18next).init({
  resources: { arg: { translation: arg } },
  lng: APP.locale,
  // Chile only overrides what differs; everything else falls back to the Argentine text.
  fallbackLng: APP.locale,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

/** Adds a wording variant's texts to i18next once. */
export async function loadLocale(locale: Locale): Promise<void> {
  const load = variants[locale];
  if (!load || i18n.hasResourceBundle(locale, 'translation')) return;
  i18n.addResourceBundle(locale, 'translation', await load());
}

/** The wording variant comes from the country configuration (config.locale). */
export async function applyLocale(locale: string | null | undefined): Promise<void> {
  const next = toLocale(locale);
  document.documentElement.lang = 'es';
  await loadLocale(next);
  if (i18n.language !== next) await i18n.changeLanguage(next);
}

export { i18n };
