/**
 * The controller: holds the one state object, changes it in response to clicks and to news from the game's
 * host, and asks for a redraw. Views call its methods; they never change the state themselves.
 */
import {
  type Action,
  type Aim,
  clampAim,
  DEFAULT_AIM,
  describeEvent,
  type GameEvent,
  type GameRecord,
  opponentOf,
  type Seat,
} from '../engine/index.ts';
import { checkFairness, keepCommitment, keepSeen, newContribution, noFairness } from './game/fairness.ts';
import { missNote } from './game/miss.ts';
import { refusalSentence } from './game/refusals.ts';
import { movesOf, parseRecord } from './game/replay.ts';
import { type Scene, scenesOf } from './game/scenes.ts';
import { clickFlagSlot, EMPTY_DRAFT, setupAction, togglePirate } from './game/setup.ts';
import type { GameLink, LinkNews } from './link.ts';
import { startLocalGame } from './local/link.ts';
import type { AppState, GameMode, GameScreen, HomeForm, LogLine, Screen } from './state.ts';

const DEFAULT_FORM: HomeForm = {
  level: 'easy',
  variant: 'standard',
  shots: 'aimed',
  seat: 'red',
  turnLimit: null,
};

/** How long each scene shows at speed 1, ms. */
const SCENE_MS: Readonly<Record<Scene['kind'], number>> = {
  card: 1100,
  battle: 2200,
  coin: 1800,
  plank: 2200,
  hatch: 2000,
  shot: 2400,
  flag: 2200,
  over: 1800,
};

function eventSeat(event: GameEvent): Seat | null {
  if ('seat' in event) return event.seat;
  if (event.type === 'pieceOut') return event.owner;
  if (event.type === 'onPlank') return event.chooser;
  if (event.type === 'gameOver') return event.winner;
  return null;
}

let lineId = 0;

export class Controller {
  state: AppState;
  private link: GameLink | null = null;
  private sceneTimer: ReturnType<typeof setTimeout> | null = null;
  /** Online games plug in here (online/session.ts), so this file stays about the page. */
  onlineHooks: {
    create(form: HomeForm): void;
    join(gameId: string, invite: string | null): void;
    leave(): void;
    claim(choice: 'win' | 'computer'): void;
  } | null = null;

  constructor(
    private readonly redraw: (state: AppState) => void,
    speed: number,
  ) {
    this.state = { screen: 'home', form: { ...DEFAULT_FORM }, game: null, replay: null, speed, notice: null };
  }

  /** The one way the state changes: mutate through `change`, then everything is redrawn. */
  change(mutate: (state: AppState) => void): void {
    mutate(this.state);
    this.redraw(this.state);
  }

  private changeGame(mutate: (game: GameScreen) => void): void {
    this.change((s) => {
      if (s.game) mutate(s.game);
    });
  }

  go(screen: Screen, path?: string): void {
    if (path !== undefined && typeof history !== 'undefined' && location.pathname !== path) {
      history.pushState(null, '', path);
    }
    this.change((s) => {
      s.screen = screen;
      s.notice = null;
    });
  }

  setForm(patch: Partial<HomeForm>): void {
    this.change((s) => {
      s.form = { ...s.form, ...patch };
    });
  }

  // --- starting and leaving games ---

  newGameScreen(mode: GameMode, seat: Seat, form: HomeForm): GameScreen {
    return {
      mode,
      seat,
      view: null,
      log: [],
      logs: { red: [], blue: [] },
      selected: null,
      setup: EMPTY_DRAFT,
      aiming: null,
      lastAim: { red: null, blue: null },
      handover: mode === 'pass' ? seat : null,
      scenes: [],
      error: null,
      record: null,
      bot: null,
      online: null,
      form: { ...form },
      updates: 0,
      moved: [],
      flipped: null,
      fairness: noFairness({ red: null, blue: null }),
    };
  }

