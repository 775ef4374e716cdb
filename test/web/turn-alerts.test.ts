/** Issue 31 item 2: when a game of this player's, not the one open, comes to need them. */
import { describe, expect, it } from 'vitest';
import type { YourGame } from '../../src/protocol/index.ts';
import { newlyWaiting } from '../../src/web/online/turn-alerts.ts';

const game = (gameId: string, toMove: YourGame['toMove'], moves: number): YourGame => ({
  gameId,
  createdAt: 0,
  seat: 'red',
  opponent: 'computer',
  toMove,
  clock: null,
  moves,
  turn: 1,
});

describe('turn alerts', () => {
  it('ring for a game that came to wait for the player, not on the first look', () => {
    const first = [game('a', 'opponent', 10), game('b', 'you', 7)];
    expect(newlyWaiting(null, first, null)).toEqual([]);
    const next = [game('a', 'you', 11), game('b', 'you', 7)];
    expect(newlyWaiting(first, next, null).map((g) => g.gameId)).toEqual(['a']);
  });

  it('ring again for a new decision in a game that waited already, never twice for the same one', () => {
    const before = [game('a', 'you', 11)];
    expect(newlyWaiting(before, [game('a', 'you', 11)], null)).toEqual([]);
    expect(newlyWaiting(before, [game('a', 'you', 13)], null).map((g) => g.gameId)).toEqual(['a']);
  });

  it('ring for a game new to the list (a friend joined, a rematch began) and for the setup', () => {
    expect(newlyWaiting([], [game('c', 'both', 2)], null).map((g) => g.gameId)).toEqual(['c']);
  });

  it('stay quiet for the game open on the page, and for a game waiting for the opponent', () => {
    const before = [game('a', 'opponent', 10), game('b', 'opponent', 4)];
    const now = [game('a', 'you', 11), game('b', 'opponent', 5)];
    expect(newlyWaiting(before, now, 'a')).toEqual([]);
  });
});
