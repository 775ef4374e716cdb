/**
 * checkGame against a dishonest server (found by an attacker's review): a seed swapped mid-game behind a
 * new commitment, a computer seat's share chosen after the person's, a record downgraded to seed-only
 * chance, options changed in the record. Each must fail a check; an honest game passes them all.
 */
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  checkGame,
  commitmentOf,
  computerContribution,
  createGame,
  eventsFor,
  type GameEvent,
  type GameOptions,
  type GameState,
  legalActions,
  type PlayerView,
  randomFromSeed,
  recordOf,
  toAct,
  viewDigest,
  viewFor,
} from '../../src/engine/index.ts';

const PERSON = 'ab'.repeat(32);

/** A hosted game: red is the person, blue the computer; returns what red was shown. */
function hosted(seed: string, blueShare: string, options: Partial<GameOptions> = {}) {
  let state: GameState = createGame({ seed, entropy: 'seats', shots: 'quick', turnLimit: 40, ...options });
  const events: GameEvent[] = [];
  const views: { v: number; view: PlayerView }[] = [];
  const act = (seat: 'red' | 'blue', action: Parameters<typeof applyAction>[2]) => {
    const result = applyAction(state, seat, action);
    if (!result.ok) throw new Error(result.error.message);
    state = result.state;
    events.push(...eventsFor(result.events, 'red'));
  };
  act('blue', { type: 'contribute', entropy: blueShare });
  act('red', { type: 'contribute', entropy: PERSON });
  views.push({ v: state.log.length, view: viewFor(state, 'red') });
  const random = randomFromSeed(seed);
  while (state.outcome === null) {
    const seat = toAct(state)[0] ?? 'red';
    const choices = legalActions(state, seat);
    act(seat, choices[random.int(choices.length)] ?? { type: 'pass' });
  }
  views.push({ v: state.log.length, view: viewFor(state, 'red') });
  return { state, events, views };
}

const honestSeed = 'honest';
const honest = hosted(honestSeed, computerContribution(honestSeed, 'blue'));
const honestCheck = (extra: object = {}) =>
  checkGame({
    record: recordOf(honest.state),
    seedHash: commitmentOf(honestSeed),
    outcome: honest.state.outcome,
    mine: { seat: 'red', contribution: PERSON },
    computerSeats: ['blue'],
    seen: { viewer: 'red', runs: [{ from: 0, events: honest.events }], views: honest.views },
    ...extra,
  });

describe('checkGame against a dishonest server', () => {
  it('an honest hosted game passes every check', () => {
    const report = honestCheck();
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.checks.map((c) => c.name)).toEqual([
      'replay',
      'commitment',
      'contributions',
      'yours',
      'events',
      'outcome',
    ]);
  });

  it("a computer seat's share ground after the person's fails, when the checker knows the seat was the computer's", () => {
    const ground = hosted('grinder', 'cd'.repeat(32));
    const report = checkGame({
      record: recordOf(ground.state),
      seedHash: commitmentOf('grinder'),
      outcome: ground.state.outcome,
      mine: { seat: 'red', contribution: PERSON },
      computerSeats: ['blue'],
    });
    expect(report.fair).toBe(false);
    expect(report.checks.find((c) => c.name === 'contributions')?.message).toContain(
      'NOT the one derived from the seed',
    );
  });

  it('a record downgraded to seed-only chance fails unless the checker accepts seed-only games', () => {
    const downgraded = hosted('down', computerContribution('down', 'blue'));
    const record = recordOf(downgraded.state);
    const seedOnly = {
      ...record,
      options: { ...record.options, entropy: 'seed' as const },
      actions: [],
    };
    const refused = checkGame({ record: seedOnly, seedHash: commitmentOf('down') });
    expect(refused.checks.find((c) => c.name === 'contributions')).toMatchObject({ ok: false });
    expect(checkGame({ record: seedOnly, seedOnly: true }).checks.every((c) => c.ok)).toBe(true);
  });

  it('events or whole views from another game (a seed swapped mid-game, or other options) fail', () => {
    const other = hosted('swapped', computerContribution('swapped', 'blue'));
    const swapped = honestCheck({
      seen: { viewer: 'red', runs: [{ from: 0, events: other.events }], views: honest.views },
    });
    expect(swapped.checks.find((c) => c.name === 'events')).toMatchObject({ ok: false });
    // Same events, but the views were of a game with other quick-shot odds than the record claims.
    const odds = hosted(honestSeed, computerContribution(honestSeed, 'blue'), {
      quickOdds: { sail: 0.9, skull: 0.9 },
    });
    const otherRules = honestCheck({
      seen: { viewer: 'red', runs: [{ from: 0, events: honest.events }], views: odds.views.slice(0, 1) },
    });
    expect(otherRules.checks.find((c) => c.name === 'events')).toMatchObject({ ok: false });
  });

  it('a run cut short by a reconnection is checked as a prefix; the last run to the end', () => {
    const cut = honest.events.slice(0, 3);
    const lastFrom = honest.state.log.length - 1;
    const tail = eventsFor([], 'red');
    const report = honestCheck({
      seen: {
        viewer: 'red',
        runs: [
          { from: 0, events: cut },
          { from: lastFrom, events: tail },
        ],
        views: [],
      },
    });
    // The last action's events are not empty, so a last run without them fails…
    expect(report.checks.find((c) => c.name === 'events')).toMatchObject({ ok: false });
    const lastEvents = checkGame({ record: recordOf(honest.state) }).shown?.red[lastFrom] ?? [];
    const fixed = honestCheck({
      seen: {
        viewer: 'red',
        runs: [
          { from: 0, events: cut },
          { from: lastFrom, events: [...lastEvents] },
        ],
        views: [],
      },
    });
    // …and with them it passes.
    expect(fixed.checks.find((c) => c.name === 'events')).toMatchObject({ ok: true });
  });

  it('a record with another card set than the views showed fails (the views bind every public option)', () => {
    const record = recordOf(honest.state);
    const cardSet = [...(honest.state.rules.cardSet.slice(1) ?? []), honest.state.rules.cardSet[0]];
    const forged = { ...record, options: { ...record.options, cardSet } };
    const report = honestCheck({ record: forged });
    expect(report.fair).toBe(false);
    expect(viewFor(honest.state, 'red').rules.cardSet).toEqual(honest.state.rules.cardSet);
  });

  it('every view in between is checked by its digest: one altered view fails', () => {
    const digests = honest.views.map(({ v, view }) => ({ v, digest: viewDigest(view) }));
    const runs = [{ from: 0, events: honest.events }];
    expect(honestCheck({ seen: { viewer: 'red', runs, digests } }).fair).toBe(true);
    const [first, ...rest] = honest.views;
    if (first === undefined) throw new Error('no view');
    const altered = { ...first.view, turn: first.view.turn + 1 };
    const bad = [
      { v: first.v, digest: viewDigest(altered) },
      ...rest.map(({ v, view }) => ({ v, digest: viewDigest(view) })),
    ];
    expect(honestCheck({ seen: { viewer: 'red', runs, digests: bad } }).fair).toBe(false);
  });
});
