/**
 * The controller: holds the one state object, changes it in response to clicks and to news from the game's
 * host, and asks for a redraw. Views call its methods; they never change the state themselves.
 * It is the one face the views see; each concept behind it lives in controller/ and is handed only the state
 * and the parts it needs (controller/page.ts), so a file there reads as one thing the page does.
 */
import type { Action, Aim, GameRecord, Seat } from '../engine/index.ts';
import { newGameScreen } from './controller/game-screen.ts';
import type { ChallengeHooks, LobbyHooks, OnlineHooks, PeopleHooks } from './controller/hooks.ts';
import { HostLink } from './controller/host-link.ts';
import { Leaving } from './controller/leaving.ts';
import { LocalGames } from './controller/local-games.ts';
import { LookBack } from './controller/look-back.ts';
import { NewsFromHost } from './controller/news.ts';
import type { Page } from './controller/page.ts';
import { Replays } from './controller/replays.ts';
import { SceneQueue } from './controller/scene-queue.ts';
import { SetupAndAim } from './controller/setup-and-aim.ts';
import { Table } from './controller/table.ts';
import { type LessonStorage, Tutorial } from './controller/tutorial.ts';
import type { Effect } from './game/sounds.ts';
import type { GameLink, LinkNews } from './link.ts';
import { DEFAULT_SETTINGS, type Settings, sceneSpeed } from './settings.ts';
import type { AppState, GameMode, GameScreen, HomeCard, HomeForm, LogLine, Screen } from './state.ts';

const DEFAULT_FORM: HomeForm = {
  level: 'easy',
  variant: 'standard',
  shots: 'aimed',
  seat: 'red',
  turnLimit: null,
};

export class Controller implements Page {
  state: AppState;
  /** Where the tutorial keeps the player's place (localStorage in the browser; none in tests). */
  storage: LessonStorage = typeof localStorage === 'undefined' ? undefined : localStorage;
  /** Sounds plug in here (ui/sound.ts in the browser; none in tests). */
  sound: ((effects: readonly Effect[]) => void) | null = null;
  /** Online games plug in here (online/session.ts), so this file stays about the page. */
  onlineHooks: OnlineHooks | null = null;
  /** This device's identity plugs in here (online/identity.ts). */
  people: PeopleHooks | null = null;
  /** The lobby plugs in here (online/lobby.ts): "Find an opponent" and the Watch page. */
  lobbyHooks: LobbyHooks | null = null;
  /** Challenges by name (online/challenges.ts), or null without the server. */
  challengeHooks: ChallengeHooks | null = null;

