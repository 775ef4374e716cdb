/**
 * The player page's list of last games (issue 35.8): a seat handed to the computer keeps the rating it was
 * given at leaving, and the line says how the game really ended beside it. And "Challenge <name>" (issue 31):
 * on another player's page only, its form with the lobby's options, and a challenge waiting for an answer.
 */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import type { PlayerGame, PlayerPage } from '../../src/protocol/index.ts';
import type { Controller } from '../../src/web/controller.ts';
import type { ChallengesState, MeState } from '../../src/web/state.ts';
import { PlayerPageView } from '../../src/web/ui/People.tsx';

const CHALLENGES: ChallengesState = {
  incoming: [],
  outgoing: [],
  form: { variant: 'any', shots: 'any', clock: 'none' },
  open: false,
  error: null,
};

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
        aborted: false,
        ...game,
      },
    ],
  };
  const html = renderToString(
    h(PlayerPageView, {
      state: { key: 'p1', page, error: null },
      me: { status: 'ready', player: null, error: null, forgetting: false, games: null },
      challenges: CHALLENGES,
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

  it('lists a game a seat never came to as aborted, not won or lost, and no "(unrated)" beside it', () => {
    const line = listed({ result: 'win', ended: null, ratingChange: null, aborted: true });
    expect(line).toMatch(/^Aborted as Red against/);
    expect(line).not.toContain('Won');
    expect(line).not.toContain('unrated');
  });
});

describe("the player page's challenge (issue 31)", () => {
  const page: PlayerPage = {
    ...opponent,
    games: [],
    ratedRules: { provisionalGames: 5, pairGamesPerDay: 3 },
  };
  const me = (id: string): MeState => ({
    status: 'ready',
    player: { id, name: 'Captain Alice', rating: { rating: 1490, rd: 80, games: 9 } },
    error: null,
    forgetting: false,
    games: [],
  });
  const ctl = { challengeHooks: {}, people: null } as unknown as Controller;
  const render = (id: string, challenges: Partial<ChallengesState> = {}) =>
    renderToString(
      h(PlayerPageView, {
        state: { key: page.name, page, error: null },
        me: me(id),
        challenges: { ...CHALLENGES, ...challenges },
        ctl,
      }),
    ).replace(/<[^>]+>/g, ' ');

  it('offers "Challenge <name>" on another player\'s page, never on one\'s own', () => {
    expect(render('p1')).toContain('Challenge Salty Kraken 17');
    expect(render('p2')).not.toContain('Challenge Salty Kraken 17');
  });

  it("opens the form with the lobby's options and says how the game is rated", () => {
    const form = render('p1', { open: true });
    for (const words of ['Rules', 'Cannon', 'Clock', 'Any rules', '1 day a turn', 'Send the challenge'])
      expect(form).toContain(words);
    expect(form).toContain('rated by the same rules as every game between two named players');
  });

  it('shows a challenge waiting for an answer, with Cancel, instead of the button', () => {
    const waiting = render('p1', {
      outgoing: [
        {
          challengeId: 'c1',
          other: opponent,
          variant: 'any',
          shots: 'quick',
          clock: null,
          status: 'open',
          createdAt: 0,
          expiresAt: 600_000,
          gameId: null,
          seat: null,
        },
      ],
    });
    expect(waiting).toContain('Challenge sent: waiting for');
    expect(waiting).toContain('Cancel');
    expect(waiting).not.toContain('Send the challenge');
  });
});
