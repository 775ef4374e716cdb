/**
 * The tensors of docs/learn.md ("Tensors") over random games in both variants and both shot modes, at every
 * decision, for both seats: the sizes, finite values, what the numbers say against the state, the batched
 * environments' writer equal to the view's tensor, no secret reaching it, the same numbers for a position and
 * its colour-swapped twin, and the information state extending the observation.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  belongsTo,
  CARD_FACES,
  FLAG_CARDS,
  type GameEvent,
  type GameState,
  opponentOf,
  PIECE_KINDS,
  type Random,
  randomFromSeed,
  SEATS,
  type Seat,
  SHOT_MODES,
  toAct,
  VARIANTS,
  viewFor,
} from '../../src/engine/index.ts';
import {
  INFORMATION_STATE_LAYOUT,
  INFORMATION_STATE_SIZE,
  informationStateTensor,
  OBSERVATION_LAYOUT,
  OBSERVATION_SIZE,
  observationTensor,
  type TensorSection,
  writeObservation,
} from '../../src/learn/index.ts';
import { type Decision, playRandomGame, swapColours, swapEvent } from './tensor-games.ts';

function section(layout: readonly TensorSection[], name: string): TensorSection {
  const found = layout.find((s) => s.name === name);
  if (found === undefined) throw new Error(`no section ${name}`);
  return found;
}

function column(found: TensorSection, name: string): number {
  const index = found.columns?.indexOf(name) ?? -1;
  if (index < 0) throw new Error(`no column ${name} in ${found.name}`);
  return index;
}

const PIECES = section(OBSERVATION_LAYOUT, 'pieces');
const PIECE_ROW = PIECES.columns?.length ?? 0;
const CARDS = section(OBSERVATION_LAYOUT, 'cards');
const CARD_ROW = CARDS.columns?.length ?? 0;
const KIND = column(PIECES, 'kind captain');
const UNKNOWN = column(PIECES, 'kind unknown');
const BOARDED = column(PIECES, 'boarded (has stood on the enemy deck: not the Bomb)');
const BELIEF = column(PIECES, 'derived: belief captain');
const UP = column(CARDS, 'up attack');
const DOWN = column(CARDS, 'down attack');
const DOWN_UNKNOWN = column(CARDS, 'down unknown (never turned)');
const BACK = column(CARDS, 'derived: back belief attack');
const PENDING = section(OBSERVATION_LAYOUT, 'pending');
const FLAG_BELIEF = section(OBSERVATION_LAYOUT, 'flagBelief');
const OWN_SEEN = section(INFORMATION_STATE_LAYOUT, 'ownSeen');
const OWN_FLAGS_SEEN = section(INFORMATION_STATE_LAYOUT, 'ownFlagsSeen');
const CURRENT = section(INFORMATION_STATE_LAYOUT, 'currentCard');
const HISTORY = section(INFORMATION_STATE_LAYOUT, 'pieceHistory');
const HISTORY_ROW = HISTORY.columns?.length ?? 0;
const ASKS = [
  'contribute',
  'setup',
  'turnCard',
  'newPirate',
  'swing',
  'attack',
  'plank',
  'hatch',
  'shoot',
  'losePiece',
  'turnFlag',
  'none',
];

/** The first number where two tensors differ, named by its section, or null when they are equal. */
function difference(
  a: Float32Array,
  b: Float32Array,
  layout: readonly TensorSection[],
  from = 0,
): string | null {
  if (a.length !== b.length) return `lengths ${a.length} and ${b.length}`;
  for (let i = from; i < a.length; i++) {
    if (Object.is(a[i], b[i])) continue;
    const at = layout.find((s) => i >= s.offset && i < s.offset + s.size);
    const within = at === undefined ? i : i - at.offset;
    const row =
      at?.columns === undefined
        ? ''
        : ` (row ${Math.floor(within / at.columns.length)}, ${at.columns[within % at.columns.length]})`;
    return `index ${i}: ${at?.name ?? '?'}[${within}]${row}: ${a[i]} vs ${b[i]}`;
  }
  return null;
}

