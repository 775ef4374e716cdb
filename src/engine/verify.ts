/**
 * Checking a finished game (docs/fairness.md "Checking a game"): the published seed matches the commitment
 * shown during play, each seat's contribution is in the record (yours as you gave it), and the record alone
 * replays to the events a seat was shown and to the outcome. Pure, so `pirates verify` and the page's
 * "Check this game" run the very same checks.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { computerContribution } from './chance.ts';
import { eventsFor, type GameEvent } from './events.ts';
import { applyAction, newGame } from './game.ts';
import { recordOptions } from './record.ts';
import type { GameState, Outcome } from './state.ts';
import { type PlayerView, type Viewer, viewFor } from './view.ts';
import { type BySeat, isSeat, SEAT_NAMES, SEATS, type Seat } from './vocabulary.ts';

export const CHECK_NAMES = ['replay', 'commitment', 'contributions', 'yours', 'events', 'outcome'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

/** One check and what it found, e.g. `{ name: 'commitment', ok: true, message: 'The seed matches …' }`. */
export interface FairnessCheck {
  readonly name: CheckName;
  readonly ok: boolean;
  readonly message: string;
}

export interface FairnessReport {
  /** Every check passed. */
  readonly fair: boolean;
  readonly checks: readonly FairnessCheck[];
  /** The game replayed from the record, or null when it would not replay. */
  readonly final: GameState | null;
  /** The events each viewer was shown, by action: `shown.red[i]` came with action i. */
  readonly shown: Readonly<Record<Viewer, readonly (readonly GameEvent[])[]>> | null;
}

export interface GameToCheck {
  /** The record as published after the end: `{ format, options, actions }`. */
  readonly record: unknown;
  /** The commitment shown during play (sha256 of the seed, hex). */
  readonly seedHash?: string;
  /** The outcome as announced. */
  readonly outcome?: Outcome | null;
  /** The contribution this checker gave for its seat. */
  readonly mine?: { readonly seat: Seat; readonly contribution: string };
  /** Seats the checker knows the computer held from the start: their contribution must be the server's derived one. */
  readonly computerSeats?: readonly Seat[];
  /**
   * Accept a game whose chance came from the seed alone (a local simulation, or a game from before keyed
   * chance). Off by default: a server that hosts a game takes both seats' contributions, and a record that
   * names none may be a server that chose the dice.
   */
  readonly seedOnly?: boolean;
  /** What a viewer was shown: runs of events and whole views (see `Seen`). */
  readonly seen?: Seen;
}

/**
 * What one viewer was shown. Each run of events starts after action `from` and goes on without a gap until
 * the next run starts (a page that reloaded or reconnected starts a new run, and may have missed the events
 * just before it; the last run goes on to the end). `views` are whole views shown after `v` actions (the
 * snapshots a page gets on (re)connecting), and `digests` the `viewDigest` of every other view it was shown:
 * each must be the replay's view then, rules included.
 */
export interface Seen {
  readonly viewer: Viewer;
  readonly runs: readonly { readonly from: number; readonly events: readonly GameEvent[] }[];
  readonly views?: readonly { readonly v: number; readonly view: PlayerView }[];
  readonly digests?: readonly { readonly v: number; readonly digest: string }[];
}

/** A view's fingerprint: sha256 of its JSON with every object's keys sorted (hex). */
export function viewDigest(view: PlayerView): string {
  return bytesToHex(sha256(utf8ToBytes(canonical(view))));
}

function short(hex: string): string {
  return hex.length > 16 ? `${hex.slice(0, 16)}…` : hex;
}

/** sha256 of a seed as hex: the commitment a server publishes when it creates a game. */
export function commitmentOf(seed: string): string {
  return bytesToHex(sha256(utf8ToBytes(seed)));
}

