/**
 * Update sizes benchmark (issue 34): what a seat's socket carries after each action, whole views against
 * patches (view-delta.ts; format 2 as the page reads them, format 1's bytes beside), and what WebSocket compression (permessage-deflate, zlib's raw deflate as ws runs
 * it) would make of each. Random games of the engine, both seats, each update made and serialized as the
 * server does; bytes are exact, CPU time is this process's, median of the rounds, both ways alternated.
 */
import { constants, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import {
  type Action,
  applyAction,
  eventsFor,
  type GameEvent,
  newGame,
  randomFromSeed,
  SEATS,
  type Seat,
  toAct,
  viewFor,
} from '../../engine/index.ts';
import { type DeltasVersion, packEvent, packUpdateView, type UpdateWireView } from '../../protocol/index.ts';
import { SMALL_WINDOW_DEFLATE } from '../../server/socket/compression.ts';
import { MadeView, withoutAudienceAll } from '../../server/socket/update-views.ts';
import { type BenchSuite, cpuMilliseconds, median } from './suite.ts';

/** One action's update for one seat, before it is serialized: its events and the view after it. */
interface Step {
  readonly v: number;
  readonly events: readonly GameEvent[];
  readonly view: UpdateWireView;
}

/** Every update of `games` random games (quick shots), per seat, with the state each game began from. */
export function recordGames(games: number, tag: string): Step[][] {
  const streams: Step[][] = [];
  const random = randomFromSeed(`updates-${tag}`);
  for (let g = 0; g < games; g++) {
    const created = newGame({ seed: `${tag}-${g}`, shots: 'quick' });
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value;
    const bySeat: Record<Seat, Step[]> = { red: [], blue: [] };
    let v = 0;
    while (state.phase !== 'over') {
      const seat = toAct(state)[0];
      if (seat === undefined) break;
      const choices = viewFor(state, seat).legalActions;
      const result = applyAction(state, seat, choices[random.int(choices.length)] as Action);
      if (!result.ok) throw new Error(result.error.message);
      state = result.state;
      v++;
      for (const viewer of SEATS)
        bySeat[viewer].push({
          v,
          events: eventsFor(result.events, viewer),
          view: packUpdateView(viewFor(state, viewer)),
        });
    }
    streams.push(bySeat.red, bySeat.blue);
  }
  return streams;
}

/**
 * The texts a socket is sent for one stream, whole or patched in format 1 or 2, made as the server makes them
 * (src/server/socket/update-views.ts and session.ts): the view's text once, then the patch and digest, or the
 * message written around the text.
 */
export function serialize(stream: readonly Step[], patched: false | DeltasVersion): string[] {
  const texts: string[] = [];
  let before: MadeView | null = null;
  for (const step of stream) {
    const made: MadeView = new MadeView(step.v, step.view, before);
    before?.supersede();
    const patch = patched === false ? null : made.patch(patched);
    texts.push(
      patched !== false && patch !== null
        ? JSON.stringify({
            t: 'update',
            v: step.v,
            events: step.events.map(patched === 2 ? packEvent : withoutAudienceAll),
            patch,
            digest: made.digest(patched),
          })
        : `{"t":"update","v":${step.v},"events":${JSON.stringify(step.events)},"view":${made.text}}`,
    );
    before = made;
  }
  return texts;
}

/** zlib's settings for a socket's deflate stream. */
export interface DeflateSettings {
  readonly windowBits: number;
  readonly memLevel: number;
  readonly level?: number;
}

/** ws's permessage-deflate as it comes: zlib's largest window and default memory and level. */
export const WS_DEFAULT_DEFLATE: DeflateSettings = { windowBits: 15, memLevel: 8 };

/** The server's own with COMPRESSION=on (src/server/socket/compression.ts). */
const SERVER_DEFLATE: DeflateSettings = {
  windowBits: SMALL_WINDOW_DEFLATE.serverMaxWindowBits as number,
  memLevel: SMALL_WINDOW_DEFLATE.zlibDeflateOptions?.memLevel ?? 8,
};

/** Bytes of `texts` through one deflate stream (ws's permessage-deflate with context takeover) or each alone. */
export function deflated(
  texts: readonly string[],
  takeover: boolean,
  zlib: DeflateSettings = WS_DEFAULT_DEFLATE,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let total = 0;
    let stream: DeflateRaw | null = null;
    const one = (i: number): void => {
      if (i === texts.length) {
        stream?.close();
        resolve(total);
        return;
      }
      if (stream === null || !takeover) {
        stream?.close();
        stream = createDeflateRaw(zlib);
        stream.on('data', (chunk: Buffer) => {
          total += chunk.length;
        });
        stream.on('error', reject);
      }
      const current = stream;
      current.write(texts[i] as string);
      current.flush(constants.Z_SYNC_FLUSH, () => {
        total -= 4; // ws drops the sync flush's last four bytes (00 00 ff ff), RFC 7692
        one(i + 1);
      });
    };
    one(0);
  });
}

