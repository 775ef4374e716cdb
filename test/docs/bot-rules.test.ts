/**
 * docs/bots.md "The rules a bot needs" is the only rules text the package ships (issue 33.5): its tables of
 * kinds and of battles are read from the page and checked against the engine, battle by battle.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  battleLoser,
  FACE_COUNTS,
  PIECE_KINDS,
  PIECE_NAMES,
  PIECE_SET,
  type PieceKind,
  RANK,
} from '../../src/engine/index.ts';

const page = readFileSync(new URL('../../docs/bots.md', import.meta.url), 'utf8');
const section = /## The rules a bot needs\n([\s\S]*?)\n## /.exec(page)?.[1] ?? '';

/** The rows of the markdown table whose header starts with `header`, as trimmed cells without backticks. */
function table(header: string): string[][] {
  const lines = section.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${header}`));
  if (start < 0) throw new Error(`docs/bots.md has no table starting '${header}'`);
  const rows: string[][] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replaceAll('`', '')),
    );
  }
  return rows.filter((_, i) => i !== 1); // the header, then the rows (without the --- line)
}

const isKind = (id: string): id is PieceKind => (PIECE_KINDS as readonly string[]).includes(id);

describe('docs/bots.md: the rules a bot needs', () => {
  it('R1.1: every kind with its id, name, rank and count, as the engine has them', () => {
    const [header, ...rows] = table('id');
    expect(header).toEqual(['id', 'name', 'rank', 'per seat']);
    expect(rows.map((row) => row[0])).toEqual([...PIECE_KINDS]);
    for (const [id = '', name = '', rank = '', count = ''] of rows) {
      if (!isKind(id)) throw new Error(`unknown kind ${id}`);
      expect(name.toLowerCase()).toBe(PIECE_NAMES[id].toLowerCase());
      expect(rank === 'none' ? null : Number(rank)).toBe(RANK[id]);
      expect(Number(count)).toBe(PIECE_SET.filter((kind) => kind === id).length);
    }
  });

  it('R4: every battle in the table ends as the engine says', () => {
    const [header = [], ...rows] = table('attacker');
    const defenders = header.slice(1);
    expect(defenders).toEqual([...PIECE_KINDS]);
    // Every kind but the Bomb attacks (R4.4).
    expect(rows.map((row) => row[0])).toEqual(PIECE_KINDS.filter((kind) => kind !== 'bomb'));
    const meaning = { wins: 'defender', loses: 'attacker', tie: 'both' } as const;
    let battles = 0;
    for (const [attacker = '', ...cells] of rows) {
      for (const [i, cell] of cells.entries()) {
        const defender = defenders[i] ?? '';
        if (!isKind(attacker) || !isKind(defender))
          throw new Error(`unknown kind in ${attacker} × ${defender}`);
        expect(cell in meaning, `'${cell}' for ${attacker} attacking ${defender}`).toBe(true);
        expect(meaning[cell as keyof typeof meaning], `${attacker} attacking ${defender}`).toBe(
          battleLoser(attacker, defender),
        );
        battles++;
      }
    }
    expect(battles).toBe(7 * 8);
  });

  it('R9.1: the twenty faces and their counts', () => {
    const faces = [...section.matchAll(/`(\w+)` ×(\d)/g)].map((m) => [m[1], Number(m[2])]);
    expect(Object.fromEntries(faces)).toEqual(FACE_COUNTS);
  });
});
