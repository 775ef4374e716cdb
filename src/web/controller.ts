/**
 * The controller: holds the one state object, changes it in response to clicks and to news from the game's
 * host, and asks for a redraw. Views call its methods; they never change the state themselves.
 */
import {
  type Action,
  type Aim,
  clampAim,
  DEFAULT_AIM,
  type GameEvent,
  type GameRecord,
  opponentOf,
  type Seat,
} from '../engine/index.ts';
import type { Emote } from '../protocol/emotes.ts';
import { analyseInWorker } from './analysis/link.ts';
import { describeEvent } from './game/describe.ts';
import { checkFairness, keepCommitment, keepSeen, newContribution, noFairness } from './game/fairness.ts';
import { missNote } from './game/miss.ts';
import { refusalSentence } from './game/refusals.ts';
import { movesOf, parseRecord, turningCard } from './game/replay.ts';
import { type Scene, scenesOf } from './game/scenes.ts';
import { clickFlagSlot, EMPTY_DRAFT, setupAction, togglePirate } from './game/setup.ts';
import { type Effect, effectsOf } from './game/sounds.ts';
import { t } from './i18n/i18n.ts';
import type { GameLink, LinkNews } from './link.ts';
import { forgetGame, type KeptSummary, loadKeptSummary } from './local/kept.ts';
import { type LocalLink, startLocalGame } from './local/link.ts';
import { DEFAULT_SETTINGS, type Settings, sceneSpeed } from './settings.ts';
import type { AppState, GameMode, GameScreen, HomeCard, HomeForm, LogLine, Screen } from './state.ts';
import { LESSONS } from './tutorial/lessons.ts';
import { startLesson } from './tutorial/link.ts';
import { loadProgress, saveProgress } from './tutorial/progress.ts';

/** The address of a local game on the page: Back and Forward move between it and the home page. */
const LOCAL_GAME_PATH = '/game';