export const updatesSuite: BenchSuite = {
  name: 'updates',
  async run({ scale, rounds }) {
    const games = Math.max(10, Math.round(100 * scale));
    const steps = recordGames(games, 'measure');
    const whole: number[] = [];
    const patchedCpu: number[] = [];
    let wholeTexts: string[] = [];
    let patchedTexts: string[] = [];
    for (let r = 0; r < rounds; r++) {
      let began = cpuMilliseconds();
      wholeTexts = steps.flatMap((stream) => serialize(stream, false));
      whole.push(cpuMilliseconds() - began);
      began = cpuMilliseconds();
      patchedTexts = steps.flatMap((stream) => serialize(stream, 2));
      patchedCpu.push(cpuMilliseconds() - began);
    }
    // Format 1, as pages of the release before read them, for its bytes.
    const format1Texts = steps.flatMap((stream) => serialize(stream, 1));
    const updates = wholeTexts.length;
    const bytes = (texts: readonly string[]) => texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    const wholeBytes = bytes(wholeTexts);
    const patchedBytes = bytes(patchedTexts);
    const format1Bytes = bytes(format1Texts);
    const deflate = async (texts: string[], takeover: boolean, zlib = WS_DEFAULT_DEFLATE) => {
      const began = performance.now();
      const cpu = cpuMilliseconds();
      const size = await deflated(texts, takeover, zlib);
      return { size, cpuMs: cpuMilliseconds() - cpu, wallMs: performance.now() - began };
    };
    const wholeDeflated = await deflate(wholeTexts, true);
    const patchedDeflated = await deflate(patchedTexts, true);
    const patchedAlone = await deflate(patchedTexts, false);
    const patchedSmall = await deflate(patchedTexts, true, SERVER_DEFLATE);
    const perUpdate = (n: number) => n / updates;
    const us = (ms: number) => (ms * 1000) / updates;
    const figures = {
      updates,
      wholeBytesPerUpdate: perUpdate(wholeBytes),
      patchedBytesPerUpdate: perUpdate(patchedBytes),
      wholeBytesPerGame: wholeBytes / games,
      patchedBytesPerGame: patchedBytes / games,
      format1BytesPerUpdate: perUpdate(format1Bytes),
      ratio: patchedBytes / wholeBytes,
      wholeMicrosecondsPerUpdate: us(median(whole)),
      patchedMicrosecondsPerUpdate: us(median(patchedCpu)),
      deflatedWholeBytesPerUpdate: perUpdate(wholeDeflated.size),
      deflatedPatchedBytesPerUpdate: perUpdate(patchedDeflated.size),
      deflatedPatchedAloneBytesPerUpdate: perUpdate(patchedAlone.size),
      deflateMicrosecondsPerUpdate: us(patchedDeflated.cpuMs),
      deflateAloneMicrosecondsPerUpdate: us(patchedAlone.cpuMs),
      deflatedPatchedSmallWindowBytesPerUpdate: perUpdate(patchedSmall.size),
      deflateSmallWindowMicrosecondsPerUpdate: us(patchedSmall.cpuMs),
    };
    const f = (n: number) => n.toFixed(0).padStart(7);
    return {
      suite: 'updates',
      lines: [
        `updates to a seat's socket, ${games} random games (quick shots), ${updates} updates, both seats; CPU median of ${rounds} rounds:`,
        `  whole views (rulesOnce)       ${f(figures.wholeBytesPerUpdate)} bytes an update ${f(figures.wholeBytesPerGame)} bytes a game  ${figures.wholeMicrosecondsPerUpdate.toFixed(1)} µs to make`,
        `  patches (deltas 2, the page)  ${f(figures.patchedBytesPerUpdate)} bytes an update ${f(figures.patchedBytesPerGame)} bytes a game  ${figures.patchedMicrosecondsPerUpdate.toFixed(1)} µs to make (diff and digest)`,
        `  patches (deltas 1)            ${f(figures.format1BytesPerUpdate)} bytes an update`,
        `  patches / whole               ${(figures.ratio * 100).toFixed(1)}%`,
        `  permessage-deflate, whole views, context kept   ${f(figures.deflatedWholeBytesPerUpdate)} bytes an update`,
        `  permessage-deflate, patches, context kept       ${f(figures.deflatedPatchedBytesPerUpdate)} bytes an update  ${figures.deflateMicrosecondsPerUpdate.toFixed(1)} µs an update`,
        `  permessage-deflate, patches, each alone         ${f(figures.deflatedPatchedAloneBytesPerUpdate)} bytes an update  ${figures.deflateAloneMicrosecondsPerUpdate.toFixed(1)} µs an update`,
        `  COMPRESSION=on (1 KiB window, context kept)     ${f(figures.deflatedPatchedSmallWindowBytesPerUpdate)} bytes an update  ${figures.deflateSmallWindowMicrosecondsPerUpdate.toFixed(1)} µs an update`,
      ],
      figures,
    };
  },
};
