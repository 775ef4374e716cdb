/** The lesson a player got to, kept in this browser so "Learn to play" takes up where they left it. */

const KEY = 'pirates.tutorial';

/** The next lesson to play, from 0; LESSONS.length once all are done. */
export function loadProgress(storage: Pick<Storage, 'getItem'> | undefined): number {
  try {
    const value = Number(storage?.getItem(KEY) ?? '0');
    return Number.isInteger(value) && value >= 0 ? value : 0;
  } catch {
    return 0;
  }
}

export function saveProgress(storage: Pick<Storage, 'setItem'> | undefined, lesson: number): void {
  try {
    storage?.setItem(KEY, String(lesson));
  } catch {
    // Not kept across visits; the lessons still work.
  }
}
