/**
 * The setup fit (src/ai/fit-setup.ts): it reads a kind that loses off the games, and its games draw every
 * deck alike and replay from their seed.
 */
import { describe, expect, it } from 'vitest';
import { fitSetup, type SetupGame, setupGame } from '../../src/ai/fit-setup.ts';
import { randomBot } from '../../src/ai/random-bot.ts';
import { fitSetupOnCores } from '../../src/arena/index.ts';
import { type PieceKind, randomFromSeed } from '../../src/engine/index.ts';

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
    // The effects are centred on the mean kind.
    const mean = fit.kinds.reduce((sum, k) => sum + k.effect, 0) / fit.kinds.length;
    expect(Math.abs(mean)).toBeLessThan(1e-9);
    expect(fit.games).toBe(400);
  });

  it("plays each game from its seed alone, with three of the seat's own pieces on each deck", () => {
    const players = () => randomBot;
    const first = setupGame('setup-fit', 3, players);
    expect(setupGame('setup-fit', 3, players)).toEqual(first);
    for (const deck of [first.red, first.blue]) expect(deck).toHaveLength(3);
    expect([0, 0.5, 1]).toContain(first.redResult);
  });

  it('draws decks uniformly: the Bomb on about three decks in ten, as each kind of one piece', () => {
    let bombs = 0;
    const n = 300;
    for (let g = 0; g < n; g++) {
      const game = setupGame('uniform', g, () => randomBot);
      bombs += Number(game.red.includes('bomb')) + Number(game.blue.includes('bomb'));
    }
    // 600 decks: 30% expected, the interval about 26-34%; the old weights put it on 53%.
    expect(bombs / (2 * n)).toBeGreaterThan(0.24);
    expect(bombs / (2 * n)).toBeLessThan(0.36);
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