/** Refusals that mean there is no kept game to take up: the page goes home and says so. */
const NOTHING_TO_CONTINUE: Readonly<Record<string, string>> = {
  get 'host/nothing-kept'() {
    return t('notice.nothingKept');
  },
  get 'host/kept-broken'() {
    return t('notice.keptBroken');
  },
};

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
  /** Where the tutorial keeps the player's place (localStorage in the browser; none in tests). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined =
    typeof localStorage === 'undefined' ? undefined : localStorage;
  /** Stops the analysis Worker still working, if any. */
  private stopAnalysis: (() => void) | null = null;
  /** The local game's link, for pass-and-play's hand-over; null online. */
  private local: LocalLink | null = null;
  private sceneTimer: ReturnType<typeof setTimeout> | null = null;
  /** Sounds plug in here (ui/sound.ts in the browser; none in tests). */
  sound: ((effects: readonly Effect[]) => void) | null = null;
  /** Online games plug in here (online/session.ts), so this file stays about the page. */
  onlineHooks: {
    create(form: HomeForm): void;
    join(gameId: string, invite: string | null): void;
    /** Takes the seat a pairing in the lobby gave this page (the seek token is the seat's token). */
    enter(gameId: string, seat: Seat, token: string, form: HomeForm): void;
    /** Watches a game as a spectator. */
    watch(gameId: string): void;
    leave(): void;
    claim(choice: 'win' | 'computer'): void;
    emote(emote: Emote): void;
    rematch(yes: boolean): void;
  } | null = null;
  /** This device's identity plugs in here (online/identity.ts). */
  people: {
    rename(name: string): void;
    forget(): void;
    makeNew(): void;
    showPlayer(key: string): void;
  } | null = null;
  /** The lobby plugs in here (online/lobby.ts): "Find an opponent" and the Watch page. */
  lobbyHooks: {
    seek(): void;
    cancel(): void;
    accept(seekId: string): void;
    /** Nobody came: cancel the seek and play the computer with the same rules. */
    computerInstead(): void;
    keepWaiting(): void;
    /** Fetches the others' open seeks. */
    refreshSeeks(): void;
    /** Fetches the games in progress for the Watch page. */
    refreshLive(): void;
  } | null = null;

  /**
   * `settings` as stored in this browser; a number is a scene speed for tests (1 normal, 0 no scenes).
   * `keep` saves changed settings (main.tsx passes localStorage).
   */
  constructor(
    private readonly redraw: (state: AppState) => void,
    settings: Settings | number,
    private readonly keep: (settings: Settings) => void = () => {},
  ) {
    const chosen = typeof settings === 'number' ? { ...DEFAULT_SETTINGS, scenes: settings > 0 } : settings;
    const speed = typeof settings === 'number' ? settings : sceneSpeed(settings);
    this.state = {
      screen: 'home',
      forms: { computer: { ...DEFAULT_FORM }, friend: { ...DEFAULT_FORM }, pass: { ...DEFAULT_FORM } },
      game: null,
      replay: null,
      speed,
      settings: chosen,
      settingsOpen: false,
      notice: null,
      kept: null,
      me: { status: 'loading', player: null, error: null, forgetting: false },
      playerPage: null,
      lobby: { form: { variant: 'any', shots: 'any', clock: 'none' }, seeking: null, open: [], error: null },
      live: null,
    };
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

  /** Opens or closes the settings panel. */
  showSettings(open: boolean): void {
    this.change((s) => {
      s.settingsOpen = open;
    });
  }

  /** Changes settings, keeps them, and applies them at once (scenes already queued follow the new pace). */
  setSettings(patch: Partial<Settings>): void {
    this.change((s) => {
      s.settings = { ...s.settings, ...patch };
      s.speed = sceneSpeed(s.settings);
      if (s.speed === 0 && s.game) s.game.scenes = [];
    });
    this.keep(this.state.settings);
    if (this.state.speed === 0 && this.sceneTimer !== null) {
      clearTimeout(this.sceneTimer);
      this.sceneTimer = null;
    }
  }

  setForm(card: HomeCard, patch: Partial<HomeForm>): void {
    this.change((s) => {
      s.forms = { ...s.forms, [card]: { ...s.forms[card], ...patch } };
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
      handTo: null,
      waiting: false,
      scenes: [],
      error: null,
      record: null,
      bot: null,
      online: null,
      form: { ...form },
      updates: 0,
      moved: [],
      flipped: null,
      turning: null,
      fairness: noFairness({ red: null, blue: null }),
      review: null,
      leaving: false,
      tutorial: null,
      watching: false,
    };
  }

  startLocal(mode: 'computer' | 'pass', form: HomeForm = this.state.forms[mode]): void {
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
    this.showGamePath();
    this.local = startLocalGame(
      { t: 'start', mode, options, human, level: form.level, contributions },
      (news) => this.hear(news),
    );
    this.link = this.local;
  }

  // --- the local game kept on this device (local/kept.ts) ---

  /** The address says "a local game" (so Back goes home and Forward comes back), without a new entry twice. */
  private showGamePath(): void {
    if (typeof history === 'undefined') return;
    if (location.pathname === LOCAL_GAME_PATH) history.replaceState(null, '', LOCAL_GAME_PATH);
    else history.pushState(null, '', LOCAL_GAME_PATH);
  }

  /** Reads what is kept for the home page's "Continue your game". */
  async refreshKept(): Promise<void> {
    const kept = await loadKeptSummary();
    this.change((s) => {
      s.kept = kept;
    });
  }

  /** "Continue your game" (or a reload, or Forward): the kept game where it was left. */
  async continueLocal(): Promise<void> {
    // Read afresh: what the home page showed may be older than what the last game kept.
    const kept: KeptSummary | null = await loadKeptSummary();
    if (kept === null) {
      if (typeof history !== 'undefined' && location.pathname === LOCAL_GAME_PATH)
        history.replaceState(null, '', '/');
      this.change((s) => {
        s.screen = 'home';
        s.game = null;
        s.notice = NOTHING_TO_CONTINUE['host/nothing-kept'] ?? null;
      });
      return;
    }
    this.closeLink();
    const form: HomeForm = {
      level: kept.level,
      variant: kept.variant,
      shots: kept.shots,
      seat: kept.human,
      turnLimit: kept.turnLimit,
    };
    this.change((s) => {
      const game = this.newGameScreen(kept.mode, kept.human, form);
      game.fairness = noFairness(
        kept.contributions,
        null,
        kept.mode === 'computer' ? opponentOf(kept.human) : null,
      );
      s.game = game;
      s.screen = 'game';
      s.notice = null;
    });
    this.showGamePath();
    this.local = startLocalGame({ t: 'resume' }, (news) => this.hear(news));
    this.link = this.local;
  }

  /** "Abandon it" on the home page: the kept game is forgotten. */
  async abandonKept(): Promise<void> {
    await forgetGame().catch(() => undefined);
    await this.refreshKept();
  }

  /** "← Home" during a game asks first; a finished game is left at once. */
  askLeave(): void {
    const game = this.state.game;
    // A lesson keeps its place by itself (tutorial/progress.ts): nothing to ask.
    if (game === null || game.view === null || game.view.outcome !== null || game.mode === 'tutorial') {
      this.leaveGame();
      return;
    }
    this.changeGame((g) => {
      g.leaving = true;
    });
  }

  /** "Stay at the table" in the leave dialog. */
  stay(): void {
    this.changeGame((g) => {
      g.leaving = false;
    });
  }

  /**
   * The browser's Back to the home page: a local game is put down, kept on the device, and offered again as
   * "Continue your game" (Forward takes it up).
   */
  backHome(): void {
    const game = this.state.game;
    if (game !== null && game.mode !== 'online') {
      this.closeLink();
      this.change((s) => {
        s.game = null;
      });
      void this.refreshKept();
    }
    this.stopWatching();
    this.go('home');
  }

  /** The browser's Back or Forward to the Watch page: a game being watched is left (its socket closed). */
  showWatch(): void {
    this.stopWatching();
    this.go('watch');
  }

  /** Stops watching a game: the spectator's socket closes, so the players' count goes down. */
  private stopWatching(): void {
    if (this.state.game?.watching !== true) return;
    this.onlineHooks?.leave();
    this.closeLink();
    this.change((s) => {
      s.game = null;
    });
  }

  // --- looking back at earlier moves ---

  /** Clicking a log line: the table as this seat saw it then. */
  reviewAt(line: LogLine): void {
    const game = this.state.game;
    if (game === null || this.link === null) return;
    this.changeGame((g) => {
      g.review = { v: line.v, text: line.text, view: null };
    });
    this.link.review(game.seat, line.v);
  }

  /** "Back to the game". */
  endReview(): void {
    this.changeGame((g) => {
      g.review = null;
    });
  }

  /** The answers to history and review. */
  private hearLookBack(news: Extract<LinkNews, { t: 'history' | 'review' }>): void {
    if (news.t === 'history') {
      this.changeGame((g) => {
        // What the host says was shown up to news.v replaces what this page had of it; later lines stay.
        const past: LogLine[] = news.steps.flatMap((step) =>
          step.events.map((e) => ({
            id: ++lineId,
            text: describeEvent(e, news.seat),
            seat: eventSeat(e),
            v: step.v,
          })),
        );
        const later = g.logs[news.seat].filter((line) => line.v > news.v);
        g.logs[news.seat] = [...past, ...later].slice(-200);
        if (g.seat === news.seat) g.log = g.logs[news.seat];
      });
      return;
    }
    this.changeGame((g) => {
      if (g.review !== null && g.review.v === news.v && g.seat === news.seat) {
        g.review = { ...g.review, view: { ...news.view, legalActions: [] } };
      }
    });
  }

  /** A refusal that leaves no kept game to take up: home, with a sentence. Returns whether it was one. */
  private hearNothingToContinue(code: string | null): boolean {
    const nothing = code === null ? undefined : NOTHING_TO_CONTINUE[code];
    if (nothing !== undefined) {
      this.closeLink();
      if (typeof history !== 'undefined' && location.pathname === LOCAL_GAME_PATH)
        history.replaceState(null, '', '/');
      this.change((s) => {
        s.game = null;
        s.screen = 'home';
        s.notice = nothing;
        s.kept = null;
      });
      return true;
    }
    return false;
  }

  attach(link: GameLink): void {
    this.closeLink();
    this.link = link;
  }

  closeLink(): void {
    this.link?.close();
    this.link = null;
    this.local = null;
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
    void this.refreshKept();
  }

  onlineJoin(gameId: string, invite: string | null): void {
    if (this.onlineHooks === null) return;
    this.onlineHooks.join(gameId, invite);
  }

  playAgain(): void {
    const game = this.state.game;
    if (game === null) return;
    if (game.watching) {
      // "Watch another game": back to the list of games in progress.
      this.onlineHooks?.leave();
      this.closeLink();
      this.change((s) => {
        s.game = null;
      });
      this.go('watch', '/watch');
      return;
    }
    if (game.mode === 'online') this.onlineHooks?.create(game.form);
    else if (game.mode === 'tutorial') this.startTutorial(game.tutorial?.lesson ?? 0);
    else this.startLocal(game.mode, game.form);
  }

  // --- "Learn to play" (tutorial/) ---

  /** Starts a lesson (by default the one the player got to), on its prepared table. */
  startTutorial(lesson?: number): void {
    this.closeLink();
    const saved = loadProgress(this.storage);
    const wanted = lesson ?? (saved >= LESSONS.length ? 0 : saved);
    const index = Math.max(0, Math.min(LESSONS.length - 1, wanted));
    this.change((s) => {
      s.game = this.newGameScreen('tutorial', 'red', s.forms.computer);
      s.screen = 'game';
      s.notice = null;
    });
    saveProgress(this.storage, index);
    this.link = startLesson(
      index,
      (news) => this.hear(news),
      (status) => {
        if (status.done !== null) saveProgress(this.storage, status.lesson + 1);
        this.changeGame((g) => {
          g.tutorial = status;
        });
      },
    );
  }

  /** "Next lesson", or after the last one, home with a word of welcome. */
  nextLesson(): void {
    const lesson = this.state.game?.tutorial?.lesson ?? 0;
    if (lesson + 1 < LESSONS.length) {
      this.startTutorial(lesson + 1);
      return;
    }
    saveProgress(this.storage, LESSONS.length);
    this.leaveGame();
    this.change((s) => {
      s.notice = t('notice.lessonsDone');
    });
  }

  // --- news from the host ---

  hear(news: LinkNews): void {
    if (news.t === 'history' || news.t === 'review') {
      this.hearLookBack(news);
      return;
    }
    if (news.t === 'error' && this.hearNothingToContinue(news.code)) return;
    if (news.t === 'error') {
      // The developer's wording goes to the console; the player reads a sentence written for players.
      if (typeof console !== 'undefined') console.info(`refused (${news.code ?? 'link'}): ${news.message}`);
      this.changeGame((g) => {
        g.error = refusalSentence(news.code);
        g.waiting = false;
      });
      return;
    }
    let heard: Scene[] = [];
    this.changeGame((g) => {
      const lines: LogLine[] = news.events.map((e) => ({
        id: ++lineId,
        text: describeEvent(e, news.seat) + missNote(e, news.view.rules.cannon),
        seat: eventSeat(e),
        v: news.v,
      }));
      g.logs[news.seat] = [...g.logs[news.seat], ...lines].slice(-200);
      keepCommitment(g.fairness, news.seedHash);
      keepSeen(g.fairness, news.seat, news.since, news.v, news.events, news.view);
      if (g.mode === 'pass' && news.seat !== g.seat && news.view.outcome === null) g.handover = news.seat;
      // A look back is its seat's own: it never stays open for the next seat at the device.
      if (news.seat !== g.seat) g.review = null;
      g.seat = news.seat;
      g.log = g.logs[news.seat];
      g.updates++;
      const previous = g.view;
      g.view = news.view;
      g.error = null;
      g.selected = null;
      g.waiting = false;
      g.handTo = news.handTo;
      g.bot = news.bot;
      if (news.record !== null) g.record = news.record;
      if (previous?.pending.ask === 'setup' && news.view.pending.ask !== 'setup') g.setup = EMPTY_DRAFT;
      const turned = news.events.filter((e) => e.type === 'cardTurned');
      const last = turned[turned.length - 1];
      g.flipped = last?.type === 'cardTurned' ? last.card : null;
      g.turning = turningCard(news.since === 0 ? null : g.turning, news.events);
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
      // A player is not shown a scene of what they just did themselves (a card they turned, the pirate they put
      // on the hatch); its outcome, decided by chance, they are shown. Its sound they hear at once.
      const all = scenesOf(news.events);
      const own = (s: Scene) =>
        (s.kind === 'card' || (s.kind === 'hatch' && s.result === 'waits')) && s.seat === news.seat;
      const shown = this.state.speed > 0 ? all.filter((s) => !own(s)) : [];
      g.scenes = [...g.scenes, ...shown];
      heard = all.filter((s) => !shown.includes(s));
    });
    this.sounds(heard);
    this.playScenes();
    // A snapshot after some moves (a reload, a reconnection, a kept game taken up): fetch the log it missed.
    if (news.since !== null && news.since > 0) this.link?.history(news.seat);
  }

  private playScenes(): void {
    const game = this.state.game;
    if (this.sceneTimer !== null || game === null || game.handover !== null) return;
    const scene = game.scenes[0];
    if (scene === undefined) return;
    this.sounds([scene]);
    this.sceneTimer = setTimeout(() => {
      this.sceneTimer = null;
      this.skipScene();
    }, SCENE_MS[scene.kind] * this.state.speed);
  }

  /** Plays the sounds of these scenes now, when sound is on. */
  private sounds(scenes: readonly Scene[]): void {
    if (this.sound === null || !this.state.settings.sound || scenes.length === 0) return;
    this.sound(scenes.flatMap(effectsOf));
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
    // One decision at a time: a second click before the answer would be judged against the old question.
    if (game === null || this.link === null || game.waiting) return;
    this.link.send(game.seat, action);
    this.changeGame((g) => {
      g.selected = null;
      g.error = null;
      g.waiting = true;
    });
  }

  /** Pass-and-play: the seat that acted has seen what its decision did; the device goes to the next seat. */
  passDevice(): void {
    const game = this.state.game;
    if (game?.handTo == null || this.local === null) return;
    const next = game.handTo;
    this.local.handOver();
    if (this.sceneTimer !== null) clearTimeout(this.sceneTimer);
    this.sceneTimer = null;
    this.changeGame((g) => {
      g.scenes = [];
      g.handover = next;
      g.handTo = null;
      g.waiting = true;
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
        g.error = t('notice.chooseThree');
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
        () => done(t('notice.copied')),
        () => done(t('notice.copyByHand')),
      );
    } else {
      done(t('notice.copyByHand'));
    }
  }

  // --- replays ---

  openReplay(record: GameRecord): void {
    this.change((s) => {
      s.replay = { record, step: 0, eyes: 'all', playing: false, error: null, analysis: null };
    });
    this.go('replay', '/replay');
  }

  /** "Analysis" at the end: the replay, with each seat's chance at every turn worked out in a Worker. */
  openAnalysis(record: GameRecord): void {
    this.openReplay(record);
    this.change((s) => {
      if (s.replay) s.replay.analysis = { status: 'working' };
    });
    this.stopAnalysis?.();
    this.stopAnalysis = analyseInWorker(record, (answer) => {
      this.stopAnalysis = null;
      this.change((s) => {
        if (s.replay?.record !== record) return;
        s.replay.analysis = answer.ok
          ? { status: 'done', analysis: answer.analysis }
          : { status: 'failed', message: t('analysis.failed') };
        if (!answer.ok && typeof console !== 'undefined') console.info(`analysis failed: ${answer.message}`);
      });
    });
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
