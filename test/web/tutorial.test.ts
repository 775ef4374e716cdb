/** "Learn to play" (issue 20, item 2): five lessons on prepared tables, only the asked moves offered. */
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/engine/index.ts';
import type { LinkNews } from '../../src/web/link.ts';
import { LESSONS } from '../../src/web/tutorial/lessons.ts';
import { type LessonStatus, startLesson } from '../../src/web/tutorial/link.ts';

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the lessons', () => {
  for (const [index, lesson] of LESSONS.entries()) {
    it(`lesson ${index + 1}, ${lesson.title}: each step offers only what it asks, and the lesson ends done`, async () => {
      const heard: LinkNews[] = [];
      const statuses: LessonStatus[] = [];
      const link = startLesson(
        index,
        (n) => heard.push(n),
        (s) => statuses.push(s),
      );
      await settle();
      for (const step of lesson.steps) {
        const update = heard.findLast((n) => n.t === 'update');
        if (update?.t !== 'update') throw new Error('no update');
        const offered = update.view.legalActions;
        expect(offered.length, step.ask).toBeGreaterThan(0);
        for (const action of offered) expect(step.accepts(action)).toBe(true);
        expect(statuses.at(-1)?.ask).toBe(step.ask);
        const first = offered[0] as Action;
        link.send('red', first);
        await settle();
      }
      expect(statuses.at(-1)).toMatchObject({
        ask: null,
        done: lesson.done,
        lesson: index,
        total: LESSONS.length,
      });
      link.close();
    });
  }

  it('the attack lesson asks for the target once the Captain is chosen (issue 32 item 1)', async () => {
    const statuses: LessonStatus[] = [];
    const heard: LinkNews[] = [];
    const link = startLesson(
      1,
      (n) => heard.push(n),
      (s) => statuses.push(s),
    );
    await settle();
    const update = heard.findLast((n) => n.t === 'update');
    if (update?.t !== 'update') throw new Error('no update');
    link.send('red', update.view.legalActions[0] as Action);
    await settle();
    expect(statuses.at(-1)).toMatchObject({
      ask: 'Choose your Captain to attack with.',
      askChosen: 'Now choose the enemy to attack: Eddy Earring, who boarded your ship.',
    });
    link.close();
  });

  it('a move the lesson does not ask for is refused with a code, and nothing changes', async () => {
    const heard: LinkNews[] = [];
    const link = startLesson(
      0,
      (n) => heard.push(n),
      () => {},
    );
    await settle();
    link.send('red', { type: 'turnCard', card: 4 });
    await settle();
    expect(heard.at(-1)).toMatchObject({ t: 'error', code: 'tutorial/not-asked' });
    expect(heard.filter((n) => n.t === 'update')).toHaveLength(1);
    link.close();
  });
});
