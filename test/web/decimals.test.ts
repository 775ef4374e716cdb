/**
 * Issue 32 item 5: decimals as each language writes them (Intl), not with the point everywhere: the tilts that
 * reach a target, e.g. '26.3°–29.5°' in English and '26,3°–29,5°' in German, French and Dutch.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { decimal, setLanguage } from '../../src/web/i18n/i18n.ts';
import { tiltWords } from '../../src/web/ui/TiltReach.tsx';

describe('decimals in each language', () => {
  afterAll(async () => {
    await setLanguage('en');
  });

  it('a point in English, a comma in German, French and Dutch', async () => {
    const said: Record<string, string[]> = {};
    for (const language of ['en', 'de', 'fr', 'nl'] as const) {
      await setLanguage(language);
      said[language] = [decimal(12.5), decimal(1234.25, 2), tiltWords([{ from: 26.31, to: 29.54 }])];
    }
    expect(said).toEqual({
      en: ['12.5', '1234.25', '26.4°–29.5°'],
      de: ['12,5', '1234,25', '26,4°–29,5°'],
      fr: ['12,5', '1234,25', '26,4°–29,5°'],
      nl: ['12,5', '1234,25', '26,4°–29,5°'],
    });
  });
});
