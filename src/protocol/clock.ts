/**
 * Clocks on the wire: the control a game is created with (live: minutes each plus seconds a turn; daily: days
 * a turn) and what a socket is told of the clocks (each seat's time left when the message was made, and whose
 * clock runs). Time is kept by the server; the page only counts down between messages.
 */
import { z } from 'zod';
import type { BySeat, Seat } from '../engine/index.ts';

/** e.g. `{ kind: 'live', minutes: 5, increment: 5 }` or `{ kind: 'daily', days: 1 }` */
export const clockControlSchema = z.union([
  z.strictObject({
    kind: z.literal('live'),
    /**
     * Each seat's time at the start, in quarters of a minute: 0.25 (15 s, lichess's fastest) to 180. Short
     * clocks also let browser tests see a game end on time without a minute's wait.
     */
    minutes: z.number().multipleOf(0.25).min(0.25).max(180),
    /** Seconds added to a seat's clock when its turn ends. */
    increment: z.number().int().min(0).max(180),
  }),
  z.strictObject({
    kind: z.literal('daily'),
    /** How long each decision may take; the clock starts full again at every decision. */
    days: z.number().int().min(1).max(14),
  }),
]);
export type ClockControl = z.infer<typeof clockControlSchema>;

/** What a socket is told of the clocks, e.g. `{ control, left: { red: 281000, blue: 300000 }, running: 'red' }`. */
export interface ClockView {
  readonly control: ClockControl;
  /** Milliseconds left on each seat's clock when the server sent the message. */
  readonly left: BySeat<number>;
  /** The seat whose clock runs now, or null (setup, or the game is over). */
  readonly running: Seat | null;
}