export function checkGame(game: GameToCheck): FairnessReport {
  const checks: FairnessCheck[] = [];
  const add = (name: CheckName, ok: boolean, message: string) => checks.push({ name, ok, message });
  const broken = (message: string): FairnessReport => {
    add('replay', false, message);
    return { fair: false, checks, final: null, shown: null };
  };
  const record = game.record;
  if (typeof record !== 'object' || record === null || !('options' in record) || !('actions' in record)) {
    return broken('This is not a game record: a record is { format, options, actions }.');
  }
  const { actions, format } = record as { actions: unknown; format?: unknown };
  if (!Array.isArray(actions)) return broken('The record has no list of actions.');
  const options = recordOptions(record as { format?: unknown; options: unknown });
  if (!options.ok) return broken(options.error.message);
  const created = newGame(options.value);
  if (!created.ok) return broken(`The record's options are not playable: ${created.error.message}`);

  // Replay, keeping what each viewer was shown action by action, and the views the checker was shown.
  let state = created.value;
  const shown: Record<Viewer, GameEvent[][]> = { red: [], blue: [], spectator: [] };
  const wanted = new Set([
    ...(game.seen?.views ?? []).map((s) => s.v),
    ...(game.seen?.digests ?? []).map((d) => d.v),
  ]);
  const viewsAt = new Map<number, PlayerView>();
  const keepViews = (v: number) => {
    const viewer = game.seen?.viewer;
    if (viewer !== undefined && wanted.has(v)) viewsAt.set(v, viewFor(state, viewer));
  };
  keepViews(0);
  for (const [index, entry] of actions.entries()) {
    const seat = typeof entry === 'object' && entry !== null ? (entry as { seat?: unknown }).seat : undefined;
    const action =
      typeof entry === 'object' && entry !== null ? (entry as { action?: unknown }).action : undefined;
    if (!isSeat(seat)) return broken(`Entry ${index} of the record names no seat.`);
    const result = applyAction(state, seat, action);
    if (!result.ok)
      return broken(`Entry ${index} of the record is refused by the rules: ${result.error.message}`);
    for (const viewer of ['red', 'blue', 'spectator'] as const)
      shown[viewer].push(eventsFor(result.events, viewer));
    state = result.state;
    keepViews(index + 1);
  }
  add('replay', true, `The record replays under the rules: ${actions.length} actions.`);
  const { rules } = state;

  if (game.seedHash !== undefined) {
    const ok = commitmentOf(rules.seed) === game.seedHash.toLowerCase();
    add(
      'commitment',
      ok,
      ok
        ? `The published seed matches the commitment shown during the game (${short(game.seedHash)}).`
        : `The published seed does NOT match the commitment shown during the game (${short(game.seedHash)}).`,
    );
  }

  const given = contributionsIn(actions);
  const seedOnly = game.seedOnly === true;
  const unless = seedOnly
    ? ''
    : ' Whoever held the seed could have chosen it; a hosted game takes both seats’ shares.';
  if (rules.chance === 'xoroshiro128plus') {
    add(
      'contributions',
      seedOnly,
      `This game is from before keyed chance (record format ${String(format)}): its chance came from the seed alone.${unless}`,
    );
  } else if (rules.entropy === 'seed') {
    add(
      'contributions',
      seedOnly,
      `This game took no contributions: its chance came from the seed alone.${unless}`,
    );
  } else {
    const computers = game.computerSeats ?? [];
    const wrong = computers.filter((seat) => given[seat] !== computerContribution(rules.seed, seat));
    const missing = SEATS.filter((seat) => given[seat] === null);
    const words = SEATS.map((seat) => {
      const value = given[seat];
      if (value === null) return `${SEAT_NAMES[seat]} gave none`;
      if (value === computerContribution(rules.seed, seat))
        return `${SEAT_NAMES[seat]}'s is the server's for a computer seat, derived from the seed, so fixed by the commitment`;
      return computers.includes(seat)
        ? `${SEAT_NAMES[seat]} was the computer's, yet its share is NOT the one derived from the seed: the server chose it`
        : `${SEAT_NAMES[seat]}: ${short(value)}`;
    });
    const ok = missing.length === 0 && wrong.length === 0;
    add(
      'contributions',
      ok,
      ok
        ? `Both seats' contributions are in the record (${words.join('; ')}).`
        : `The contributions do not check out (${words.join('; ')}).`,
    );
  }

  if (game.mine !== undefined) {
    const theirs = given[game.mine.seat];
    const ok = theirs === game.mine.contribution;
    add(
      'yours',
      ok,
      ok
        ? `Your contribution (${short(game.mine.contribution)}) is the one the game used for ${SEAT_NAMES[game.mine.seat]}.`
        : `The record does NOT hold the contribution you gave for ${SEAT_NAMES[game.mine.seat]}.`,
    );
  }

  if (game.seen !== undefined) {
    const { viewer, runs } = game.seen;
    let events = 0;
    let ok = true;
    for (const [i, run] of runs.entries()) {
      const next = runs[i + 1];
      const expected = shown[viewer].slice(run.from, next?.from).flat();
      // A run that a reconnection cut short is a prefix of what happened; the last one goes to the end.
      const compared = next === undefined ? expected : expected.slice(0, run.events.length);
      ok &&= canonical(compared) === canonical(run.events);
      events += run.events.length;
    }
    let views = 0;
    for (const snapshot of game.seen.views ?? []) {
      const replayed = viewsAt.get(snapshot.v);
      ok &&= replayed !== undefined && canonical(replayed) === canonical(snapshot.view);
      views++;
    }
    const digestsAt = new Map<number, string>();
    for (const { v, digest } of game.seen.digests ?? []) {
      const replayed = viewsAt.get(v);
      if (replayed !== undefined && !digestsAt.has(v)) digestsAt.set(v, viewDigest(replayed));
      ok &&= digestsAt.get(v) === digest;
      views++;
    }
    const what = `${events} events${views > 0 ? ` and the ${views} views` : ''} you were shown`;
    add(
      'events',
      ok,
      ok
        ? `Replaying the record gives exactly the ${what}.`
        : `Replaying the record does NOT give the ${what}.`,
    );
  }

  if (game.outcome !== undefined) {
    const ok = JSON.stringify(state.outcome) === JSON.stringify(game.outcome);
    add(
      'outcome',
      ok,
      ok
        ? `The replay ends as announced: ${state.outcome?.message ?? 'the game is not over'}`
        : `The replay does NOT end as announced: ${state.outcome?.message ?? 'it is not over'}`,
    );
  }
  return { fair: checks.every((check) => check.ok), checks, final: state, shown };
}

/** JSON with the keys of every object sorted, so equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Each seat's first contribution in a record's actions, or null. */
function contributionsIn(actions: readonly unknown[]): BySeat<string | null> {
  const found: BySeat<string | null> = { red: null, blue: null };
  for (const entry of actions) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { seat, action } = entry as { seat?: unknown; action?: { type?: unknown; entropy?: unknown } };
    if (!isSeat(seat) || action?.type !== 'contribute' || typeof action.entropy !== 'string') continue;
    found[seat] ??= action.entropy;
  }
  return found;
}