  startLocal(mode: 'computer' | 'pass', form: HomeForm = this.state.form): void {
    this.closeLink();
    const options = {
      variant: form.variant,
      shots: form.shots,
      ...(form.turnLimit === null ? {} : { turnLimit: form.turnLimit }),
    };
    const human: Seat = mode === 'computer' ? form.seat : 'red';
    // The page's share of chance for each person at the table (the computer's comes from the host).
    const contributions = {
      red: mode === 'pass' || human === 'red' ? newContribution() : null,
      blue: mode === 'pass' || human === 'blue' ? newContribution() : null,
    };
    this.change((s) => {
      const game = this.newGameScreen(mode, human, form);
      game.fairness = noFairness(contributions, null, mode === 'computer' ? opponentOf(human) : null);
      s.game = game;
      s.screen = 'game';
    });
    this.link = startLocalGame(mode, options, human, form.level, contributions, (news) => this.hear(news));
  }

  attach(link: GameLink): void {
    this.closeLink();
    this.link = link;
  }

  closeLink(): void {
    this.link?.close();
    this.link = null;
    if (this.sceneTimer !== null) clearTimeout(this.sceneTimer);
    this.sceneTimer = null;
  }

  leaveGame(): void {
    this.onlineHooks?.leave();
    this.closeLink();
    this.change((s) => {
      s.game = null;
    });
    this.go('home', '/');
  }

  onlineJoin(gameId: string, invite: string | null): void {
    if (this.onlineHooks === null) return;
    this.onlineHooks.join(gameId, invite);
  }

  playAgain(): void {
    const game = this.state.game;
    if (game === null) return;
    if (game.mode === 'online') this.onlineHooks?.create(game.form);
    else this.startLocal(game.mode, game.form);
  }

  // --- news from the host ---

  hear(news: LinkNews): void {
    if (news.t === 'error') {
      // The developer's wording goes to the console; the player reads a sentence written for players.
      if (typeof console !== 'undefined') console.info(`refused (${news.code ?? 'link'}): ${news.message}`);
      this.changeGame((g) => {
        g.error = refusalSentence(news.code);
      });
      return;
    }
    this.changeGame((g) => {
      const lines: LogLine[] = news.events.map((e) => ({
        id: ++lineId,
        text: describeEvent(e, news.seat) + missNote(e, news.view.rules.cannon),
        seat: eventSeat(e),
      }));
      g.logs[news.seat] = [...g.logs[news.seat], ...lines].slice(-200);
      keepCommitment(g.fairness, news.seedHash);
      keepSeen(g.fairness, news.seat, news.since, news.v, news.events, news.view);
      if (g.mode === 'pass' && news.seat !== g.seat && news.view.outcome === null) g.handover = news.seat;
      g.seat = news.seat;
      g.log = g.logs[news.seat];
      g.updates++;
      const previous = g.view;
      g.view = news.view;
      g.error = null;
      g.selected = null;
      g.bot = news.bot;
      if (news.record !== null) g.record = news.record;
      if (previous?.pending.ask === 'setup' && news.view.pending.ask !== 'setup') g.setup = EMPTY_DRAFT;
      const turned = news.events.filter((e) => e.type === 'cardTurned');
      const last = turned[turned.length - 1];
      g.flipped = last?.type === 'cardTurned' ? last.card : null;
      g.moved = news.events.flatMap((e) => (e.type === 'swung' || e.type === 'newPirate' ? [e.piece] : []));
      const pending = news.view.pending;
      const mine = pending.ask === 'shoot' && pending.seat === news.seat && news.view.rules.shots === 'aimed';
      g.aiming = mine
        ? {
            aim: g.aiming?.aim ?? g.lastAim[news.seat] ?? { ...DEFAULT_AIM },
            target: pending.target,
            drag: null,
            pull: null,
          }
        : null;
      if (this.state.speed > 0) {
        const scenes = scenesOf(news.events).filter((s) => s.kind !== 'card' || s.seat !== news.seat);
        g.scenes = [...g.scenes, ...scenes];
      }
    });
    this.playScenes();
  }

  private playScenes(): void {
    const game = this.state.game;
    if (this.sceneTimer !== null || game === null || game.handover !== null) return;
    const scene = game.scenes[0];
    if (scene === undefined) return;
    this.sceneTimer = setTimeout(() => {
      this.sceneTimer = null;
      this.skipScene();
    }, SCENE_MS[scene.kind] * this.state.speed);
  }

  /** Ends the scene on show (a click on it, or its time is up). */
  skipScene(): void {
    if (this.sceneTimer !== null) clearTimeout(this.sceneTimer);
    this.sceneTimer = null;
    this.changeGame((g) => {
      g.scenes = g.scenes.slice(1);
    });
    this.playScenes();
  }

