/** docs/ai.md's "Building on the search" example, run as written against the random bot. */
import { expect, it } from 'vitest';
import { type Bot, playMatch, randomBot } from '../../src/ai/index.ts';
import {
  createGame,
  type GameEvent,
  type PlayerView,
  type Random,
  randomFromSeed,
  viewFor,
} from '../../src/engine/index.ts';
import { docBlock } from '../learn/doc-block.ts';

interface Example {
  mySearchBot(iterations?: number): Bot;
  redsChance(view: PlayerView, history: readonly GameEvent[], random: Random): number;
}

it("docs/ai.md: the example bot on the package's search, belief and evaluation plays legal moves to the end", async () => {
  const { mySearchBot, redsChance } = await docBlock<Example>('docs/ai.md', '## Building on the search');
  const result = playMatch(
    { red: mySearchBot(60), blue: randomBot },
    { red: randomFromSeed('mine'), blue: randomFromSeed('random') },
    { seed: 'doc-example', shots: 'quick', turnLimit: 60 },
  );
  expect(result.decisions.red).toBeGreaterThan(10);
  const chance = redsChance(viewFor(createGame({ seed: 'fresh' }), 'red'), [], randomFromSeed('judge'));
  expect(chance).toBeGreaterThan(0);
  expect(chance).toBeLessThan(1);
});
