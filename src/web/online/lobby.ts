/**
 * "Find an opponent" and the Watch page: place a seek (POST /api/seeks), wait on the lobby socket until it is
 * paired (then the seek token is this page's seat token) or cancel it; list and accept the others' seeks; list
 * the games in progress. The seek token stays in this module's memory: a seek lives as long as the page waits.
 */

import type { Controller } from '../controller.ts';
import { t } from '../i18n/i18n.ts';
import type { HomeForm, SeekForm } from '../state.ts';
import { identityHeaders } from './identity.ts';
import type {
  AcceptSeekResponse,
  ClockControl,
  LiveGamesResponse,
  LobbyMessage,
  OpenSeeksResponse,
  SeekRequest,
  SeekResponse,
} from './wire.ts';

/** The clocks the card offers: live 5 minutes each + 5 s a turn, or a day a turn. */
export const CLOCKS: Readonly<Record<SeekForm['clock'], ClockControl | null>> = {
  none: null,
  live: { kind: 'live', minutes: 5, increment: 5 },
  daily: { kind: 'daily', days: 1 },
};

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ ok: boolean; data: T }> {
  // The identity says who seeks or takes a seek (and so names and rates the game); the page never says it.
  const headers: Record<string, string> = { ...identityHeaders() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { ok: response.ok, data: (await response.json()) as T };
}

/** The home card's choices as the game's form (for the game screen and "play the computer instead"). */
function formOf(seek: SeekForm, base: HomeForm): HomeForm {
  return {
    ...base,
    variant: seek.variant === 'any' ? base.variant : seek.variant,
    shots: seek.shots === 'any' ? 'quick' : seek.shots,
  };
}

export function connectLobby(ctl: Controller): void {
  /** This page's seek, while it waits. */
  let mine: { seekId: string; token: string; socket: WebSocket | null } | null = null;

  const problem = (error: string | null) =>
    ctl.change((s) => {
      s.lobby.error = error;
    });

  const stopWaiting = () => {
    const socket = mine?.socket ?? null;
    mine = null;
    socket?.close();
    ctl.change((s) => {
      s.lobby.seeking = null;
    });
  };

  const paired = (gameId: string, seat: 'red' | 'blue', token: string, form: SeekForm) => {
    stopWaiting();
    ctl.onlineHooks?.enter(gameId, seat, token, formOf(form, ctl.state.forms.friend));
  };

  const wait = (seek: { seekId: string; token: string }, form: SeekForm) => {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}/api/lobby/socket`);
    mine = { ...seek, socket };
    socket.onopen = () => socket.send(JSON.stringify({ t: 'wait', token: seek.token }));
    socket.onmessage = (event) => {
      let message: LobbyMessage;
      try {
        message = JSON.parse(String(event.data)) as LobbyMessage;
      } catch {
        return;
      }
      if (mine?.seekId !== seek.seekId) return;
      if (message.t === 'paired') paired(message.gameId, message.seat, seek.token, form);
      else if (message.t === 'lonely')
        ctl.change((s) => {
          if (s.lobby.seeking !== null) s.lobby.seeking.lonely = true;
        });
      else if (message.t === 'error') {
        stopWaiting();
        problem(t('errors.searchStopped'));
      }
    };
    socket.onclose = () => {
      // The server cancels a seek whose socket closed: the page says so rather than wait for nothing.
      if (mine?.socket === socket) {
        stopWaiting();
        problem(t('errors.searchDropped'));
      }
    };
  };

  /** Cancels this page's seek, then `cancelled()`; a seek paired just before goes to its game instead. */
  const cancelMine = (cancelled: () => void) => {
    const seek = mine;
    if (seek === null) return;
    const form = ctl.state.lobby.seeking?.form ?? ctl.state.lobby.form;
    seek.socket?.close();
    seek.socket = null;
    call<{ cancelled: boolean; paired: { gameId: string; seat: 'red' | 'blue' } | null }>(
      'POST',
      `/api/seeks/${seek.seekId}/cancel`,
      { token: seek.token },
    )
      .then(({ data }) => {
        if (data.paired != null) return paired(data.paired.gameId, data.paired.seat, seek.token, form);
        stopWaiting();
        cancelled();
      })
      .catch(() => {
        stopWaiting();
        cancelled();
      });
  };

  ctl.lobbyHooks = {
    seek() {
      if (mine !== null) return;
      const form = { ...ctl.state.lobby.form };
      const request: SeekRequest = { variant: form.variant, shots: form.shots, clock: CLOCKS[form.clock] };
      problem(null);
      call<SeekResponse>('POST', '/api/seeks', request)
        .then(({ ok, data }) => {
          if (!ok) throw new Error((data as unknown as { message?: string }).message ?? 'refused');
          if (data.paired !== null) {
            paired(data.paired.gameId, data.paired.seat, data.token, form);
            return;
          }
          ctl.change((s) => {
            s.lobby.seeking = { seekId: data.seekId, lonely: false, form };
          });
          wait(data, form);
        })
        .catch((error: unknown) => problem(t('errors.seek', { reason: (error as Error).message })));
    },
    cancel() {
      cancelMine(() => undefined);
    },
    accept(seekId) {
      problem(null);
      call<AcceptSeekResponse>('POST', `/api/seeks/${seekId}/accept`, {})
        .then(({ ok, data }) => {
          if (!ok) {
            problem(t('errors.seekTaken'));
            this.refreshSeeks();
            return;
          }
          ctl.onlineHooks?.enter(data.gameId, data.seat, data.token, ctl.state.forms.friend);
        })
        .catch(() => problem(t('errors.unreachable')));
    },
    computerInstead() {
      const form = formOf(ctl.state.lobby.seeking?.form ?? ctl.state.lobby.form, ctl.state.forms.computer);
      cancelMine(() => ctl.startLocal('computer', form));
    },
    keepWaiting() {
      ctl.change((s) => {
        if (s.lobby.seeking !== null) s.lobby.seeking.lonely = false;
      });
    },
    refreshSeeks() {
      call<OpenSeeksResponse>('GET', '/api/seeks')
        .then(({ ok, data }) => {
          if (!ok) return;
          ctl.change((s) => {
            s.lobby.open = data.seeks.filter((seek) => seek.seekId !== mine?.seekId);
          });
        })
        .catch(() => undefined);
    },
    refreshLive() {
      call<LiveGamesResponse>('GET', '/api/live')
        .then(({ ok, data }) => {
          if (!ok) return;
          ctl.change((s) => {
            s.live = [...data.games];
          });
        })
        .catch(() => undefined);
    },
  };
}
