import { expect, it } from 'vitest';
import { later, raider, yourBotsTournament } from '../../examples/your-bot-tournament.ts';
import { runTournament } from '../../src/ai/round-robin.ts';
import { runArenaTournament } from '../../src/arena/tournament.ts';

it('issue 33.4: a Bot object and an async bot play a tournament, the same games on one thread or two workers', async () => {
  const one = await yourBotsTournament(2, 1);
  expect(one.bots.map((bot) => bot.name)).toEqual(['random', 'easy', 'raider', 'later']);
  expect(one.pairs).toHaveLength(6);
  for (const pair of one.pairs) expect(pair.games).toBe(2);
  expect(one.bots.every((bot) => bot.msPerDecision > 0)).toBe(true);
  const two = await yourBotsTournament(2, 2);
  expect(two.pairs).toEqual(one.pairs);
  expect(two.bots.map((bot) => bot.elo)).toEqual(one.bots.map((bot) => bot.elo));
});

it('runTournament takes a Bot object too; two bots of one name are refused with a sentence', async () => {
  const options = { games: 2, seed: 'sync', shots: 'quick', turnLimit: 100 } as const;
  const report = runTournament({ ...options, bots: ['random', raider] });
  expect(report.pairs[0]).toMatchObject({ a: 'random', b: 'raider', games: 2 });
  expect(() => runTournament({ ...options, bots: ['random', { ...raider, name: 'random' }] })).toThrow(
    "Two bots are named 'random': give each bot its own name.",
  );
  await expect(runArenaTournament({ ...options, bots: [later, { ...later }] })).rejects.toThrow(
    "Two bots are named 'later'",
  );
});
