/**
 * A whole game through the engine's public API: both seats set up, then play random legal actions until
 * someone captures a flag or the turn limit ends it. Run: npx tsx examples/play-a-game.ts
 */
import {
  applyAction,
  createGame,
  describeEvent,
  eventsFor,
  legalActions,
  outcome,
  randomFromSeed,
  toAct,
  viewFor,
} from 'pirates-stratego/engine';

export function playAGame(seed: string, print: (line: string) => void = console.log): string {
  let state = createGame({ seed, shots: 'quick', turnLimit: 300 });
  const random = randomFromSeed(`players-${seed}`);
  while (outcome(state) === null) {
    const seat = toAct(state)[0];
    if (seat === undefined) break;
    // A player decides from its own view; here we pick at random among its legal actions.
    const choices = viewFor(state, seat).legalActions;
    const action = choices[random.int(choices.length)] ?? legalActions(state, seat)[0];
    const result = applyAction(state, seat, action);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    for (const event of eventsFor(result.events, 'spectator')) print(describeEvent(event, 'spectator'));
    state = result.state;
  }
  const end = outcome(state);
  return end ? end.message : 'unfinished';
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(playAGame(process.argv[2] ?? 'example'));
