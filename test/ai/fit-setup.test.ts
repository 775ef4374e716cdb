/**
 * The setup fit (src/ai/fit-setup.ts): it reads a kind that loses off the games, and its games draw every
 * deck alike and replay from their seed.
 */
import { describe, expect, it } from 'vitest';
import type { Bot } from '../../src/ai/bot.ts';
import { fitSetup, type SetupGame, setupGame } from '../../src/ai/fit-setup.ts';
import { randomBot } from '../../src/ai/random-bot.ts';
import { chooseSetup } from '../../src/ai/setup-choice.ts';
import { fitSetupOnCores } from '../../src/arena/index.ts';
import { PIECE_SET, type PieceKind, randomFromSeed } from '../../src/engine/index.ts';

/** Sets up by the hand-set weights (the Bomb on about 53% of decks), then resigns: a game of three steps. */
const handSetThenResign: Bot = {
  name: 'hand-set',
  decide: ({ view, random }) =>
    view.pending.ask === 'setup' ? chooseSetup(view, random) : { type: 'resign' },
};

/** Whether `deck` could be one seat's deck: three of its ten pieces. */
function ownPieces(deck: readonly PieceKind[]): boolean {
  const left = PIECE_SET.slice();
  for (const kind of deck) {
    const at = left.indexOf(kind);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return deck.length === 3;
}

const FILLER: PieceKind[] = ['captain', 'whip', 'adder', 'incisor', 'earring', 'swashbuckler'];

describe('the setup fit', () => {
  it('finds the kind whose decks lose: its share won and its effect are the lowest', () => {
    // 400 made-up games: a deck with the Bomb loses three in four against one without it.
    const random = randomFromSeed('made-up');
    const games: SetupGame[] = [];
    for (let g = 0; g < 400; g++) {
      const deck = (bomb: boolean): PieceKind[] => [
        ...(bomb ? (['bomb'] as PieceKind[]) : []),
        ...Array.from({ length: bomb ? 2 : 3 }, () => FILLER[random.int(FILLER.length)] as PieceKind),
      ];
      const redBomb = random.float() < 0.5;
      const blueBomb = random.float() < 0.5;
      const redWins =
        redBomb === blueBomb ? random.float() < 0.5 : redBomb ? random.float() < 0.25 : random.float() < 0.75;
      games.push({ red: deck(redBomb), blue: deck(blueBomb), redResult: redWins ? 1 : 0 });
    }
    const fit = fitSetup(games);
    const bomb = fit.kinds.find((k) => k.kind === 'bomb');
    expect(bomb).toBeDefined();
    expect(bomb?.high ?? 1).toBeLessThan(0.5);
    for (const k of fit.kinds) {
      if (k.kind === 'bomb' || k.kind === 'bombcatcher') continue;
      expect(k.effect).toBeGreaterThan(bomb?.effect ?? 0);
      expect(k.won).toBeGreaterThan(bomb?.won ?? 1);
    }
    // Its effect stands clear of noise: the 95% interval lies below 0, and is not absurdly wide.
    expect((bomb?.effect ?? 0) + 1.96 * (bomb?.se ?? 1)).toBeLessThan(0);
    expect(bomb?.se ?? 1).toBeGreaterThan(0.01);
    expect(bomb?.se ?? 1).toBeLessThan(0.5);
    // Its share is read from the games where only one deck holds it.
    expect(bomb?.setups).toBe(games.filter((g) => g.red.includes('bomb') !== g.blue.includes('bomb')).length);
    expect(fit.games).toBe(400);
  });

  it("plays each game from its seed alone, with three of the seat's own pieces on each deck", () => {
    const players = () => randomBot;
    const first = setupGame('setup-fit', 3, players);
    expect(setupGame('setup-fit', 3, players)).toEqual(first);
    for (const deck of [first.red, first.blue]) expect(ownPieces(deck)).toBe(true);
    expect([0, 0.5, 1]).toContain(first.redResult);
  });

  it("draws decks uniformly, whatever the players' own setup would be", () => {
    let bombs = 0;
    let incisors = 0;
    const n = 2000;
    for (let g = 0; g < n; g++) {
      const game = setupGame('uniform', g, () => handSetThenResign);
      for (const deck of [game.red, game.blue]) {
        expect(ownPieces(deck)).toBe(true);
        bombs += Number(deck.includes('bomb'));
        incisors += Number(deck.includes('incisor'));
      }
    }
    // 4,000 decks. Uniform: the Bomb on 3 in 10 (the players' own weights would put it on about 53%), one Ivan
    // or both on 1 - C(8,3)/C(10,3) = 53.3%; three standard errors are about 2.3 points.
    expect(bombs / (2 * n)).toBeGreaterThan(0.27);
    expect(bombs / (2 * n)).toBeLessThan(0.33);
    expect(incisors / (2 * n)).toBeGreaterThan(0.5);
    expect(incisors / (2 * n)).toBeLessThan(0.56);
  });

  it('gives the same figures on one thread and on two workers', async () => {
    const options = { games: 8, seed: 'setup-pool', players: 'random' } as const;
    const [one, two] = await Promise.all([
      fitSetupOnCores({ ...options, workers: 1 }),
      fitSetupOnCores({ ...options, workers: 2 }),
    ]);
    expect(two).toEqual(one);
    expect(one.games).toBe(8);
  });
});
