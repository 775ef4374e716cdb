/**
 * The page's languages (issue 20): English, Dutch, German and French. English is built into the page; the
 * others are loaded when chosen (i18n.ts). A language is named in its own words, so anyone finds theirs.
 */

export const LANGUAGES = ['en', 'nl', 'de', 'fr'] as const;
/** A language the page speaks, e.g. 'nl'. */
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own words, for the selector: never translated. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  nl: 'Nederlands',
  de: 'Deutsch',
  fr: 'Français',
};

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l === value);
}

/** The first of the browser's languages the page speaks ('nl-BE' is Dutch), else English. */
export function preferredLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}
