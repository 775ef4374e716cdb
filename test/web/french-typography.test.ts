/**
 * French sets a narrow no-break space before : ; ! ? and a no-break space inside « » (issue 32 item 5), so a
 * line never breaks between a word and its mark. An ordinary space there is what a French reader notices.
 */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/web/i18n/catalog.ts';
import { fr } from '../../src/web/i18n/fr.ts';

function strings(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : strings(value, `${prefix}${key}.`),
  );
}

describe('French typography', () => {
  it('has no ordinary space before : ; ! ? nor inside « »', () => {
    const wrong = strings(fr).filter(([, text]) => /[ ][:;!?]|« | »/.test(text));
    expect(wrong).toEqual([]);
  });

  it('has a space before ; ! ? after a word (not "Attention!"), the name on the box aside', () => {
    const glued = strings(fr).filter(([, text]) =>
      /[\p{L}\d)}][;!?](\s|$)/u.test(text.replaceAll('Pirates! Stratego', '')),
    );
    expect(glued).toEqual([]);
  });

  it("writes one apostrophe, the typographic one (issue 52): “l’ennemi”, never “l'ennemi”", () => {
    const straight = strings(fr).filter(([, text]) => /\p{L}'\p{L}/u.test(text));
    expect(straight).toEqual([]);
  });

  it('sets a narrow no-break space before % and names the skull one way, “tête de mort”', () => {
    expect(strings(fr).filter(([, text]) => /\d ?%|\}\} ?%/.test(text))).toEqual([]);
    expect(strings(fr).filter(([, text]) => /crâne/.test(text))).toEqual([]);
  });
});
