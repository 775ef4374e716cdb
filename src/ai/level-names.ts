/**
 * The levels offered to players, in the players' words (docs/ai.md). Apart from the bots themselves, so the
 * page's home screen and the server's request check can name them without loading a search.
 */
export const LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
export type Level = (typeof LEVELS)[number];
