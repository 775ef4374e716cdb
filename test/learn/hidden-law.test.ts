/**
 * The unturned card backs and the enemy's flag order (issue 50 item 1: would a learned belief of them pay?).
 * First, nothing a seat sees depends on them: two games that differ only in a back no one has turned, or in
 * the order of flag cards not shown, show both seats (for flags, the other seat) the very same views and
 * events, move for move. So a back's posterior is its prior (the deal, R1.5) given the faces up and the
 * cards turned, and the flag order's is the enemy's setup choice given the cards shown. Second, resample
 * draws exactly those laws: for views of seeded random games the consistent deals are enumerated from the
 * card set, weighted as the deal makes them, and compared with 20,000 or more worlds by chi-square.
 */
import { describe, expect, it } from 'vitest';
import { randomBot } from '../../src/ai/random-bot.ts';
import {
  type Action,
  type ActionCard,
  applyAction,
  type CardSides,
  createGame,
  eventsFor,
  FLAG_CARDS,
  type FlagCard,
  type GameEvent,
  type GameState,
  type PlayerView,
  type Random,
  randomFromSeed,
  SEATS,
  type Seat,
  toAct,
  viewFor,
} from '../../src/engine/index.ts';
import { Resampler } from '../../src/learn/index.ts';
import { type ChiSquare, pearson } from './chi-square.ts';
import { ODD_CARD_SET } from './worlds.ts';

/** The tail below which a comparison fails: at this, a sampler true to the law fails once in 10^7 seeds. */
const FAR_BEYOND_NOISE = 1e-7;

interface Step {
  readonly seat: Seat;
  readonly action: Action;
}

interface Played {
  /** The state before each step, then the last one. */
  readonly states: GameState[];
  readonly steps: Step[];
  /** Each seat's events before each step (as `states`). */
  readonly histories: { red: GameEvent[][]; blue: GameEvent[][] };
}