/** Piece `id`'s row for `seat`: its own slots 0-9, then the enemy's. */
function rowOf(seat: Seat, id: number): number {
  return belongsTo(id, seat) ? id % 10 : 10 + (id % 10);
}

function sum(values: Float32Array, from: number, count: number): number {
  let total = 0;
  for (let i = from; i < from + count; i++) total += values[i] ?? 0;
  return total;
}

const CARD_ACTION_ASKS = new Set([
  'newPirate',
  'swing',
  'attack',
  'plank',
  'hatch',
  'shoot',
  'losePiece',
  'turnFlag',
]);

/** A failed fact, told as a sentence: cheaper than `expect` in loops over millions of numbers. */
function check(ok: boolean, message: () => string): void {
  if (!ok) throw new Error(message());
}

function same(actual: unknown, expected: unknown, message: () => string): void {
  if (actual !== expected) throw new Error(`${message()}: ${String(actual)}, expected ${String(expected)}`);
}

/** What the observation says, read back against the state it came from. */
function checkAgainstState(state: GameState, seat: Seat, obs: Float32Array, label: string): void {
  const enemy = opponentOf(seat);
  for (let id = 0; id < 20; id++) {
    const base = PIECES.offset + rowOf(seat, id) * PIECE_ROW;
    const place = state.places[id];
    const expected = place === seat ? 0 : place === enemy ? 1 : place === 'extras' ? 2 : 3;
    same(obs[base + expected], 1, () => `${label}: piece ${id} place`);
    same(sum(obs, base, 4), 1, () => `${label}: piece ${id} one place`);
    const known = belongsTo(id, seat) || state.shown[id] === true;
    const kind = PIECE_KINDS.indexOf(state.kinds[id] ?? 'bomb');
    same(obs[base + (known ? KIND + kind : UNKNOWN)], 1, () => `${label}: piece ${id} kind`);
    same(sum(obs, base + KIND, 9), 1, () => `${label}: piece ${id} one kind entry`);
    same(obs[base + BOARDED], state.boarded[id] ? 1 : 0, () => `${label}: piece ${id} boarded`);
    // The belief never rules out the truth, and it is a distribution.
    check((obs[base + BELIEF + kind] ?? 0) > 0, () => `${label}: piece ${id} true kind believed`);
    check(Math.abs(sum(obs, base + BELIEF, 8) - 1) < 1e-5, () => `${label}: piece ${id} belief`);
  }
  state.cards.forEach((card, i) => {
    const base = CARDS.offset + i * CARD_ROW;
    const up = CARD_FACES.indexOf(card.sides[card.up]);
    const down = CARD_FACES.indexOf(card.sides[card.up === 0 ? 1 : 0]);
    same(obs[base + UP + up], 1, () => `${label}: card ${i} up`);
    same(obs[base + (card.known ? DOWN + down : DOWN_UNKNOWN)], 1, () => `${label}: card ${i} down`);
    check((obs[base + BACK + down] ?? 0) > 0, () => `${label}: card ${i} true back believed`);
    check(Math.abs(sum(obs, base + BACK, 7) - 1) < 1e-5, () => `${label}: card ${i} back belief`);
  });
  const enemyFlags = state.flagSlots[enemy];
  enemyFlags.forEach((card, slot) => {
    const at = FLAG_BELIEF.offset + slot * 3 + FLAG_CARDS.indexOf(card);
    check((obs[at] ?? 0) > 0, () => `${label}: enemy flag slot ${slot} true card believed`);
  });
  same(obs[PENDING.offset + ASKS.indexOf(state.pending.ask)], 1, () => `${label}: ask`);
  same(obs[PENDING.offset + ASKS.length], toAct(state).includes(seat) ? 1 : 0, () => `${label}: I am asked`);
}

