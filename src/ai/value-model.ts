/**
 * The shipped learned value: `src/ai/models/value.json`, written by `pirates train value` (docs/ai.md,
 * "The learned value"). As for the belief (belief-model.ts): every runtime reads the same bytes and checks
 * them against the SHA-256 recorded here before decoding them; Node reads the file on first use, the page's
 * Web Worker fetches it only for a level that uses it (`prepareBot`, levels.ts).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Result } from '../engine/index.ts';
import { type BeliefModelErrorCode, readInNode } from './belief-model.ts';
import { loadValueNetwork, type ValueNetwork } from './value-network.ts';

export const VALUE_MODEL_SHA256 = '1f0242fdcdd3555914e0dc668483fd6b186825b916de4f6f9985c19d022b453b';

/** The command that made the shipped file. */
export const VALUE_MODEL_COMMAND = 'pirates train value --seed 1';

/** Where the shipped file is (a file: URL in Node, the asset's URL in the page's bundle). */
export function valueModelUrl(): URL {
  return new URL('./models/value.json', import.meta.url);
}

/** A model file's bytes to a network: refused unless their SHA-256 is `sha256Hex`, then decoded. */
export function readValueModel(
  bytes: Uint8Array,
  sha256Hex: string = VALUE_MODEL_SHA256,
): Result<ValueNetwork, BeliefModelErrorCode> {
  const digest = bytesToHex(sha256(bytes));
  if (digest !== sha256Hex) {
    return {
      ok: false,
      error: {
        code: 'model/hash',
        message: `The value model's SHA-256 is ${digest}, not the recorded ${sha256Hex}.`,
      },
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { ok: false, error: { code: 'model/invalid', message: 'The value model is not JSON.' } };
  }
  const loaded = loadValueNetwork(parsed);
  return loaded.ok ? loaded : { ok: false, error: loaded.error };
}

let bytesRead: Uint8Array | null = null;
let loading: Promise<Result<Uint8Array, BeliefModelErrorCode>> | null = null;

/**
 * A fresh network on the shipped file (each bot its own: the network holds its scratch). In Node the file
 * is read on the first call; in the page it must have been loaded first (`loadShippedValueModel`). A file
 * that does not load, or a call before the load, is a bug of the build or of the caller, so this throws.
 */
export function shippedValueNetwork(): ValueNetwork {
  if (bytesRead === null) {
    const bytes = readInNode(valueModelUrl());
    if (bytes === null)
      throw new Error(
        'The value model is not loaded yet: await loadShippedValueModel() (prepareBot) before making a bot that uses it.',
      );
    bytesRead = bytes;
  }
  const read = readValueModel(bytesRead);
  if (!read.ok) throw new Error(`The shipped value model does not load: ${read.error.message}`);
  return read.value;
}

/** Loads the shipped file once: from disk in Node, by `fetch` in the page; a failure is a value, tried again later. */
export function loadShippedValueModel(): Promise<Result<void, BeliefModelErrorCode>> {
  if (bytesRead !== null) return Promise.resolve({ ok: true, value: undefined });
  loading ??= fetchBytes().then((read) => {
    if (read.ok) bytesRead = read.value;
    else loading = null;
    return read;
  });
  return loading.then((read) => (read.ok ? { ok: true, value: undefined } : read));
}

async function fetchBytes(): Promise<Result<Uint8Array, BeliefModelErrorCode>> {
  const url = valueModelUrl();
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
          message: `The value model could not be fetched from ${url.href}: ${String(error)}.`,
        },
      };
    }
  }
  const read = readValueModel(bytes);
  return read.ok ? { ok: true, value: bytes } : read;
}
