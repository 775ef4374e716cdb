/**
 * The shipped learned belief: `src/ai/models/belief.json`, written by `pirates train belief` (docs/ai.md,
 * "The learned belief"). Every runtime reads the same bytes from the same file and checks them against the
 * SHA-256 recorded here before decoding them, so a model swapped without a word is refused everywhere.
 * The file is not imported: Node (the CLI, the server's bot workers, the tests) reads it from disk on first
 * use; the page's Web Worker fetches it (Vite emits it as an asset beside the bundle) only when a computer
 * player that uses it is made (`prepareBot`, levels.ts), so neither the page nor the game Worker carries
 * its ~28 kB until then.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Result } from '../engine/index.ts';
import { type BeliefNetwork, loadBeliefNetwork } from './network.ts';

export const BELIEF_MODEL_SHA256 = '199093a465a724249bf8e1128a4cd00eda05ea41fc0c02181daf528085e8e440';

/** The command that made the shipped file. */
export const BELIEF_MODEL_COMMAND = 'pirates train belief --seed 1';

/** Why a model file could not be used: its bytes are not the recorded ones, it does not decode, or it could not be read. */
export type BeliefModelErrorCode = 'model/hash' | 'model/invalid' | 'model/unavailable';

/**
 * Where the shipped file is: a file: URL in Node (beside this module, in src/ or dist/lib), the asset's
 * URL in the page's bundle (Vite rewrites this `new URL(..., import.meta.url)` to the emitted file).
 */
export function beliefModelUrl(): URL {
  return new URL('./models/belief.json', import.meta.url);
}

/** A model file's bytes to a network: refused unless their SHA-256 is `sha256Hex`, then decoded. */
export function readBeliefModel(
  bytes: Uint8Array,
  sha256Hex: string = BELIEF_MODEL_SHA256,
): Result<BeliefNetwork, BeliefModelErrorCode> {
  const digest = bytesToHex(sha256(bytes));
  if (digest !== sha256Hex) {
    return {
      ok: false,
      error: {
        code: 'model/hash',
        message: `The belief model's SHA-256 is ${digest}, not the recorded ${sha256Hex}.`,
      },
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { ok: false, error: { code: 'model/invalid', message: 'The belief model is not JSON.' } };
  }
  const loaded = loadBeliefNetwork(parsed);
  return loaded.ok ? loaded : { ok: false, error: loaded.error };
}

/**
 * The file's bytes read synchronously where the program runs on Node (a file: URL), else null. Through
 * `process.getBuiltinModule` (Node 20.16+), not an import: src/ai also runs in a Web Worker, where there is
 * no file system and the bundle must not pull one in.
 */
export function readInNode(url: URL): Uint8Array | null {
  if (url.protocol !== 'file:') return null;
  const node = (globalThis as { process?: Partial<Pick<NodeJS.Process, 'getBuiltinModule'>> }).process;
  const fs = node?.getBuiltinModule?.('node:fs');
  return fs === undefined ? null : fs.readFileSync(url);
}

let network: BeliefNetwork | null = null;
let loading: Promise<Result<BeliefNetwork, BeliefModelErrorCode>> | null = null;

/**
 * The shipped network, decoded once. In Node it is read on the first call; in the page it must have been
 * loaded first (`loadShippedBeliefNetwork`, through `prepareBot`). A file that does not load, or a call
 * before the load, is a bug of the build or of the caller, so this throws.
 */
export function shippedBeliefNetwork(): BeliefNetwork {
  if (network !== null) return network;
  const bytes = readInNode(beliefModelUrl());
  if (bytes === null) {
    throw new Error(
      'The belief model is not loaded yet: await loadShippedBeliefNetwork() (prepareBot) before making a bot that uses it.',
    );
  }
  const read = readBeliefModel(bytes);
  if (!read.ok) throw new Error(`The shipped belief model does not load: ${read.error.message}`);
  network = read.value;
  return network;
}

/**
 * Loads the shipped network once: from disk in Node, by `fetch` in the page. A file that cannot be fetched
 * (offline before the service worker kept it) or whose hash differs is a value; a later call tries again.
 */
export function loadShippedBeliefNetwork(): Promise<Result<BeliefNetwork, BeliefModelErrorCode>> {
  if (network !== null) return Promise.resolve({ ok: true, value: network });
  loading ??= fetchAndRead().then((read) => {
    if (read.ok) network = read.value;
    else loading = null;
    return read;
  });
  return loading;
}

async function fetchAndRead(): Promise<Result<BeliefNetwork, BeliefModelErrorCode>> {
  const url = beliefModelUrl();
  let bytes = readInNode(url);
  if (bytes === null) {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      return {
        ok: false,
        error: {
          code: 'model/unavailable',
          message: `The belief model could not be fetched from ${url.href}: ${String(error)}.`,
        },
      };
    }
  }
  return readBeliefModel(bytes);
}
