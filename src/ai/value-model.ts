/**
 * The shipped learned value: `src/ai/models/value.json`, written by `pirates train value` (docs/ai.md,
 * "The learned value"), read as every model file is (model-file.ts): checked against the SHA-256 recorded
 * here before it is decoded, read from disk in Node on first use, fetched by the page's Web Worker only for
 * a level that uses it (`prepareBot`, levels.ts).
 */
import type { Result } from '../engine/index.ts';
import { type ModelErrorCode, modelFile } from './model-file.ts';
import { loadValueNetwork, type ValueNetwork, withOwnScratch } from './value-network.ts';

export const VALUE_MODEL_SHA256 = '1f0242fdcdd3555914e0dc668483fd6b186825b916de4f6f9985c19d022b453b';

/** The command that made the shipped file. */
export const VALUE_MODEL_COMMAND = 'pirates train value --seed 1';

/** Where the shipped file is (a file: URL in Node, the asset's URL in the page's bundle). */
export function valueModelUrl(): URL {
  return new URL('./models/value.json', import.meta.url);
}

const file = modelFile({
  name: 'value',
  url: valueModelUrl,
  sha256: VALUE_MODEL_SHA256,
  loadCall: 'loadShippedValueModel',
  decode: loadValueNetwork,
});

/** A model file's bytes to a network: refused unless their SHA-256 is `sha256Hex`, then decoded. */
export function readValueModel(
  bytes: Uint8Array,
  sha256Hex: string = VALUE_MODEL_SHA256,
): Result<ValueNetwork, ModelErrorCode> {
  return file.read(bytes, sha256Hex);
}

/** A candidate model file's bytes to a network, by their format alone (candidate-models.ts): no hash is recorded for it. */
export function decodeValueModel(bytes: Uint8Array): Result<ValueNetwork, 'model/invalid'> {
  return file.decode(bytes);
}

/**
 * A network on the shipped file with scratch of its own (each bot its own: inference writes its scratch).
 * In Node the file is read on the first call; in the page it must have been loaded first
 * (`loadShippedValueModel`). A file that does not load, or a call before the load, throws.
 */
export function shippedValueNetwork(): ValueNetwork {
  return withOwnScratch(file.shipped());
}

/** Loads the shipped file once: from disk in Node, by `fetch` in the page; a failure is a value, tried again later. */
export function loadShippedValueModel(): Promise<Result<void, ModelErrorCode>> {
  return file.load().then((loaded) => (loaded.ok ? { ok: true, value: undefined } : loaded));
}
