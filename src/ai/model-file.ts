/**
 * A learned model's shipped file (belief-model.ts, value-model.ts): one way to read it for every model.
 * Every runtime reads the same bytes from the same file and checks them against the SHA-256 recorded for
 * it before decoding them, so a model swapped without a word is refused everywhere. The file is not
 * imported: Node (the CLI, the server's bot workers, the tests) reads it from disk on first use; the page's
 * Web Worker fetches it (Vite emits it as an asset beside the bundle) only when a computer player that uses
 * it is made (`prepareBot`, levels.ts), so neither the page nor the game Worker carries it until then.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Result } from '../engine/index.ts';

/** Why a model file could not be used: its bytes are not the recorded ones, it does not decode, or it could not be read. */
export type ModelErrorCode = 'model/hash' | 'model/invalid' | 'model/unavailable';

export interface ModelFileOptions<T> {
  /** What the sentences call it: 'belief' says "The belief model ...". */
  readonly name: string;
  /**
   * Where the shipped file is. The model's own module makes the URL (`new URL('./models/...',
   * import.meta.url)`), where Vite sees it and emits the file as an asset.
   */
  readonly url: () => URL;
  /** The shipped file's SHA-256, in hex. */
  readonly sha256: string;
  /** The call that loads it in the page, named when a bot is made before it (e.g. 'loadShippedBeliefNetwork'). */
  readonly loadCall: string;
  /** The parsed JSON to a model, or why it is none. */
  readonly decode: (file: unknown) => Result<T, 'model/invalid'>;
}

export interface ModelFile<T> {
  /** A file's bytes to a model: refused unless their SHA-256 is `sha256Hex` (the recorded one), then decoded. */
  read(bytes: Uint8Array, sha256Hex?: string): Result<T, ModelErrorCode>;
  /** A file's bytes to a model by their format alone, whatever their hash (a candidate being measured). */
  decode(bytes: Uint8Array): Result<T, 'model/invalid'>;
  /**
   * The shipped model, decoded once. In Node it is read on the first call; in the page it must have been
   * loaded first (`load`). A file that does not load, or a call before the load, is a bug of the build or
   * of the caller, so this throws.
   */
  shipped(): T;
  /**
   * Loads the shipped model once: from disk in Node, by `fetch` in the page. A file that cannot be fetched
   * (offline before the service worker kept it) or whose hash differs is a value; a later call tries again.
   */
  load(): Promise<Result<T, ModelErrorCode>>;
}

export function modelFile<T>(options: ModelFileOptions<T>): ModelFile<T> {
  const { name } = options;
  let model: T | null = null;
  let loading: Promise<Result<T, ModelErrorCode>> | null = null;

  const decode = (bytes: Uint8Array): Result<T, 'model/invalid'> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return { ok: false, error: { code: 'model/invalid', message: `The ${name} model is not JSON.` } };
    }
    return options.decode(parsed);
  };

  const read = (bytes: Uint8Array, sha256Hex: string = options.sha256): Result<T, ModelErrorCode> => {
    const digest = bytesToHex(sha256(bytes));
    if (digest !== sha256Hex) {
      return {
        ok: false,
        error: {
          code: 'model/hash',
          message: `The ${name} model's SHA-256 is ${digest}, not the recorded ${sha256Hex}.`,
        },
      };
    }
    return decode(bytes);
  };

  const fetchAndRead = async (): Promise<Result<T, ModelErrorCode>> => {
    const url = options.url();
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
            message: `The ${name} model could not be fetched from ${url.href}: ${String(error)}.`,
          },
        };
      }
    }
    return read(bytes);
  };

  return {
    read,
    decode,
    shipped() {
      if (model !== null) return model;
      const bytes = readInNode(options.url());
      if (bytes === null) {
        throw new Error(
          `The ${name} model is not loaded yet: await ${options.loadCall}() (prepareBot) before making a bot that uses it.`,
        );
      }
      const found = read(bytes);
      if (!found.ok) throw new Error(`The shipped ${name} model does not load: ${found.error.message}`);
      model = found.value;
      return model;
    },
    load() {
      if (model !== null) return Promise.resolve({ ok: true, value: model });
      loading ??= fetchAndRead().then((found) => {
        if (found.ok) model = found.value;
        else loading = null;
        return found;
      });
      return loading;
    },
  };
}

/**
 * A file's bytes read synchronously where the program runs on Node (a file: URL), else null. Through
 * `process.getBuiltinModule` (Node 20.16+), not an import: src/ai also runs in a Web Worker, where there is
 * no file system and the bundle must not pull one in.
 */
export function readInNode(url: URL): Uint8Array | null {
  if (url.protocol !== 'file:') return null;
  const node = (globalThis as { process?: Partial<Pick<NodeJS.Process, 'getBuiltinModule'>> }).process;
  const fs = node?.getBuiltinModule?.('node:fs');
  return fs === undefined ? null : fs.readFileSync(url);
}
