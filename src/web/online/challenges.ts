/**
 * Challenges by name on the page (issue 31, item 7): make one from a player's page, list this identity's
 * challenges (GET /api/players/me/challenges, every 20 s, every 4 s while one of its own waits for an answer),
 * accept, decline, cancel. The challenger's token is kept in this device's storage by challenge until its
 * answer: once accepted it is the challenger's seat token, so the page takes the challenger to the table (or,
 * in the middle of another game, says so in the alert). The accepter's page goes to the table at once.
 */

import type { Controller } from '../controller.ts';
import { t } from '../i18n/i18n.ts';
import type { HomeForm } from '../state.ts';
import { newlyChallenged, nextLookMs } from './challenge-news.ts';
import { identityHeaders, identitySecret } from './identity.ts';
import { CLOCKS } from './lobby.ts';
import type {
  AcceptChallengeResponse,
  ChallengeCreated,
  ChallengeRequest,
  ChallengesResponse,
  ChallengeView,
} from './wire.ts';

const TOKENS = 'pirates.challenges';

/** The challenger's tokens kept on this device, by challenge. */
function keptTokens(): Record<string, string> {
  try {
    const raw = localStorage.getItem(TOKENS);
    const data: unknown = raw === null ? {} : JSON.parse(raw);
    return typeof data === 'object' && data !== null ? (data as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function keepTokens(tokens: Record<string, string>): void {
  try {
    localStorage.setItem(TOKENS, JSON.stringify(tokens));
  } catch {
    // No storage: the challenge lives as long as the page.
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
  const headers: Record<string, string> = { ...identityHeaders() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  let data: unknown = {};
  let json = true;
  try {
    data = await response.json();
  } catch {
    json = false;
  }
  return { ok: response.ok && json, data: data as T & { code?: string } };
}

/** A refusal in the page's words, from its code. */
function refusalWords(code: string | undefined): string {
  switch (code) {
    case 'player/unknown':
      return t('challenges.refused.unknown');
    case 'challenge/self':
      return t('challenges.refused.self');
    case 'challenge/too-many':
      return t('challenges.refused.tooMany');
    case 'challenge/gone':
      return t('challenges.refused.gone');
    case 'challenge/expired':
      return t('challenges.refused.expired');
    case 'challenge/answered':
      return t('challenges.refused.answered');
    default:
      return t('challenges.refused.other');
  }
}

/** The game's form for the table ("Play again" and the like): the friend card's, with the challenge's rules. */
function formOf(challenge: Pick<ChallengeView, 'variant' | 'shots'>, base: HomeForm): HomeForm {
  return {
    ...base,
    variant: challenge.variant === 'advanced' ? 'advanced' : 'standard',
    shots: challenge.shots === 'aimed' ? 'aimed' : 'quick',
  };
}

export function connectChallenges(ctl: Controller): void {
  /** The incoming challenges at the last look (null before the first). */
  let before: ChallengeView[] | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const problem = (error: string | null) =>
    ctl.change((s) => {
      s.challenges.error = error;
    });

  /** A game on the table that is not over: the challenger is told rather than taken away from it. */
  const busy = () => {
    const game = ctl.state.game;
    return ctl.state.screen === 'game' && game !== null && !game.watching && game.view?.outcome == null;
  };

  /** Takes the challenger to the game of an accepted challenge, with the token kept since the challenge. */
  const play = (challenge: ChallengeView) => {
    const tokens = keptTokens();
    const token = tokens[challenge.challengeId];
    if (token === undefined || challenge.gameId === null || challenge.seat === null) return;
    delete tokens[challenge.challengeId];
    keepTokens(tokens);
    ctl.change((s) => {
      s.challengeAlert = null;
      s.turnAlert = null;
    });
    ctl.onlineHooks?.leave();
    ctl.onlineHooks?.enter(
      challenge.gameId,
      challenge.seat,
      token,
      formOf(challenge, ctl.state.forms.friend),
    );
  };

  const schedule = () => {
    if (typeof setTimeout === 'undefined') return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(refresh, nextLookMs(ctl.state.challenges.outgoing));
  };

  const refresh = () => {
    if (identitySecret() === null) {
      schedule();
      return;
    }
    call<ChallengesResponse>('GET', '/api/players/me/challenges')
      .then(({ ok, data }) => {
        if (!ok) return;
        const news = newlyChallenged(before, data.incoming);
        before = [...data.incoming];
        const kept = keptTokens();
        ctl.change((s) => {
          s.challenges.incoming = [...data.incoming];
          // An accepted challenge is listed until this device takes its seat; then "Your games" has the game.
          s.challenges.outgoing = data.outgoing.filter(
            (c) => c.status !== 'accepted' || kept[c.challengeId] !== undefined,
          );
          // An alert of a challenge no longer open goes.
          const alert = s.challengeAlert;
          if (
            alert?.kind === 'incoming' &&
            !data.incoming.some((c) => c.challengeId === alert.challenge.challengeId)
          )
            s.challengeAlert = null;
        });
        const accepted = data.outgoing.find(
          (c) => c.status === 'accepted' && kept[c.challengeId] !== undefined,
        );
        if (accepted !== undefined) {
          if (!busy()) play(accepted);
          else if (ctl.state.challengeAlert?.challenge.challengeId !== accepted.challengeId) {
            ctl.change((s) => {
              s.challengeAlert = { kind: 'accepted', challenge: accepted };
            });
            if (ctl.state.settings.sound) ctl.sound?.(['turn']);
          }
          return;
        }
        const first = news[0];
        if (first !== undefined) {
          ctl.change((s) => {
            s.challengeAlert = { kind: 'incoming', challenge: first };
          });
          if (ctl.state.settings.sound) ctl.sound?.(['turn']);
        }
      })
      // Offline or the server away: the last lists stay; the next look asks again.
      .catch(() => undefined)
      .finally(schedule);
  };

  ctl.challengeHooks = {
    challenge(opponent) {
      const form = ctl.state.challenges.form;
      const request: ChallengeRequest = {
        opponent,
        variant: form.variant,
        shots: form.shots,
        clock: CLOCKS[form.clock],
      };
      problem(null);
      call<ChallengeCreated>('POST', '/api/challenges', request)
        .then(({ ok, data }) => {
          if (!ok) return problem(refusalWords(data.code));
          keepTokens({ ...keptTokens(), [data.challengeId]: data.token });
          ctl.change((s) => {
            s.challenges.open = false;
          });
          refresh();
        })
        .catch(() => problem(t('errors.unreachable')));
    },
    accept(challengeId) {
      problem(null);
      const challenge = ctl.state.challenges.incoming?.find((c) => c.challengeId === challengeId);
      call<AcceptChallengeResponse>('POST', `/api/challenges/${challengeId}/accept`)
        .then(({ ok, data }) => {
          if (!ok) {
            problem(refusalWords(data.code));
            refresh();
            return;
          }
          ctl.change((s) => {
            s.challengeAlert = null;
          });
          const form =
            challenge === undefined ? ctl.state.forms.friend : formOf(challenge, ctl.state.forms.friend);
          ctl.onlineHooks?.leave();
          ctl.onlineHooks?.enter(data.gameId, data.seat, data.token, form);
          refresh();
        })
        .catch(() => problem(t('errors.unreachable')));
    },
    decline(challengeId) {
      problem(null);
      call('POST', `/api/challenges/${challengeId}/decline`)
        .then(({ ok, data }) => {
          if (!ok) problem(refusalWords(data.code));
          refresh();
        })
        .catch(() => problem(t('errors.unreachable')));
    },
    cancel(challengeId) {
      problem(null);
      call('POST', `/api/challenges/${challengeId}/cancel`)
        .then(({ ok, data }) => {
          if (ok) {
            const tokens = keptTokens();
            delete tokens[challengeId];
            keepTokens(tokens);
          } else problem(refusalWords(data.code));
          refresh();
        })
        .catch(() => problem(t('errors.unreachable')));
    },
    play(challengeId) {
      const challenge = ctl.state.challenges.outgoing.find((c) => c.challengeId === challengeId);
      if (challenge !== undefined) play(challenge);
    },
    refresh,
  };
  refresh();
}
