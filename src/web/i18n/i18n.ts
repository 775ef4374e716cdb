/**
 * The page's words go through one i18next instance: `t('home.playComputer')`. English is bundled and ready at
 * once (tests and the first paint need no wait); Dutch, German and French are separate chunks imported when
 * chosen, and the service worker precaches them with the rest of the build, so every language plays offline.
 * Plurals use i18next's `_one`/`_other` keys, picked by Intl.PluralRules for the language in force.
 */
import i18next, { type TFunction } from 'i18next';
import type { Catalog } from './catalog.ts';
import { en } from './en.ts';
import type { Language } from './languages.ts';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  // Synchronous: English is here already, so `t` works from the first line of the page (and in tests).
  initAsync: false,
  // Preact escapes what it renders; escaping here too would show "&amp;".
  interpolation: { escapeValue: false },
});

/** The page's words in the language in force. */
export const t: TFunction = i18n.t.bind(i18n) as TFunction;

const LOADERS: Readonly<Record<Exclude<Language, 'en'>, () => Promise<Catalog>>> = {
  nl: () => import('./nl.ts').then((m) => m.nl),
  de: () => import('./de.ts').then((m) => m.de),
  fr: () => import('./fr.ts').then((m) => m.fr),
};

/** The language in force, e.g. 'de'. */
export function language(): Language {
  return i18n.language as Language;
}

/**
 * Loads a language's catalog if need be and puts it in force; sets <html lang> for screen readers and
 * hyphenation. A catalog that cannot load (offline before the service worker kept it) leaves English.
 */
export async function setLanguage(lang: Language): Promise<Language> {
  let chosen: Language = lang;
  if (lang !== 'en' && !i18n.hasResourceBundle(lang, 'translation')) {
    try {
      i18n.addResourceBundle(lang, 'translation', await LOADERS[lang]());
    } catch {
      chosen = 'en';
    }
  }
  await i18n.changeLanguage(chosen);
  if (typeof document !== 'undefined') document.documentElement.lang = chosen;
  return chosen;
}

const decimalFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number with `digits` decimals as the language in force writes it (issue 32 item 5): '12.5' in English,
 * '12,5' in German, French and Dutch. Through Intl, never `toFixed`, whose point is English only.
 */
export function decimal(value: number, digits = 1): string {
  const key = `${language()}/${digits}`;
  let format = decimalFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(language(), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    decimalFormats.set(key, format);
  }
  return format.format(value);
}
