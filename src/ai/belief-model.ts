/**
 * The shipped learned belief: `src/ai/models/belief.json`, written by `pirates train belief` (docs/ai.md,
 * "The learned belief"), read as every model file is (model-file.ts): checked against the SHA-256 recorded
 * here before it is decoded, read from disk in Node on first use, fetched by the page's Web Worker only when
 * a computer player that uses it is made (`prepareBot`, levels.ts), so neither the page nor the game Worker
 * carries its ~28 kB until then.
 */
import type { Result } from '../engine/index.ts';
import { type ModelErrorCode, modelFile } from './model-file.ts';
import { type BeliefNetwork, loadBeliefNetwork } from './network.ts';

export const BELIEF_MODEL_SHA256 = '199093a465a724249bf8e1128a4cd00eda05ea41fc0c02181daf528085e8e440';

/** The command that made the shipped file. */
export const BELIEF_MODEL_COMMAND = 'pirates train belief --seed 1';

/** Why a model file could not be used: its bytes are not the recorded ones, it does not decode, or it could not be read. */
export type BeliefModelErrorCode = ModelErrorCode;

/**
 * Where the shipped file is: a file: URL in Node (beside this module, in src/ or dist/lib), the asset's
 * URL in the page's bundle (Vite rewrites this `new URL(..., import.meta.url)` to the emitted file).
 */
export function beliefModelUrl(): URL {
  return new URL('./models/belief.json', import.meta.url);
}

const file = modelFile({
  name: 'belief',
  url: beliefModelUrl,
  sha256: BELIEF_MODEL_SHA256,
  loadCall: 'loadShippedBeliefNetwork',
  decode: loadBeliefNetwork,
});

/** A model file's bytes to a network: refused unless their SHA-256 is `sha256Hex`, then decoded. */
export function readBeliefModel(
  bytes: Uint8Array,
  sha256Hex: string = BELIEF_MODEL_SHA256,
): Result<BeliefNetwork, BeliefModelErrorCode> {
  return file.read(bytes, sha256Hex);
}

/** A candidate model file's bytes to a network, by their format alone (candidate-models.ts): no hash is recorded for it. */
export function decodeBeliefModel(bytes: Uint8Array): Result<BeliefNetwork, 'model/invalid'> {
  return file.decode(bytes);
}

/**
 * The shipped network, decoded once (every bot shares it: it keeps its scratch apart, network.ts). In Node
 * it is read on the first call; in the page it must have been loaded first (`loadShippedBeliefNetwork`,
 * through `prepareBot`). A file that does not load, or a call before the load, throws.
 */
export function shippedBeliefNetwork(): BeliefNetwork {
  return file.shipped();
}

/** Loads the shipped network once: from disk in Node, by `fetch` in the page; a failure is a value, tried again later. */
export function loadShippedBeliefNetwork(): Promise<Result<BeliefNetwork, BeliefModelErrorCode>> {
  return file.load();
}