/** A random bot's game, every state and step kept. */
function play(start: GameState, seed: string): Played {
  const random = randomFromSeed(seed);
  let state = start;
  const states = [state];
  const steps: Step[] = [];
  const seen = { red: [] as GameEvent[], blue: [] as GameEvent[] };
  const histories = { red: [[]] as GameEvent[][], blue: [[]] as GameEvent[][] };
  while (state.outcome === null) {
    const seat = toAct(state)[0];
    if (seat === undefined) break;
    const action = randomBot.decide({ view: viewFor(state, seat), history: seen[seat], random });
    const result = applyAction(state, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    for (const s of SEATS) {
      seen[s].push(...eventsFor(result.events, s));
      histories[s].push(seen[s].slice());
    }
    steps.push({ seat, action });
    states.push(state);
  }
  return { states, steps, histories };
}

/**
 * Replays the game's steps from `start` (another deal, or another flag order given by `setup`) up to step
 * `until`, and checks after each that `seats` see the very view they saw in the game, events included
 * (a view's legal actions too). Returns the steps compared.
 */
function replayAlike(
  played: Played,
  start: GameState,
  until: number,
  seats: readonly Seat[],
  setup: (step: Step) => Action = (step) => step.action,
): number {
  let state = start;
  const seen = { red: [] as GameEvent[], blue: [] as GameEvent[] };
  for (let i = 0; i < until; i++) {
    const step = played.steps[i] as Step;
    const result = applyAction(state, step.seat, step.action.type === 'setup' ? setup(step) : step.action);
    if (!result.ok) throw new Error(`step ${i}: ${result.error.message}`);
    const after = played.states[i + 1] as GameState;
    for (const seat of seats) {
      seen[seat].push(...eventsFor(result.events, seat));
      expect(viewFor(result.state, seat), `step ${i}, ${seat}'s view`).toStrictEqual(viewFor(after, seat));
      expect(seen[seat], `step ${i}, ${seat}'s events`).toStrictEqual(played.histories[seat][i + 1]);
    }
    state = result.state;
  }
  return until;
}

describe('R9.3, R1.2, R11: nothing a seat sees depends on an unturned back or a flag card not shown', () => {
  it('two deals that differ only in the backs of cards not yet turned show both seats the same views and events', () => {
    let pairs = 0;
    let steps = 0;
    for (let g = 0; g < 12; g++) {
      const options = {
        seed: `backs-alike-${g}`,
        shots: 'quick' as const,
        turnLimit: 200,
        variant: g % 3 === 2 ? ('advanced' as const) : ('standard' as const),
        ...(g % 4 === 3 ? { cardSet: ODD_CARD_SET } : {}),
      };
      const start = createGame(options);
      const played = play(start, `backs-alike-bot-${g}`);
      // The step that first turned each card (the game's length if none did): up to it, its back is unseen.
      const firstTurned = start.cards.map((_, at) => {
        const i = played.states.findIndex((state) => state.cards[at]?.known === true);
        return i < 0 ? played.steps.length : i - 1;
      });
      // Every two cards with the same face up and other backs: swapped, the table shows the same faces.
      for (let a = 0; a < start.cards.length; a++) {
        for (let b = a + 1; b < start.cards.length; b++) {
          const ca = start.cards[a] as ActionCard;
          const cb = start.cards[b] as ActionCard;
          if (ca.sides[ca.up] !== cb.sides[cb.up] || backOf(ca) === backOf(cb)) continue;
          const until = Math.min(firstTurned[a] ?? 0, firstTurned[b] ?? 0);
          if (until < 4) continue;
          const cards = start.cards.slice();
          cards[a] = cb;
          cards[b] = ca;
          steps += replayAlike(played, { ...start, cards }, until, SEATS);
          pairs++;
        }
      }
    }
    expect(pairs).toBeGreaterThan(20);
    expect(steps).toBeGreaterThan(300);
  });

  it('two flag orders that differ only in slots not shown show the other seat the same views and events', () => {
    let games = 0;
    let steps = 0;
    for (let g = 0; g < 16; g++) {
      const start = createGame({ seed: `flags-alike-${g}`, shots: 'quick', turnLimit: 200 });
      const played = play(start, `flags-alike-bot-${g}`);
      const end = played.states[played.states.length - 1] as GameState;
      const owner: Seat = g % 2 === 0 ? 'blue' : 'red';
      const other: Seat = owner === 'red' ? 'blue' : 'red';
      const hidden = [0, 1, 2].filter((slot) => end.flagShown[owner][slot] !== true);
      if (hidden.length < 2) continue;
      const flags = end.flagSlots[owner].slice();
      // Two slots never shown trade cards; the owner sets up with that order, everything else the same.
      const [x, y] = hidden as [number, number];
      [flags[x], flags[y]] = [flags[y] as FlagCard, flags[x] as FlagCard];
      const setup = (step: Step): Action =>
        step.seat === owner && step.action.type === 'setup' ? { ...step.action, flags } : step.action;
      steps += replayAlike(played, start, played.steps.length, [other], setup);
      games++;
    }
    expect(games).toBeGreaterThanOrEqual(6);
    expect(steps).toBeGreaterThan(1000);
  });
});

function backOf(card: { sides: CardSides; up: 0 | 1 }): string {
  return card.sides[card.up === 0 ? 1 : 0];
}

/**
 * The exact law of the unturned backs behind a view, from the deal itself (R1.5: a uniform order of the card
 * set, each card a fair side up): every way to lay the card set's cards on the table that shows the view's
 * faces up and the turned cards' both faces, weighted by the sides that show the face (2 for a card whose
 * faces are alike), summed by the backs it gives the unturned cards in table order.
 */
function exactBacks(view: PlayerView): Map<string, number> {
  const cardSet = view.rules.cardSet;
  const used = cardSet.map(() => false);
  const weights = new Map<string, number>();
  const backs: string[] = [];
  let total = 0;
  const lay = (at: number, weight: number): void => {
    if (at === view.cards.length) {
      const key = backs.join(',');
      weights.set(key, (weights.get(key) ?? 0) + weight);
      total += weight;
      return;
    }
    const card = view.cards[at];
    if (card === undefined) return;
    for (let i = 0; i < cardSet.length; i++) {
      const sides = cardSet[i] as CardSides;
      if (used[i]) continue;
      let ways = 0;
      for (const up of [0, 1] as const) {
        const down = sides[up === 0 ? 1 : 0];
        if (sides[up] === card.up && (card.down === null || card.down === down)) ways++;
      }
      if (ways === 0) continue;
      used[i] = true;
      if (card.down === null) backs.push(sides[0] === card.up ? sides[1] : sides[0]);
      lay(at + 1, weight * ways);
      if (card.down === null) backs.pop();
      used[i] = false;
    }
  };
  lay(0, 1);
  for (const [key, weight] of weights) weights.set(key, weight / total);
  return weights;
}

/** The backs a world gives the cards the view has not seen turned, in table order. */
function backsOf(world: GameState, view: PlayerView): string {
  return view.cards
    .filter((card) => card.down === null)
    .map((card) => backOf(world.cards[card.card] as ActionCard))
    .join(',');
}

/** The law of the enemy's flag order behind a view when the enemy chose it uniformly: the orders that agree with the cards shown, evenly. */
function exactFlags(view: PlayerView, enemy: Seat): Map<string, number> {
  const shown = view.ships[enemy].flagSlots;
  const orders: string[] = [];
  const permute = (left: string[], order: string[]): void => {
    if (left.length === 0) {
      if (order.every((card, slot) => shown[slot] === null || shown[slot] === card))
        orders.push(order.join(','));
      return;
    }
    for (const card of left)
      permute(
        left.filter((c) => c !== card),
        [...order, card],
      );
  };
  permute(FLAG_CARDS.slice(), []);
  return new Map(orders.map((order) => [order, 1 / orders.length]));
}

/** The seat's views met in seeded random games: at the deal, with 6 or fewer cards unturned, and the last with the backs still open. */
function viewsForBacks(): { view: PlayerView; history: GameEvent[]; label: string }[] {
  const found: { view: PlayerView; history: GameEvent[]; label: string }[] = [];
  const games = [
    { seed: 'backs-law-0', shots: 'quick' as const, turnLimit: 200 },
    { seed: 'backs-law-1', shots: 'quick' as const, turnLimit: 200 },
    { seed: 'backs-law-2', shots: 'quick' as const, turnLimit: 200, variant: 'advanced' as const },
    { seed: 'backs-law-3', shots: 'quick' as const, turnLimit: 200, cardSet: ODD_CARD_SET },
    { seed: 'backs-law-4', shots: 'quick' as const, turnLimit: 200, cardSet: ODD_CARD_SET },
  ];
  games.forEach((options, g) => {
    const played = play(createGame(options), `backs-law-bot-${g}`);
    const seat: Seat = g % 2 === 0 ? 'red' : 'blue';
    const inPlay = played.states
      .map((state, i) => ({ view: viewFor(state, seat), history: played.histories[seat][i] ?? [] }))
      .filter(({ view }) => view.phase === 'play' && view.outcome === null);
    const unturned = (view: PlayerView) => view.cards.filter((card) => card.down === null).length;
    const atDeal = inPlay[0];
    const fewer = inPlay.find(({ view }) => unturned(view) <= 6);
    const open = inPlay.filter(({ view }) => exactBacks(view).size > 1);
    const late = open[open.length - 1];
    for (const [label, found1] of [
      ['at the deal', atDeal],
      ['6 or fewer unturned', fewer],
      ['the last still open', late],
    ] as const) {
      if (found1)
        found.push({
          ...found1,
          label: `game ${g} (${options.seed}), ${label}, ${unturned(found1.view)} unturned`,
        });
    }
  });
  return found;
}

/** Draws `draws` keys and counts them. */
function countDraws(draws: number, draw: () => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i < draws; i++) {
    const key = draw();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Enough draws that every cell expects 150 or more, and never under 20,000. */
function drawsFor(law: ReadonlyMap<string, number>): number {
  let least = 1;
  for (const p of law.values()) least = Math.min(least, p);
  return Math.max(20_000, Math.ceil(150 / least));
}

/**
 * A sampler that is not the law: each unturned card in table order takes a uniform card-set card that
 * shows its face, starting over at a dead end. Plausible, and biased: it favours deals whose early cards
 * had few choices.
 */
function greedyBacks(view: PlayerView, random: Random): string {
  const cardSet = view.rules.cardSet;
  for (;;) {
    const free = cardSet.map((_, i) => i);
    for (const card of view.cards) {
      if (card.down === null) continue;
      const at = free.findIndex((i) => {
        const sides = cardSet[i] as CardSides;
        return (
          (sides[0] === card.up && sides[1] === card.down) || (sides[1] === card.up && sides[0] === card.down)
        );
      });
      free.splice(at, 1);
    }
    const backs: string[] = [];
    let stuck = false;
    for (const card of view.cards) {
      if (card.down !== null) continue;
      const fits = free.filter((i) => (cardSet[i] as CardSides).includes(card.up));
      const chosen = fits[random.int(fits.length)];
      if (chosen === undefined) {
        stuck = true;
        break;
      }
      free.splice(free.indexOf(chosen), 1);
      const sides = cardSet[chosen] as CardSides;
      backs.push(sides[0] === card.up ? sides[1] : sides[0]);
    }
    if (!stuck) return backs.join(',');
  }
}

function sum(counts: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
}

function describeFit(fit: ChiSquare): string {
  return `chi-square ${fit.statistic.toFixed(1)} on ${fit.df} df, tail ${fit.tail.toExponential(2)}, ${fit.outside} outside`;
}

describe('resample draws the hidden backs and flag order by their exact law', () => {
  const views = viewsForBacks();

  it('R1.5, R9.2, R9.3: the unturned backs, uniform over the pairings that agree with the view (default and odd card set)', () => {
    const random = randomFromSeed('backs-law-draws');
    let open = 0;
    let early = 0;
    const lines: string[] = [];
    for (const { view, history, label } of views) {
      const law = exactBacks(view);
      const resampler = new Resampler(view, history);
      const counts = countDraws(drawsFor(law), () => backsOf(resampler.sample(random), view));
      const fit = pearson(counts, law);
      lines.push(`${label}: ${law.size} back assignments, ${sum(counts)} worlds, ${describeFit(fit)}`);
      expect(fit.outside, `${label}: ${describeFit(fit)}`).toBe(0);
      expect(fit.tail, `${label}: ${describeFit(fit)}`).toBeGreaterThan(FAR_BEYOND_NOISE);
      if (law.size > 1) open++;
      if (view.cards.every((card) => card.down === null)) early++;
    }
    console.info(lines.join('\n'));
    expect(open).toBeGreaterThanOrEqual(10);
    expect(early).toBeGreaterThanOrEqual(4);
  });

  it('the comparison tells a biased sampler: a greedy deal fails it at the deal', () => {
    const random = randomFromSeed('backs-law-greedy');
    const failed = views
      .filter(({ view }) => view.cards.every((card) => card.down === null) && exactBacks(view).size > 1)
      .map(({ view }) => {
        const law = exactBacks(view);
        return pearson(
          countDraws(drawsFor(law), () => greedyBacks(view, random)),
          law,
        );
      })
      .filter((fit) => fit.tail < FAR_BEYOND_NOISE);
    expect(failed.length).toBeGreaterThan(0);
  });

  it('R1.2, R6.5: the enemy flag cards not shown, uniform over the orders that agree with those shown', () => {
    const random = randomFromSeed('flags-law-draws');
    const byShown = new Map<number, number>();
    const lines: string[] = [];
    for (let g = 0; g < 40 && Math.min(byShown.get(0) ?? 0, byShown.get(1) ?? 0) < 4; g++) {
      const played = play(
        createGame({ seed: `flags-law-${g}`, shots: 'quick', turnLimit: 200 }),
        `flags-law-bot-${g}`,
      );
      const seat: Seat = g % 2 === 0 ? 'red' : 'blue';
      const enemy: Seat = seat === 'red' ? 'blue' : 'red';
      // The first view in play with each number of enemy flag cards shown (0 and 1; 2 leave one order).
      const taken = new Set<number>();
      played.states.forEach((state, i) => {
        const view = viewFor(state, seat);
        if (view.phase !== 'play' || view.outcome !== null) return;
        const shown = view.ships[enemy].flagSlots.filter((card) => card !== null).length;
        if (shown > 1 || taken.has(shown)) return;
        taken.add(shown);
        const law = exactFlags(view, enemy);
        const resampler = new Resampler(view, played.histories[seat][i] ?? []);
        const counts = countDraws(drawsFor(law), () => resampler.sample(random).flagSlots[enemy].join(','));
        const fit = pearson(counts, law);
        lines.push(
          `game ${g}, ${shown} shown: ${law.size} orders, ${sum(counts)} worlds, ${describeFit(fit)}`,
        );
        expect(fit.outside, `game ${g}, ${shown} shown: ${describeFit(fit)}`).toBe(0);
        expect(fit.tail, `game ${g}, ${shown} shown: ${describeFit(fit)}`).toBeGreaterThan(FAR_BEYOND_NOISE);
        byShown.set(shown, (byShown.get(shown) ?? 0) + 1);
      });
    }
    console.info(lines.join('\n'));
    expect(byShown.get(0) ?? 0).toBeGreaterThanOrEqual(4);
    expect(byShown.get(1) ?? 0).toBeGreaterThanOrEqual(4);
  });
});