  /** "Check this game": the record against the commitment, the page's contributions and what it was shown. */
  checkGame(): void {
    this.changeGame((g) => {
      if (g.record === null) return;
      g.fairness.report = checkFairness(g.fairness, g.record, g.view?.outcome ?? null);
    });
  }

  // --- decisions ---

  act(action: Action): void {
    const game = this.state.game;
    if (game === null || this.link === null) return;
    this.link.send(game.seat, action);
    this.changeGame((g) => {
      g.selected = null;
      g.error = null;
    });
  }

  select(piece: number | null): void {
    this.changeGame((g) => {
      g.selected = piece;
    });
  }

  takeDevice(): void {
    this.changeGame((g) => {
      g.handover = null;
    });
    this.playScenes();
  }

  resign(): void {
    this.act({ type: 'resign' });
  }

  // --- setup ---

  togglePirate(piece: number): void {
    this.changeGame((g) => {
      g.setup = togglePirate(g.setup, piece);
    });
  }

  clickFlagSlot(slot: number): void {
    this.changeGame((g) => {
      g.setup = clickFlagSlot(g.setup, slot);
    });
  }

  moveFlag(from: number, to: number): void {
    this.changeGame((g) => {
      g.setup = clickFlagSlot(clickFlagSlot({ ...g.setup, held: null }, from), to);
    });
  }

  confirmSetup(): void {
    const game = this.state.game;
    if (game?.view == null) return;
    const action = setupAction(game.setup, game.view.legalActions);
    if (action === null) {
      this.changeGame((g) => {
        g.error = 'Choose three pirates for your deck first.';
      });
      return;
    }
    this.act(action);
  }

  // --- the cannon ---

  setAim(patch: Partial<Aim>, drag?: 'aim' | 'move' | null, pull?: { x: number; y: number } | null): void {
    this.changeGame((g) => {
      if (g.aiming === null || g.view === null) return;
      g.aiming = {
        ...g.aiming,
        aim: clampAim({ ...g.aiming.aim, ...patch }, g.view.rules.cannon),
        drag: drag === undefined ? g.aiming.drag : drag,
        pull: pull === undefined ? g.aiming.pull : pull,
      };
    });
  }

  fire(): void {
    const game = this.state.game;
    const template = game?.view?.legalActions.find((a) => a.type === 'shoot');
    if (game == null || template === undefined) return;
    const aimed = template.type === 'shoot' && template.aim !== undefined && game.aiming !== null;
    this.act(aimed && game.aiming ? { type: 'shoot', aim: game.aiming.aim } : template);
    this.changeGame((g) => {
      if (g.aiming) {
        g.aiming.drag = null;
        g.aiming.pull = null;
        g.lastAim[g.seat] = g.aiming.aim;
      }
    });
  }

  copyInvite(): void {
    const link = this.state.game?.online?.inviteLink;
    if (link == null) return;
    const done = (text: string) =>
      this.changeGame((g) => {
        if (g.online) g.online.copied = text;
      });
    if (typeof navigator !== 'undefined' && navigator.clipboard) {
      navigator.clipboard.writeText(link).then(
        () => done('Copied!'),
        () => done('Select the link and copy it by hand.'),
      );
    } else {
      done('Select the link and copy it by hand.');
    }
  }

  // --- replays ---

  openReplay(record: GameRecord): void {
    this.change((s) => {
      s.replay = { record, step: 0, eyes: 'all', playing: false, error: null };
    });
    this.go('replay', '/replay');
  }

  openReplayText(text: string): void {
    const parsed = parseRecord(text);
    if (!parsed.ok) {
      this.change((s) => {
        s.notice = parsed.message;
      });
      return;
    }
    this.openReplay(parsed.record);
  }

  replayStep(step: number): void {
    this.change((s) => {
      if (s.replay === null) return;
      const total = movesOf(s.replay.record);
      s.replay.step = Math.max(0, Math.min(total, step));
      if (s.replay.step === total) s.replay.playing = false;
    });
  }

  replayPlay(playing: boolean): void {
    this.change((s) => {
      if (s.replay) s.replay.playing = playing;
    });
  }

  replayEyes(eyes: 'red' | 'blue' | 'all'): void {
    this.change((s) => {
      if (s.replay) s.replay.eyes = eyes;
    });
  }
}