/** What the information state adds, read back against the state: the engine keeps these facts itself. */
function checkInformationState(state: GameState, seat: Seat, info: Float32Array, label: string): void {
  for (let slot = 0; slot < 10; slot++) {
    const id = (seat === 'red' ? 0 : 10) + slot;
    same(info[OWN_SEEN.offset + slot], state.shown[id] ? 1 : 0, () => `${label}: own piece ${id} seen`);
  }
  for (let slot = 0; slot < 3; slot++) {
    const shown = state.flagShown[seat][slot] === true;
    same(info[OWN_FLAGS_SEEN.offset + slot], shown ? 1 : 0, () => `${label}: own flag ${slot} seen`);
  }
  const current = CARD_ACTION_ASKS.has(state.pending.ask) ? state.current : null;
  same(info[CURRENT.offset + (current ?? 10)], 1, () => `${label}: current card ${current}`);
  same(sum(info, CURRENT.offset, 11), 1, () => `${label}: one current card entry`);
  for (let row = 0; row < 20; row++) {
    const history = HISTORY.offset + row * HISTORY_ROW;
    const piece = PIECES.offset + row * PIECE_ROW;
    // A piece that swung onto the other ship or raided has boarded; one that battled is known.
    if ((info[history + 3] ?? 0) > 0 || (info[history + 9] ?? 0) > 0)
      same(info[piece + BOARDED], 1, () => `${label}: row ${row} boarded`);
    if ((info[history] ?? 0) > 0 || (info[history + 1] ?? 0) > 0)
      same(info[piece + UNKNOWN], 0, () => `${label}: row ${row} known after a battle`);
  }
}

function allFinite(values: Float32Array): boolean {
  return values.every((v) => Number.isFinite(v));
}

const COMBOS = VARIANTS.flatMap((variant) => SHOT_MODES.map((shots) => ({ variant, shots })));

/** Plays `perCombo` random games of each variant and shot mode, visiting each decision. */
function eachDecision(
  perCombo: number,
  tag: string,
  visit: (decision: Decision, label: string) => void,
): number {
  let decisions = 0;
  COMBOS.forEach(({ variant, shots }, c) => {
    for (let g = 0; g < perCombo; g++) {
      const options = {
        seed: `${tag}-${c}-${g}`,
        variant,
        shots,
        // A turn limit of 30-120 keeps random play short (random aims seldom hit); some quick games go without.
        ...(shots === 'quick' && g % 8 === 0 ? {} : { turnLimit: 30 + 10 * (g % 10) }),
        ...(g % 4 === 1 ? { firstSeat: 'blue' as const } : {}),
      };
      playRandomGame(options, `${tag}-play-${c}-${g}`, (decision) => {
        decisions++;
        visit(
          decision,
          `${variant}/${shots} game ${g} turn ${decision.state.turn} ${decision.state.pending.ask}`,
        );
      });
    }
  });
  return decisions;
}

/** A copy of `state` with everything `seat` does not see changed at random (and some things it does not see at all). */
function alterHidden(state: GameState, seat: Seat, random: Random): GameState {
  const enemy = opponentOf(seat);
  const hiddenEnemy = (id: number) => belongsTo(id, enemy) && state.shown[id] !== true;
  const enemyFlags = state.flagSlots[enemy].map((card, slot) =>
    state.flagShown[enemy][slot] === true ? card : (FLAG_CARDS[random.int(3)] ?? card),
  );
  const ownFlagsShown = state.flagSlots[seat].map(() => random.int(2) === 1);
  return {
    ...state,
    rules: { ...state.rules, seed: `${state.rules.seed}-other` },
    // Any kind at all on the enemy's hidden pieces, even one the rules would not allow: none may be read.
    kinds: state.kinds.map((kind, id) => (hiddenEnemy(id) ? (PIECE_KINDS[random.int(8)] ?? kind) : kind)),
    // Whether the enemy has seen my pieces and flags is not in my view either.
    shown: state.shown.map((shown, id) => (belongsTo(id, seat) ? random.int(2) === 1 : shown)),
    flagSlots:
      seat === 'red'
        ? { red: state.flagSlots.red, blue: enemyFlags }
        : { red: enemyFlags, blue: state.flagSlots.blue },
    flagShown:
      seat === 'red'
        ? { red: ownFlagsShown, blue: state.flagShown.blue }
        : { red: state.flagShown.red, blue: ownFlagsShown },
    cards: state.cards.map((card) => {
      if (card.known) return card;
      const back = CARD_FACES[random.int(CARD_FACES.length)] ?? 'sleeping';
      return { ...card, sides: card.up === 0 ? [card.sides[0], back] : [back, card.sides[1]] };
    }),
    current: random.int(3) === 0 ? null : random.int(10),
  };
}

