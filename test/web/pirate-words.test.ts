/**
 * Issue 32 item 5: the pirates' names as a native reader checks them. The first names stay as on the box in
 * every language (the catalogs' glossaries say so: only the titles and surnames are translated), and German
 * calls an unknown pirate "Pirat" as the rest of the page does, declined by its part in the sentence ("ein
 * blauer Pirat" as a subject, "einen blauen Piraten" as an object), where it once said "eine blaue Figur".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { applyAction, type PieceKind, viewFor } from '../../src/engine/index.ts';
import { choicesFor, findPiece } from '../../src/web/game/choices.ts';
import { describeEvent } from '../../src/web/game/describe.ts';
import { pieceName } from '../../src/web/game/names.ts';
import type { Catalog } from '../../src/web/i18n/catalog.ts';
import { de } from '../../src/web/i18n/de.ts';
import { en } from '../../src/web/i18n/en.ts';
import { fr } from '../../src/web/i18n/fr.ts';
import { setLanguage } from '../../src/web/i18n/i18n.ts';
import { nl } from '../../src/web/i18n/nl.ts';
import { preparedTable } from '../../src/web/tutorial/positions.ts';

/** The names printed on the box's pieces: the part no language changes. */
const FIRST_NAMES: Readonly<Record<Exclude<PieceKind, 'bomb'>, string>> = {
  captain: 'Rodrick',
  swashbuckler: 'Sally',
  whip: 'Walter',
  incisor: 'Ivan',
  earring: 'Eddy',
  bombcatcher: 'Boris',
  adder: 'Aden',
};

const pieceNames = (catalog: Catalog) => (catalog.names as { piece: Record<PieceKind, string> }).piece;

describe("the pirates' names", () => {
  afterAll(async () => {
    await setLanguage('en');
  });

  for (const [language, catalog] of Object.entries({ en, nl, de, fr })) {
    it(`${language}: every first name stays as on the box`, () => {
      const names = pieceNames(catalog);
      for (const [kind, first] of Object.entries(FIRST_NAMES)) {
        expect(names[kind as PieceKind].split(' '), `${language} ${kind}`).toContain(first);
      }
    });
  }

  it('German: an unknown pirate is "Pirat", as subject and as object', async () => {
    await setLanguage('de');
    // Red's Captain on deck, one of Blue's pirates aboard Red's ship; card 1 shows Attack!.
    const table = preparedTable({
      seed: 'pirate-words',
      card: 'attack',
      red: { deck: ['captain'] },
      blue: { boarding: ['earring'] },
    });
    const turned = applyAction(table, 'red', { type: 'turnCard', card: 0 });
    if (!turned.ok) throw new Error(turned.error.message);
    const state = turned.state;
    const enemy = state.decks.red.find((id) => id >= 10);
    const captain = state.decks.red.find((id) => state.kinds[id] === 'captain');
    if (enemy === undefined || captain === undefined) throw new Error('the table is not as asked');
    const view = viewFor(state, 'red');
    const piece = findPiece(view, enemy);
    if (piece === undefined) throw new Error('Red does not see the boarder');
    expect(pieceName(piece, 'red')).toBe('ein blauer Pirat');
    expect(pieceName(piece, 'red', 'object')).toBe('einen blauen Piraten');

    // The attack's second click: the target is the sentence's object, and the label starts with a capital.
    expect(choicesFor(view, captain).pieces.get(enemy)?.label).toBe(
      'Einen blauen Piraten auf deinem eigenen Schiff mit Kapitän Rodrick Rotbart (7) aus deiner Mannschaft angreifen',
    );
    // The log: Blue put one of Red's pirates on the plank, told to Blue's eyes.
    expect(describeEvent({ type: 'onPlank', chooser: 'blue', piece: captain, audience: 'all' }, 'blue')).toBe(
      'Blau hat einen roten Piraten auf die Planke gestellt.',
    );
    const german = JSON.stringify(de);
    expect(german).not.toMatch(/Figur/);
  });
});
