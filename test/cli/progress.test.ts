/** The progress bar: on a terminal only, never with --json, with a time estimate. */
import { describe, expect, it } from 'vitest';
import { barLine, progressBar } from '../../src/cli/progress.ts';

function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  const stream = {
    isTTY,
    write(chunk: string) {
      written.push(chunk);
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

describe('progress bars', () => {
  it('draw on a terminal, with the count and the time left', () => {
    const { stream, written } = fakeStream(true);
    const bar = progressBar({ unit: 'games' }, stream);
    bar.tick(1, 4);
    bar.note('a bot lost a game');
    bar.tick(4, 4);
    bar.end();
    expect(written[0]).toMatch(/^\r\[#{8}\.{22}\] 1\/4 games, \d+ s, about \d+ s left$/);
    expect(written[1]).toBe('\r\x1b[2Ka bot lost a game\n');
    expect(written[2]).toMatch(/^\r\[#{30}\] 4\/4 games, \d+ s$/);
    expect(written.at(-1)).toBe('\n');
  });

  it('stay silent when stderr is piped or the output is --json; news still gets its line', () => {
    for (const [isTTY, json] of [
      [false, false],
      [true, true],
    ] as const) {
      const { stream, written } = fakeStream(isTTY);
      const bar = progressBar({ unit: 'games', json }, stream);
      bar.tick(1, 4);
      bar.note('news');
      bar.end();
      expect(written).toEqual(['news\n']);
    }
  });

  it('estimates the time left from the pace so far', () => {
    expect(barLine(10, 40, 20_000, 'games')).toContain('10/40 games, 20 s, about 1 min 0 s left');
    expect(barLine(0, 40, 0, 'games')).toBe(`[${'.'.repeat(30)}] 0/40 games, 0 s`);
  });
});
