/**
 * Every language has every English key, with the same interpolation variables and the same emphasis, and
 * exactly the plural forms its own plural rules (Intl.PluralRules) need (issue 20). A key missing in Dutch, a
 * `{{seat}}` lost in German, a French plural without its `_many`, all fail here.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/web/i18n/catalog.ts';
import { de } from '../../src/web/i18n/de.ts';
import { en } from '../../src/web/i18n/en.ts';
import { fr } from '../../src/web/i18n/fr.ts';
import { setLanguage, t } from '../../src/web/i18n/i18n.ts';
import { LANGUAGES, type Language, preferredLanguage } from '../../src/web/i18n/languages.ts';
import { nl } from '../../src/web/i18n/nl.ts';

const CATALOGS: Readonly<Record<Language, Catalog>> = { en, nl, de, fr };
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** 'home.turns_one' -> 'We {{count}}…', flattened. */
function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [k, v] of flatten(value, path)) flat.set(k, v);
  }
  return flat;
}

/** Keys without their plural ending, each with the forms it has: 'home.turns' -> ['one', 'other']. */
function forms(flat: Map<string, string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const key of flat.keys()) {
    const match = PLURAL.exec(key);
    const base = match === null ? key : key.slice(0, match.index);
    const set = out.get(base) ?? new Set<string>();
    if (match?.[1] !== undefined) set.add(match[1]);
    out.set(base, set);
  }
  return out;
}

const variables = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]));
const marks = (text: string) => [...text.matchAll(/<\/?(strong|em)>/g)].map((m) => m[0]).join('');

const english = flatten(en);
const englishForms = forms(english);

describe('the catalogs', () => {
  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    describe(lang, () => {
      const flat = flatten(CATALOGS[lang]);
      const own = forms(flat);
      const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];

      it('has every English key and no other', () => {
        expect([...own.keys()].filter((k) => !englishForms.has(k))).toEqual([]);
        expect([...englishForms.keys()].filter((k) => !own.has(k))).toEqual([]);
      });

      it("has exactly its language's plural forms where English has plurals (and English's zero)", () => {
        for (const [key, english] of englishForms) {
          if (english.size === 0) {
            expect(own.get(key)?.size ?? 0, key).toBe(0);
            continue;
          }
          const want = new Set(needed);
          if (english.has('zero')) want.add('zero');
          expect([...(own.get(key) ?? [])].sort(), key).toEqual([...want].sort());
        }
      });

      it('keeps the variables and the emphasis of each English sentence, and leaves none empty', () => {
        for (const [key, text] of flat) {
          expect(text.trim(), key).not.toBe('');
          const match = PLURAL.exec(key);
          const base = match === null ? key : key.slice(0, match.index);
          const source = english.get(key) ?? english.get(`${base}_other`) ?? english.get(`${base}_one`) ?? '';
          const want = variables(source);
          const have = variables(text);
          // A singular may say "one" in words instead of {{count}}; nothing else may go or come.
          if (match !== null) {
            want.delete('count');
            have.delete('count');
          }
          expect([...have].sort(), key).toEqual([...want].sort());
          expect(marks(text), key).toBe(marks(source));
        }
      });
    });
  }
});

describe('the language in force', () => {
  afterAll(async () => {
    await setLanguage('en');
  });

  it("follows the browser's languages, else English", () => {
    expect(preferredLanguage(['nl-BE', 'en'])).toBe('nl');
    expect(preferredLanguage(['es', 'de-AT'])).toBe('de');
    expect(preferredLanguage(['FR'])).toBe('fr');
    expect(preferredLanguage(['es', 'it'])).toBe('en');
    expect(preferredLanguage([])).toBe('en');
  });

  it('loads each catalog and words plurals by its rules', async () => {
    expect(t('home.turns', { count: 1 })).toBe('1 turn');
    expect(t('home.turns', { count: 20 })).toBe('20 turns');
    await setLanguage('nl');
    expect(t('home.playComputer')).toBe(nl.home !== undefined ? flatten(nl).get('home.playComputer') : '');
    expect(t('home.turns', { count: 1 })).toBe(flatten(nl).get('home.turns_one')?.replace('{{count}}', '1'));
    await setLanguage('fr');
    // French counts 0 and 1 as singular; English does not.
    expect(t('people.afterGames', { count: 0 })).toBe(
      flatten(fr).get('people.afterGames_one')?.replace('{{count}}', '0'),
    );
    await setLanguage('de');
    expect(t('names.seat.red')).toBe('Rot');
  });
});
