/**
 * Golden games: complete games from seeded random play, stored as records with the final state and every
 * public event as a sentence. Replaying them must give exactly the same, so any change in the rules'
 * behaviour, the chance streams' use or the cannon's flight shows here. The legacy-* games were stored
 * before keyed chance (record format 1, xoroshiro128+): they must replay as they always did, forever.
 *
 * After an intended change of behaviour, regenerate (the games are replayed by `playRandomly` from the same
 * seeds, so a rule change may give a different game) and review the diff of test/fixtures/golden-*.json:
 *   REGENERATE=1 npx vitest run test/engine/golden.test.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  applyAction,
  describeEvent,
  eventsFor,
  type GameOptions,
  type GameRecord,
  type GameState,
  newGame,
  recordOf,
  recordOptions,
  replay,
} from '../../src/engine/index.ts';
import { checkConsistent, playRandomly } from './positions.ts';

interface Golden {
  readonly record: GameRecord;
  /** What a spectator was told, one sentence per public event. */
  readonly told: readonly string[];
  readonly final: GameState;
}

const GAMES: readonly { file: string; options: GameOptions; players: string }[] = [
  {
    file: 'golden-game.json',
    options: { seed: 'golden standard', shots: 'aimed', entropy: 'seats' },
    players: 'golden players',
  },
  {
    file: 'golden-advanced.json',
    options: { seed: 'golden advanced', shots: 'aimed', variant: 'advanced' },
    players: 'golden players',
  },
];

const pathOf = (file: string) => new URL(`../fixtures/${file}`, import.meta.url);

/** Plays a record step by step, checking each state, and collects what a spectator is told. */
function replayTold(record: GameRecord): { told: string[]; final: GameState } {
  const options = recordOptions(record);
  if (!options.ok) throw new Error(options.error.message);
  const created = newGame(options.value);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.value;
  const told: string[] = [];
  for (const [index, { seat, action }] of record.actions.entries()) {
    const result = applyAction(state, seat, action);
    if (!result.ok) throw new Error(`entry ${index} refused: ${result.error.message}`);
    checkConsistent(result.state);
    told.push(...eventsFor(result.events, 'spectator').map((e) => describeEvent(e, 'spectator')));
    state = result.state;
  }
  return { told, final: state };
}

describe('golden games', () => {
  for (const { file, options, players } of GAMES) {
    if (process.env.REGENERATE === '1') {
      it(`regenerates ${file}`, () => {
        const end = playRandomly(options, players);
        expect(end.phase).toBe('over');
        const record = recordOf(end);
        const golden: Golden = { record, ...replayTold(record) };
        writeFileSync(pathOf(file), `${JSON.stringify(golden)}\n`);
        // The house format, so `npm run lint` accepts the fixture as written.
        execFileSync('npx', ['biome', 'format', '--write', fileURLToPath(pathOf(file))]);
      });
    }

    it(`${file}: the record replays to the stored final state, telling the same story`, () => {
      const golden = JSON.parse(readFileSync(pathOf(file), 'utf8')) as Golden;
      expect(golden.final.phase).toBe('over');
      const { told, final } = replayTold(golden.record);
      expect(told).toEqual(golden.told);
      expect(JSON.parse(JSON.stringify(final))).toEqual(golden.final);
      const replayed = replay(golden.record);
      expect(replayed.ok && JSON.parse(JSON.stringify(replayed.value))).toEqual(golden.final);
    });
  }
});

/** A final state as stored before keyed chance: format 1, the stream's words in `random`, no chance options. */
interface LegacyState extends Omit<GameState, 'format' | 'chance' | 'rules'> {
  readonly format: 1;
  readonly random: [number, number, number, number];
  readonly rules: Omit<GameState['rules'], 'chance' | 'entropy'>;
}

describe('games stored before keyed chance (record format 1)', () => {
  for (const file of ['legacy-standard.json', 'legacy-advanced.json']) {
    it(`${file}: replays on its xoroshiro128+ stream to the stored end, telling the same story`, () => {
      const golden = JSON.parse(readFileSync(pathOf(file), 'utf8')) as {
        record: GameRecord;
        told: string[];
        final: LegacyState;
      };
      expect(golden.record.format).toBe(1);
      const { told, final } = replayTold(golden.record);
      expect(told).toEqual(golden.told);
      const { random, format: _format, ...rest } = golden.final;
      const expected = {
        ...rest,
        format: 2,
        rules: { ...golden.final.rules, entropy: 'seed', chance: 'xoroshiro128plus' },
        chance: { generator: 'xoroshiro128plus', words: random },
      };
      expect(JSON.parse(JSON.stringify(final))).toEqual(expected);
      const replayed = replay(golden.record);
      expect(replayed.ok && JSON.parse(JSON.stringify(replayed.value))).toEqual(expected);
      // Its record is written back in format 1, so an old game's record stays what it was.
      expect(recordOf(final).format).toBe(1);
    });
  }
});
