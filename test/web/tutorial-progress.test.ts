/**
 * "Learn to play" takes a player back to the lesson they got to, kept by the lesson's id: lessons added in
 * between (issue 52 added three before the plank) move nobody to another lesson, and a number kept by the
 * page before still means the lesson it meant then.
 */
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../src/web/tutorial/lessons.ts';
import { loadProgress, saveProgress } from '../../src/web/tutorial/progress.ts';

function storage(initial?: string): Storage & { kept: () => string | null } {
  let value: string | null = initial ?? null;
  return {
    getItem: () => value,
    setItem: (_key: string, next: string) => {
      value = next;
    },
    kept: () => value,
  } as unknown as Storage & { kept: () => string | null };
}

const indexOf = (id: string) => LESSONS.findIndex((lesson) => lesson.id === id);

describe('lesson progress', () => {
  it('is kept by id and read back as the same lesson', () => {
    for (const [index, lesson] of LESSONS.entries()) {
      const kept = storage();
      saveProgress(kept, index);
      expect(kept.kept()).toBe(lesson.id);
      expect(loadProgress(kept)).toBe(index);
    }
    const done = storage();
    saveProgress(done, LESSONS.length);
    expect(done.kept()).toBe('done');
    expect(loadProgress(done)).toBe(LESSONS.length);
  });

  it('reads a number kept by the page before as the lesson it meant (the plank was 9, the cannon 10)', () => {
    expect(loadProgress(storage('0'))).toBe(indexOf('setup'));
    expect(loadProgress(storage('9'))).toBe(indexOf('plank'));
    expect(loadProgress(storage('10'))).toBe(indexOf('cannon'));
    expect(loadProgress(storage('14'))).toBe(indexOf('advanced'));
    expect(loadProgress(storage('15'))).toBe(LESSONS.length);
    // The new lessons stand between: the plank is no longer the tenth.
    expect(indexOf('plank')).not.toBe(9);
  });

  it('starts from the first lesson on nothing kept or on something it cannot read, and survives a storage that throws', () => {
    expect(loadProgress(storage())).toBe(0);
    expect(loadProgress(storage('not a lesson'))).toBe(0);
    expect(loadProgress(storage('-3'))).toBe(0);
    expect(loadProgress(undefined)).toBe(0);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(loadProgress(broken)).toBe(0);
    expect(() => saveProgress(broken, 3)).not.toThrow();
  });
});
