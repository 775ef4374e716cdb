/**
 * The player page's list of last games (issue 35.8): a seat handed to the computer keeps the rating it was
 * given at leaving, and the line says how the game really ended beside it.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import type { PlayerGame, PlayerPage } from '../../src/protocol/index.ts';
import type { Controller } from '../../src/web/controller.ts';
import { PlayerPageView } from '../../src/web/ui/People.tsx';

const opponent = { id: 'p2', name: 'Salty Kraken 17', rating: { rating: 1520, rd: 80, games: 9 } };

function listed(game: Partial<PlayerGame>): string {
  const page: PlayerPage = {
    id: 'p1',
    name: 'Captain Alice',
    rating: { rating: 1490, rd: 80, games: 9 },
    ratedRules: { provisionalGames: 5, pairGamesPerDay: 3 },
    games: [
      {
        gameId: 'g1',
        createdAt: Date.UTC(2026, 0, 1),
        seat: 'red',
        opponent,
        result: 'loss',
        ended: null,
        ratingChange: -9.8,
        ...game,
      },
    ],
  };
  const html = renderToString(
    h(PlayerPageView, {
      state: { key: 'p1', page, error: null },
      me: { status: 'ready', player: null, error: null, forgetting: false, games: null },
      // Only its buttons' handlers use the controller; rendering calls none.
      ctl: {} as Controller,
    }),
  );
  const line = /<li[^>]*data-player-game="g1"[^>]*>(.*?)<\/li>/s.exec(html)?.[1] ?? '';
  return line.replace(/<[^>]+>/g, '');
}

describe("the player page's last games", () => {
  it('says the real end first when the seat was handed to the computer and its side won', () => {
    expect(listed({ result: 'loss', ended: 'win' })).toContain(
      'Won · rated as a loss: you left and the computer played for you',
    );
    expect(listed({ result: 'win', ended: 'loss', ratingChange: 9.8 })).toContain(
      'Lost · rated as a win: the other player left and the computer played for them',
    );
  });

  it('says only the result when the game ended as it was rated', () => {
    const line = listed({ result: 'loss', ended: null });
    expect(line).toMatch(/^Lost as Red against/);
    expect(line).not.toContain('rated as');
  });
});