describe('observation and information state tensors', () => {
  it('over random games (both variants, both shot modes): sizes, finite values, the state read back, the fast writer equal to the view tensor, the information state extending the observation', () => {
    const buffer = new Float32Array(3 * OBSERVATION_SIZE);
    const asked = new Set<string>();
    const decisions = eachDecision(50, 'main', ({ state, history }, label) => {
      asked.add(state.pending.ask);
      for (const seat of SEATS) {
        const where = `${label} ${seat}`;
        const view = viewFor(state, seat);
        const obs = observationTensor(view);
        same(obs.length, OBSERVATION_SIZE, () => `${where}: observation size`);
        check(allFinite(obs), () => `${where}: observation not finite`);
        checkAgainstState(state, seat, obs, where);
        // The fast writer, into the middle of a batch: exactly the view's numbers, and nothing outside its part.
        buffer.fill(Number.NaN);
        writeObservation(state, seat, buffer, OBSERVATION_SIZE);
        const written = buffer.slice(OBSERVATION_SIZE, 2 * OBSERVATION_SIZE);
        const diff = difference(written, obs, OBSERVATION_LAYOUT);
        if (diff !== null)
          expect.fail(`${where}: writeObservation differs from observationTensor at ${diff}`);
        check(
          buffer.subarray(0, OBSERVATION_SIZE).every(Number.isNaN),
          () => `${where}: wrote before its part`,
        );
        check(
          buffer.subarray(2 * OBSERVATION_SIZE).every(Number.isNaN),
          () => `${where}: wrote after its part`,
        );
        const info = informationStateTensor(view, history[seat]);
        same(info.length, INFORMATION_STATE_SIZE, () => `${where}: information state size`);
        check(allFinite(info), () => `${where}: information state not finite`);
        const extends_ = difference(info.slice(0, OBSERVATION_SIZE), obs, INFORMATION_STATE_LAYOUT);
        if (extends_ !== null)
          expect.fail(`${where}: the information state does not start with the observation: ${extends_}`);
        checkInformationState(state, seat, info, where);
      }
    });
    for (const ask of [
      'setup',
      'turnCard',
      'newPirate',
      'swing',
      'attack',
      'plank',
      'hatch',
      'shoot',
      'losePiece',
      'turnFlag',
      'none',
    ])
      expect(asked, ask).toContain(ask);
    expect(decisions).toBeGreaterThan(10_000);
  });

  it('hidden information does not change the observation: the enemy’s hidden kinds, flag cards and card backs, what the enemy saw of mine, the card under way, the seed', () => {
    const random = randomFromSeed('alter');
    const mine = new Float32Array(OBSERVATION_SIZE);
    const altered = new Float32Array(OBSERVATION_SIZE);
    let changedKinds = 0;
    eachDecision(30, 'hidden', ({ state }, label) => {
      for (const seat of SEATS) {
        const other = alterHidden(state, seat, random);
        if (other.kinds.some((kind, id) => kind !== state.kinds[id])) changedKinds++;
        // The change is hidden indeed: the seat's view is the same.
        expect(viewFor(other, seat), `${label} ${seat}`).toEqual(viewFor(state, seat));
        writeObservation(state, seat, mine, 0);
        writeObservation(other, seat, altered, 0);
        const diff = difference(altered, mine, OBSERVATION_LAYOUT);
        if (diff !== null)
          expect.fail(`${label} ${seat}: a hidden change reached the observation at ${diff}`);
      }
    });
    expect(changedKinds).toBeGreaterThan(1000);
  });

  it('is seat-relative: a position and its colour-swapped twin give the same tensors to the seats in each other’s place', () => {
    const mine = new Float32Array(OBSERVATION_SIZE);
    const twins = new Float32Array(OBSERVATION_SIZE);
    let seatsDiffer = 0;
    // The twin's events, swapped as they come (the lists only grow; a new game starts them again).
    const swapped: Record<Seat, GameEvent[]> = { red: [], blue: [] };
    eachDecision(25, 'twin', ({ state, history }, label) => {
      const twin = swapColours(state);
      for (const seat of SEATS) {
        if (history[seat].length < swapped[seat].length) swapped[seat].length = 0;
        for (let i = swapped[seat].length; i < history[seat].length; i++) {
          const event = history[seat][i];
          if (event !== undefined) swapped[seat].push(swapEvent(event));
        }
      }
      for (const seat of SEATS) {
        const other = opponentOf(seat);
        const where = `${label} ${seat}`;
        writeObservation(state, seat, mine, 0);
        writeObservation(twin, other, twins, 0);
        const fast = difference(twins, mine, OBSERVATION_LAYOUT);
        if (fast !== null) expect.fail(`${where}: the twin's writeObservation differs at ${fast}`);
        const fromView = difference(observationTensor(viewFor(twin, other)), mine, OBSERVATION_LAYOUT);
        if (fromView !== null) expect.fail(`${where}: the twin's observationTensor differs at ${fromView}`);
        const info = informationStateTensor(viewFor(state, seat), history[seat]);
        const twinInfo = informationStateTensor(viewFor(twin, other), swapped[seat]);
        const infoDiff = difference(twinInfo, info, INFORMATION_STATE_LAYOUT);
        if (infoDiff !== null) expect.fail(`${where}: the twin's information state differs at ${infoDiff}`);
      }
      // Not colour-blind by accident: the two seats of one position see different things.
      if (
        difference(
          observationTensor(viewFor(state, 'red')),
          observationTensor(viewFor(state, 'blue')),
          OBSERVATION_LAYOUT,
        ) !== null
      )
        seatsDiffer++;
    });
    expect(seatsDiffer).toBeGreaterThan(1000);
  });

  it('refuses a spectator view, and an array without room, with a clear error', () => {
    const state = playRandomGame({ seed: 'spectator' }, 'spectator', () => {}, 40);
    const spectator = viewFor(state, 'spectator');
    expect(() => observationTensor(spectator)).toThrow(/spectator/);
    expect(() => informationStateTensor(spectator, [])).toThrow(/spectator/);
    expect(() => writeObservation(state, 'red', new Float32Array(OBSERVATION_SIZE), 1)).toThrow(RangeError);
    expect(() => writeObservation(state, 'red', new Float32Array(OBSERVATION_SIZE), -1)).toThrow(RangeError);
  });

  it('docs/learn.md lists every section of both layouts with its offset and size', () => {
    const docs = readFileSync(new URL('../../docs/learn.md', import.meta.url), 'utf8');
    for (const s of [
      ...OBSERVATION_LAYOUT,
      ...INFORMATION_STATE_LAYOUT.filter((s) => !s.name.startsWith('observation.')),
    ]) {
      expect(docs, s.name).toMatch(
        new RegExp(`\\|\\s*\`${s.name}\`\\s*\\|\\s*${s.offset}\\s*\\|\\s*${s.size}\\s*\\|`),
      );
    }
    expect(docs).toContain(`\`OBSERVATION_SIZE\` = ${OBSERVATION_SIZE}`);
    expect(docs).toContain(`\`INFORMATION_STATE_SIZE\` = ${INFORMATION_STATE_SIZE}`);
  });
});
