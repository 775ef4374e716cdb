/** Games to test the page's logic against: the real engine, a fixed seed, both seats set up. */
import {
  type Action,
  applyAction,
  createGame,
  type GameEvent,
  type GameState,
  legalActions,
  type PlayerView,
  randomFromSeed,
  type Seat,
  toAct,
} from '../../src/engine/index.ts';
import type { LinkNews } from '../../src/web/link.ts';

export function setUp(
  seed = 'web-test',
  options: { shots?: 'aimed' | 'quick'; variant?: 'standard' | 'advanced' } = {},
): GameState {
  let state = createGame({ seed, firstSeat: 'red', ...options });
  for (const seat of ['red', 'blue'] as const) {
    const setup = legalActions(state, seat)[0];
    if (setup === undefined) throw new Error('no setup');
    const result = applyAction(state, seat, setup);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
  }
  return state;
}

/** Plays random legal actions until `stop` says so (or the game ends); returns the state. */
export function playUntil(
  state: GameState,
  stop: (s: GameState) => boolean,
  seed = 'walk',
  limit = 2000,
): GameState {
  const random = randomFromSeed(seed);
  let current = state;
  for (let i = 0; i < limit && current.outcome === null && !stop(current); i++) {
    const seat: Seat | undefined = toAct(current)[0];
    if (seat === undefined) break;
    const actions: Action[] = legalActions(current, seat);
    const action = actions[random.int(actions.length)];
    if (action === undefined) break;
    const result = applyAction(current, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    current = result.state;
  }
  return current;
}

/** What a game's host tells the page: `seat` sees `view` after `events` (the plain update most tests need). */
export function updateNews(
  seat: Seat,
  view: PlayerView,
  events: readonly GameEvent[] = [],
): Extract<LinkNews, { t: 'update' }> {
  return {
    t: 'update',
    seat,
    view,
    events,
    seedHash: 'ab'.repeat(32),
    since: null,
    v: 0,
    record: null,
    bot: null,
    handTo: null,
  };
}
