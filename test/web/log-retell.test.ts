/**
 * Switching language in a game tells the ship's log again in the new language (issue 52 item 3): each line
 * keeps its event, so the words are made anew; the ids stay, so the log keeps its place and focus.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/engine/index.ts';
import { logLine, retold } from '../../src/web/controller/log-lines.ts';
import { setLanguage } from '../../src/web/i18n/i18n.ts';

describe("the ship's log in another language", () => {
  afterAll(async () => {
    await setLanguage('en');
  });

  it('tells every line again in the language now in force, keeping ids, seats and moments', async () => {
    const swung: GameEvent = { type: 'swung', seat: 'blue', piece: 12, ship: 'red', audience: 'all' };
    const started: GameEvent = { type: 'started', first: 'red', audience: 'all' };
    const lines = [logLine(started, 'red', 1), logLine(swung, 'red', 4)];
    expect(lines.map((l) => l.text)).toEqual(['Red starts.', 'Blue swung a pirate onto the red ship.']);
    await setLanguage('de');
    const german = retold(lines);
    expect(german.map((l) => l.text)).toEqual([
      'Rot beginnt.',
      'Ein Pirat von Blau hat sich hinüber auf Schiff Rot geschwungen.',
    ]);
    expect(german.map((l) => [l.id, l.seat, l.v])).toEqual(lines.map((l) => [l.id, l.seat, l.v]));
    await setLanguage('fr');
    expect(retold(german)[0]?.text).toBe('Rouge commence.');
  });
});
