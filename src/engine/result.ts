/**
 * Expected failures are values, not exceptions (STYLE "Expected failures are values"): a stable code for
 * programs and a sentence for people. Only bugs throw.
 */

/** A refusal, e.g. `{ code: 'action/not-your-turn', message: "It is Blue's turn." }`. */
export interface EngineError {
  readonly code: string;
  readonly message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: EngineError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: string, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}
