/**
 * The levels offered to players, in the players' words (docs/ai.md). Apart from the bots themselves, so the
 * page's home screen and the server's request check can name them without loading a search.
 */
export const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
export type Level = (typeof LEVELS)[number];

/**
 * How long each level may think for one decision (ms): its search's time cap (easy does not search). Here
 * rather than in levels.ts so the server's main thread can read it without loading a search; the server's
 * deadline for a decision is at least this long after it was asked for.
 */
export const THINKING_MS = { easy: 0, medium: 50, hard: 300, expert: 350 } as const satisfies Record<
  Level,
  number
>;

/** A bot name's thinking time: its level's, or 0 for the others ('random', ...). */
export function thinkingMs(name: string): number {
  return (THINKING_MS as Readonly<Record<string, number>>)[name] ?? 0;
}
