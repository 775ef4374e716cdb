/**
 * The learn server's session (src/learn/remote.ts): every bad request gets `ok: false` with a code and a
 * sentence, keeps its id, and changes nothing; good ones carry the tensors as base64 of their bytes.
 */
import { describe, expect, it } from 'vitest';
import { NUM_DISTINCT_ACTIONS, OBSERVATION_SIZE } from '../../src/learn/index.ts';
import { LearnSession } from '../../src/learn/remote.ts';

/** An answer's fields, read as a client reads the JSON. */
function fields<T>(answer: unknown): T {
  return answer as T;
}

function refusal(answer: unknown): { code: string; message: string } {
  const a = answer as { ok: boolean; error?: { code: string; message: string } };
  expect(a.ok).toBe(false);
  expect(a.error?.message.length ?? 0).toBeGreaterThan(10);
  return a.error ?? { code: '', message: '' };
}

describe('LearnSession', () => {
  it('refuses bad requests with a code and a sentence, keeping the id', () => {
    const session = new LearnSession();
    expect(refusal(session.answer(42)).code).toBe('learn/malformed');
    expect(refusal(session.answer({ id: 3 })).code).toBe('learn/malformed');
    expect(fields<{ id: unknown }>(session.answer({ id: 3, op: 'nope' })).id).toBe(3);
    expect(refusal(session.answer({ op: 'nope' })).code).toBe('learn/unknown-op');
    expect(refusal(session.answer({ op: 'env.reset', env: 99 })).code).toBe('learn/no-env');
    expect(refusal(session.answer({ op: 'game.info', game: 'x' })).code).toBe('learn/no-game');
    expect(refusal(session.answer({ op: 'env.new', games: -1 })).code).toBe('learn/malformed');
    expect(refusal(session.answer({ op: 'env.new', games: 2, shots: 'slow' })).code).toBe(
      'learn/bad-request',
    );
    expect(refusal(session.answer({ op: 'game.new', options: { entropy: 'seats' } })).code).toBe(
      'learn/options',
    );
  });

  it('steps an env and plays a game by handles; a refused move leaves the game as it was', () => {
    const session = new LearnSession();
    const made = fields<{ env: number }>(session.answer({ op: 'env.new', games: 2, seed: 's' }));
    const step = fields<{ observations: string; masks: string }>(
      session.answer({ op: 'env.reset', env: made.env }),
    );
    expect(Buffer.from(step.observations, 'base64').length).toBe(2 * OBSERVATION_SIZE * 4);
    expect(Buffer.from(step.masks, 'base64').length).toBe(2 * NUM_DISTINCT_ACTIONS);
    expect(refusal(session.answer({ op: 'env.step', env: made.env, actions: [0] })).code).toBe(
      'learn/bad-request',
    );

    const { game } = fields<{ game: number }>(
      session.answer({ op: 'game.new', options: { shots: 'quick' } }),
    );
    expect(refusal(session.answer({ op: 'game.apply', game, seat: 'red', action: 0 })).code).toBe(
      'chance/at-a-node',
    );
    expect(refusal(session.answer({ op: 'game.chance', game, outcome: 99 })).code).toBe(
      'chance/not-an-outcome',
    );
    expect(refusal(session.answer({ op: 'game.view', game, seat: 'green' })).code).toBe('learn/seat');
    const info = fields<{ chance: boolean; chanceOutcomes: number[][] }>(
      session.answer({ op: 'game.info', game }),
    );
    expect(info.chance).toBe(true);
    const sum = info.chanceOutcomes.reduce((total, [, p]) => total + (p ?? 0), 0);
    expect(sum).toBeCloseTo(1, 12);
  });
});
