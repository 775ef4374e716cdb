import { expect, it } from 'vitest';
import { playAGame } from '../../examples/play-a-game.ts';

it('the example in docs/engine.md plays a whole game to its end', () => {
  const lines: string[] = [];
  const end = playAGame('docs', (line) => lines.push(line));
  expect(end).toMatch(/captured|draw|wins/);
  expect(lines[0]).toBe('Red is ready.');
  expect(lines.at(-1)).toMatch(/wins|draw/);
});
