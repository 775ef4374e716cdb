import { describe, expect, it } from 'vitest';
import { main, usage } from '../../src/cli/main.ts';
import { capture } from './capture.ts';

describe('pirates fit-setup', () => {
  it('is listed in pirates --help', () => {
    expect(usage()).toContain('fit-setup');
  });

  it('prints each kind on deck with its share won, its effect and the deck weight the levels use', async () => {
    const { code, out } = await capture(() =>
      main(['fit-setup', '--games', '6', '--players', 'random', '--workers', '1', '--seed', 'cli']),
    );
    expect(code).toBe(0);
    expect(out).toContain('6 games of random, decks drawn uniformly');
    // The Bomb's row, ending in its weight now (DECK_WEIGHT: 3).
    expect(out).toMatch(/^bomb\s+\d+\s+[\d.]+% \([\d.]+%-[\d.]+%\)\s+[+-][\d.]+ ± [\d.]+\s+3$/m);
  });

  it('--json prints one object that the same seed gives again', async () => {
    const run = () =>
      capture(() =>
        main(['fit-setup', '--games', '4', '--players', 'random', '--workers', '1', '--seed', 'j', '--json']),
      );
    const first = await run();
    expect(first.code).toBe(0);
    const fit = JSON.parse(first.out) as { games: number; kinds: { kind: string; setups: number }[] };
    expect(fit.games).toBe(4);
    expect(fit.kinds).toHaveLength(8);
    // Four games, two decks of three: at most 24 setups (a kind counts once a deck, and only against a deck
    // without it).
    const setups = fit.kinds.reduce((sum, k) => sum + k.setups, 0);
    expect(setups).toBeGreaterThan(0);
    expect(setups).toBeLessThanOrEqual(24);
    expect((await run()).out).toBe(first.out);
  });

  it('refuses an unknown --players or a bad --games with a sentence and exit code 2, before any game', async () => {
    const nobody = await capture(() =>
      main(['fit-setup', '--players', 'nobody', '--games', '1', '--workers', '1']),
    );
    expect(nobody.code).toBe(2);
    expect(nobody.err).toContain("--players: There is no computer player called 'nobody'");
    const games = await capture(() =>
      main(['fit-setup', '--games', '0', '--players', 'random', '--workers', '1']),
    );
    expect(games.code).toBe(2);
    expect(games.err).toContain('--games must be a whole number from 1 to 1000000');
    const program = await capture(() =>
      main(['fit-setup', '--players', 'cmd:node examples/bot.mjs', '--games', '1', '--workers', '1']),
    );
    expect(program.code).toBe(2);
    expect(program.err).toContain('built-in bots only, not programs (cmd:)');
  });
});
