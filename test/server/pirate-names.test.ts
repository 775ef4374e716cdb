/**
 * Issue 32 item 5: a drawn pirate name is in the page's language, by that language's grammar, and every name
 * that may be drawn is one the server accepts (length, letters, the word filter).
 */
import { describe, expect, it } from 'vitest';
import { NAME_LANGUAGES } from '../../src/protocol/index.ts';
import { checkName } from '../../src/server/players/names.ts';
import { pirateName, pirateNamePairs } from '../../src/server/players/pirate-names.ts';

describe('drawn pirate names', () => {
  for (const language of NAME_LANGUAGES) {
    it(`${language}: hundreds to draw from, every one accepted as a name with its number`, () => {
      const pairs = pirateNamePairs(language);
      expect(pairs.length).toBeGreaterThanOrEqual(200);
      expect(new Set(pairs).size).toBe(pairs.length);
      // Digits change no word the filter reads, and every number is two of them: one name a pair says all.
      for (const pair of pairs) {
        const name = `${pair} 99`;
        expect(checkName(name), name).toEqual({ ok: true, value: name });
      }
      const drawn = pirateName(language);
      expect(pairs).toContain(drawn.replace(/ \d\d$/, ''));
    });
  }

  it('German adjectives take the strong ending of their noun; French ones follow and agree', () => {
    const de = pirateNamePairs('de');
    expect(de).toContain('Salziger Krake');
    expect(de).toContain('Salzige Möwe');
    expect(de).toContain('Salziges Fass');
    expect(de).not.toContain('Salzige Krake');
    const fr = pirateNamePairs('fr');
    expect(fr).toContain('Crabe Rusé');
    expect(fr).toContain('Sirène Rusée');
    expect(fr).toContain('Mouette Joyeuse');
    expect(fr).not.toContain('Mouette Joyeux');
    expect(pirateNamePairs('nl')).toContain('Zoute Krab');
    expect(pirateNamePairs('en')).toContain('Salty Kraken');
  });

  it('English is drawn when no language is said', () => {
    expect(pirateNamePairs('en')).toContain(pirateName().replace(/ \d\d$/, ''));
  });
});
