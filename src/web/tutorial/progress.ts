/**
 * The lesson a player got to, kept in this browser so "Learn to play" takes up where they left it. It is kept
 * by the lesson's id, not its place in the list, so that a lesson added in between (issue 52 added three)
 * does not move a player to another lesson.
 */
import { LESSONS } from './lessons.ts';

const KEY = 'pirates.tutorial';

/** Kept once every lesson is done. */
const ALL_DONE = 'done';

/**
 * The order of the lessons when the page kept a number (the place in this list) rather than an id: a number
 * kept then still means the lesson it meant.
 */
const NUMBERED: readonly string[] = [
  'setup',
  'newPirate',
  'justTurned',
  'swing',
  'attack',
  'tie',
  'adder',
  'bomb',
  'onlyBomb',
  'plank',
  'cannon',
  'skull',
  'flag',
  'cannonFlag',
  'advanced',
];

/** The next lesson to play, from 0; LESSONS.length once all are done. */
export function loadProgress(storage: Pick<Storage, 'getItem'> | undefined): number {
  let kept: string | null | undefined;
  try {
    kept = storage?.getItem(KEY);
  } catch {
    return 0;
  }
  if (kept === null || kept === undefined) return 0;
  if (kept === ALL_DONE) return LESSONS.length;
  const byId = LESSONS.findIndex((lesson) => lesson.id === kept);
  if (byId >= 0) return byId;
  if (/^\d{1,3}$/.test(kept)) {
    const number = Number(kept);
    if (number >= NUMBERED.length) return LESSONS.length;
    return Math.max(
      0,
      LESSONS.findIndex((lesson) => lesson.id === NUMBERED[number]),
    );
  }
  // Something else (another page's value, a hand edit): from the start.
  return 0;
}

/** Keeps `lesson` (an index into LESSONS; LESSONS.length once all are done) as the next to play. */
export function saveProgress(storage: Pick<Storage, 'setItem'> | undefined, lesson: number): void {
  try {
    storage?.setItem(KEY, LESSONS[lesson]?.id ?? ALL_DONE);
  } catch {
    // Not kept across visits; the lessons still work.
  }
}
