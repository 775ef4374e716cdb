/**
 * Issue 32 item 5: a declined action is told in a whole sentence of each language, not a card's name pasted
 * into one ("Rot verzichtet auf Aufs andere Schiff schwingen"): every language, every face that may be declined
 * (R2.5), and the fallback for any other.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CardFace } from '../../src/engine/index.ts';
import { describeEvent } from '../../src/web/game/describe.ts';
import { setLanguage } from '../../src/web/i18n/i18n.ts';

const declined = (face: CardFace) =>
  describeEvent({ type: 'declined', seat: 'red', face, audience: 'all' }, 'blue');

describe('declining an action, in words', () => {
  afterAll(async () => {
    await setLanguage('en');
  });

  it('German, French, Dutch and English say each in a sentence of their own', async () => {
    const said: Record<string, string[]> = {};
    for (const language of ['en', 'de', 'fr', 'nl'] as const) {
      await setLanguage(language);
      said[language] = (['attack', 'swing', 'newPirate', 'sleeping'] as const).map(declined);
    }
    expect(said).toEqual({
      en: [
        'Red chose not to attack.',
        'Red chose not to swing.',
        'Red brought no new pirate on deck.',
        'Red chose not to act.',
      ],
      de: [
        'Rot verzichtet auf einen Angriff.',
        'Rot verzichtet darauf, aufs andere Schiff zu schwingen.',
        'Rot holt keinen neuen Piraten an Deck.',
        'Rot verzichtet auf die Aktion.',
      ],
      fr: [
        'Rouge renonce à attaquer.',
        'Rouge renonce à se balancer sur l’autre navire.',
        'Rouge ne fait monter aucun nouveau pirate sur le pont.',
        'Rouge renonce à l’action.',
      ],
      nl: [
        'Rood ziet af van een aanval.',
        'Rood slingert niet naar het andere schip.',
        'Rood haalt geen nieuwe piraat aan dek.',
        'Rood ziet af van de actie.',
      ],
    });
  });
});
