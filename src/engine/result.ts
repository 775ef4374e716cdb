/**
 * Expected failures are values, not exceptions (STYLE "Expected failures are values"): a stable code for
 * programs and a sentence for people. Only bugs throw. The engine's codes are `EngineErrorCode` (errors.ts);
 * a layer above with codes of its own names them in the second type parameter.
 */
import type { EngineErrorCode } from './errors.ts';

/** A refusal, e.g. `{ code: 'action/not-your-turn', message: "It is Blue's turn." }`. */
export interface EngineError<C extends string = EngineErrorCode> {
  readonly code: C;
  readonly message: string;
}

export type Result<T, C extends string = EngineErrorCode> =
  | { ok: true; value: T }
  | { ok: false; error: EngineError<C> };

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function fail<T = never>(code: EngineErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}