  private readonly scenes = new SceneQueue(this, () => this.sound);
  /** Closing a table's link stops its scene on show. */
  private readonly host = new HostLink(() => this.scenes.stop());
  private readonly lookBack = new LookBack(this, this.host);
  private readonly local = new LocalGames(this, this.host, (news) => this.hear(news));
  private readonly news = new NewsFromHost(this, this.host, this.scenes, this.lookBack, (code) =>
    this.local.nothingToContinue(code),
  );
  private readonly tutorial = new Tutorial(
    this,
    this.host,
    (news) => this.hear(news),
    () => this.storage,
    () => this.leaveGame(),
  );
  private readonly leaving = new Leaving(this, this.host, () => this.onlineHooks, this.local, this.tutorial);
  private readonly table = new Table(this, this.host, this.scenes);
  private readonly drafts = new SetupAndAim(this, (action) => this.table.act(action));
  private readonly replays = new Replays(this);

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
      me: { status: 'loading', player: null, error: null, forgetting: false, games: null },
      playerPage: null,
      lobby: { form: { variant: 'any', shots: 'any', clock: 'none' }, seeking: null, open: [], error: null },
      live: null,
      turnAlert: null,
      challenges: {
        incoming: null,
        outgoing: [],
        form: { variant: 'any', shots: 'any', clock: 'none' },
        open: false,
        error: null,
      },
      challengeAlert: null,
    };
  }

  /** The one way the state changes: mutate through `change`, then everything is redrawn. */
  change(mutate: (state: AppState) => void): void {
    mutate(this.state);
    this.redraw(this.state);
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
    if (this.state.speed === 0) this.scenes.stop();
  }

  setForm(card: HomeCard, patch: Partial<HomeForm>): void {
    this.change((s) => {
      s.forms = { ...s.forms, [card]: { ...s.forms[card], ...patch } };
    });
  }

  // --- opening and leaving tables (controller/local-games.ts, tutorial.ts, leaving.ts) ---

  newGameScreen(mode: GameMode, seat: Seat, form: HomeForm): GameScreen {
    return newGameScreen(mode, seat, form);
  }

  startLocal(mode: 'computer' | 'pass', form: HomeForm = this.state.forms[mode]): void {
    this.local.start(mode, form);
  }
  refreshKept(): Promise<void> {
    return this.local.refreshKept();
  }
  continueLocal(): Promise<void> {
    return this.local.continueKept();
  }
  abandonKept(): Promise<void> {
    return this.local.abandonKept();
  }

  /** The language in force changed (main.tsx, once its catalog is loaded): words kept in the state follow. */
  retell(): void {
    this.lookBack.retell();
  }

  startTutorial(lesson?: number): void {
    this.tutorial.start(lesson);
  }
  nextLesson(): void {
    this.tutorial.next();
  }

  onlineJoin(gameId: string, invite: string | null): void {
    this.onlineHooks?.join(gameId, invite);
  }

  /** An online table's link (online/session.ts), in place of the last one. */
  attach(link: GameLink): void {
    this.host.attach(link);
  }
  closeLink(): void {
    this.host.close();
  }

  leaveGame(): void {
    this.leaving.leaveGame();
  }
  askLeave(): void {
    this.leaving.askLeave();
  }
  stay(): void {
    this.leaving.stay();
  }
  backHome(): void {
    this.leaving.backHome();
  }
  showWatch(): void {
    this.leaving.showWatch();
  }
  playAgain(): void {
    this.leaving.playAgain();
  }

  // --- at the table (controller/news.ts, scene-queue.ts, table.ts, setup-and-aim.ts, look-back.ts) ---

  hear(news: LinkNews): void {
    this.news.hear(news);
  }
  skipScene(): void {
    this.scenes.skip();
  }

  act(action: Action): void {
    this.table.act(action);
  }
  passDevice(): void {
    this.table.passDevice();
  }
  takeDevice(): void {
    this.table.takeDevice();
  }
  select(piece: number | null): void {
    this.table.select(piece);
  }
  refuseCard(index: number): void {
    this.table.refuseCard(index);
  }
  resign(): void {
    this.table.resign();
  }
  checkGame(): void {
    this.table.checkGame();
  }
  copyInvite(): void {
    this.table.copyInvite();
  }

  togglePirate(piece: number): void {
    this.drafts.togglePirate(piece);
  }
  clickFlagSlot(slot: number): void {
    this.drafts.clickFlagSlot(slot);
  }
  moveFlag(from: number, to: number): void {
    this.drafts.moveFlag(from, to);
  }
  confirmSetup(): void {
    this.drafts.confirmSetup();
  }
  setAim(patch: Partial<Aim>, drag?: 'aim' | 'move' | null, pull?: { x: number; y: number } | null): void {
    this.drafts.setAim(patch, drag, pull);
  }
  fire(): void {
    this.drafts.fire();
  }

  reviewAt(line: LogLine): void {
    this.lookBack.reviewAt(line);
  }
  endReview(): void {
    this.lookBack.endReview();
  }

  // --- replays (controller/replays.ts) ---

  openReplay(record: GameRecord): void {
    this.replays.open(record);
  }
  openAnalysis(record: GameRecord): void {
    this.replays.openAnalysis(record);
  }
  /** Analyses the finished game of the replay on show (a saved replay, a player page's game). */
  analyseReplay(): void {
    this.replays.analyse();
  }
  openReplayText(text: string): void {
    this.replays.openText(text);
  }
  replayStep(step: number): void {
    this.replays.step(step);
  }
  replayPlay(playing: boolean): void {
    this.replays.play(playing);
  }
  replayEyes(eyes: 'red' | 'blue' | 'all'): void {
    this.replays.eyes(eyes);
  }
}
