import { describe, expect, it } from 'vitest';
import { actSchema, clientMessageSchema, createGameSchema, helloSchema } from '../../src/protocol/index.ts';

describe('protocol schemas', () => {
  it('accept the messages docs/protocol.md shows', () => {
    expect(helloSchema.safeParse({ t: 'hello', token: 'abc' }).success).toBe(true);
    expect(helloSchema.safeParse({ t: 'hello', spectate: true }).success).toBe(true);
    const act = actSchema.safeParse({ t: 'act', v: 3, action: { type: 'turnCard', card: 2 } });
    expect(act.success && act.data.action).toEqual({ type: 'turnCard', card: 2 });
    for (const t of ['resign', 'resync', 'history'])
      expect(clientMessageSchema.safeParse({ t }).success).toBe(true);
    expect(clientMessageSchema.safeParse({ t: 'review', v: 12 }).success).toBe(true);
    expect(createGameSchema.safeParse({ opponent: 'friend', seat: 'random' }).success).toBe(true);
  });

  it('refuse wrong shapes, unknown fields and actions the engine cannot parse', () => {
    expect(helloSchema.safeParse({ t: 'hello' }).success).toBe(false);
    expect(helloSchema.safeParse({ t: 'hello', token: '' }).success).toBe(false);
    expect(actSchema.safeParse({ t: 'act', v: -1, action: { type: 'pass' } }).success).toBe(false);
    expect(actSchema.safeParse({ t: 'act', v: 0, action: { type: 'turnCard', card: 10 } }).success).toBe(
      false,
    );
    expect(actSchema.safeParse({ t: 'act', v: 0, action: { type: 'pass' }, extra: 1 }).success).toBe(false);
    expect(createGameSchema.safeParse({ opponent: 'friend', seat: 'green' }).success).toBe(false);
    for (const review of [
      { t: 'review' },
      { t: 'review', v: -1 },
      { t: 'review', v: 1.5 },
      { t: 'history', v: 1 },
    ])
      expect(clientMessageSchema.safeParse(review).success).toBe(false);
  });
});
