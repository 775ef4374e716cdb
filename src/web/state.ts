/**
 * The page's one state object (STYLE "one state object, one redraw path", after chessground's state.ts).
 * The controller changes it and redraws; every view is a function of it. Each field says what it holds.
 */
import type {
  Aim,
  CannonConfig,
  GameEvent,
  GameRecord,
  PlayerView,
  Seat,
  ShotTarget,
  Viewer,
} from '../engine/index.ts';
import type { Emote } from '../protocol/emotes.ts';
import type { ChallengeView, GamePlayers, PlayerPage, PlayerSummary, YourGame } from '../protocol/index.ts';
import type { Analysis } from './analysis/analysis.ts';
import type { Fairness } from './game/fairness.ts';
import type { Scene } from './game/scenes.ts';
import type { SetupDraft } from './game/setup.ts';
import type { KeptSummary } from './local/kept.ts';
import type { BotInfo, Level } from './local/messages.ts';
import type { ClockView, LiveGame, OpenSeek } from './online/wire.ts';
import type { Settings } from './settings.ts';
import type { LessonStatus } from './tutorial/link.ts';

export type Screen = 'home' | 'rules' | 'game' | 'replay' | 'join' | 'player' | 'watch';
/** The home page's cards that start a game, each with its own options. */
export type HomeCard = 'computer' | 'friend' | 'pass';
export type GameMode = 'computer' | 'pass' | 'online' | 'tutorial';

/** The choices on the home page, e.g. `{ level: 'medium', variant: 'standard', shots: 'aimed', ... }`. */
export interface HomeForm {
  /** The computer's level, e.g. 'easy'. */
  level: Level;
  /** 'standard' or 'advanced' rules (R10). */
  variant: 'standard' | 'advanced';
  /** 'aimed' (the cannon mini-game) or 'quick' shots (R8.3). */
  shots: 'aimed' | 'quick';
  /** The person's colour against the computer or online, e.g. 'red'. */
  seat: Seat;
  /** A turn limit after which the game is a draw, or null for none, e.g. 80. */
  turnLimit: number | null;
  /** Online games with a friend: a clock ('live' 5 min + 5 s, 'daily' a day a turn), absent or 'none' for none. */
  clock?: 'none' | 'live' | 'daily';
}

/** A line of the event log, e.g. `{ id: 12, text: 'Blue turned card 3: Attack!', seat: 'blue' }`. */
export interface LogLine {
  /** Increasing number, for keys. */
  id: number;
  /** The sentence from describeEvent, in the language in force (told again when the language changes). */
  text: string;
  /** What happened, kept so the line can be told again in another language (issue 52 item 3). */
  event: GameEvent;
  /** Whose eyes the line is told for, e.g. 'red' ("You turned card 3" or "Red turned card 3"). */
  viewer: Viewer;
  /** The table's cannon, for the note on where a missed aimed shot went; null where the line has none. */
  cannon: CannonConfig | null;
  /** The seat the event is about, if any, for the colour mark; null for the coin and the like. */
  seat: Seat | null;
  /** How many actions the game had once this happened, e.g. 9: where "look back" takes the table. */
  v: number;
}

/** Looking back at an earlier move during a game, e.g. `{ v: 9, text: 'Blue turned card 3: Attack!', view: null }`. */
export interface ReviewState {
  /** The moment looked at: the number of actions then. */
  v: number;
  /** The log line clicked, as the heading says it. */
  text: string;
  /** The table as this seat saw it then, or null while the host answers. */
  view: PlayerView | null;
}

/** An online game's link state, e.g. `{ gameId: 'k3f9', connected: true, opponentAwaySince: null, ... }`. */
export interface OnlineStatus {
  /** The game's id on the server, e.g. 'k3f9x2'. */
  gameId: string;
  /** The invite link to send a friend, while the friend has not joined; else null. */
  inviteLink: string | null;
  /** The socket is open and the server knows us. */
  connected: boolean;
  /** When the other player went away, in ms on this page's clock (the bar counts up from it), or null while they are here. */
  opponentAwaySince: number | null;
  /** The server offers the claim-the-win / computer-plays-on choice (the away time has passed). */
  canClaim: boolean;
  /** When (page clock, ms) the other seat, still deciding, may be claimed against; null when no limit runs. */
  claimAt: number | null;
  /** The last stream number seen, e.g. 17 (STYLE "versioned stream"). */
  version: number;
  /** Text for "Copied!" feedback next to the Copy button, or null. */
  copied: string | null;
  /** Who sits where (names and ratings), once the server said, e.g. `{ red: { name: 'Salty Kraken 17', ... }, blue: null }`. */
  players: GamePlayers | null;
  /** The last emote heard (or sent), shown a few seconds, e.g. `{ seat: 'blue', emote: 'arr', at: 1718000000000 }`. */
  emote: { seat: Seat; emote: Emote; at: number } | null;
  /** The emote picker is open. */
  picking: boolean;
  /** Where a rematch stands after the end, e.g. `{ state: 'offered', by: 'blue' }`, or null when nobody asked. */
  rematch: { state: 'none' | 'offered' | 'declined' | 'ready'; by: Seat | null } | null;
  /** How many watch the game, e.g. 2. */
  watchers: number;
  /** A timed game's clocks as the server last said and when this page heard it (its own clock, ms), or null. */
  clock: { view: ClockView; at: number } | null;
}

/** This device's identity (issue 19), e.g. `{ status: 'ready', player: { name: 'Salty Kraken 17', ... } }`. */
export interface MeState {
  /** 'loading' at first; 'ready' with a player; 'none' when the server cannot be reached or "Forget me" was used. */
  status: 'loading' | 'ready' | 'none';
  /** The player this device is, or null. */
  player: PlayerSummary | null;
  /** The last refusal of a name or of the identity, in words, or null. */
  error: string | null;
  /** "Forget me" was pressed once: the page asks again. */
  forgetting: boolean;
  /** This identity's games in progress as the server last listed them ("Your games"), or null before it did. */
  games: readonly YourGame[] | null;
}

/** A player's page (`/player/<id or name>`), e.g. `{ key: 'Salty Kraken 17', page: {...}, error: null }`. */
export interface PlayerPageState {
  /** The id or name asked for. */
  key: string;
  /** The page once fetched, or null. */
  page: PlayerPage | null;
  /** Why it could not be shown, or null. */
  error: string | null;
}

/** The "Find an opponent" card's choices, e.g. `{ variant: 'any', shots: 'quick', clock: 'none' }`. */
export interface SeekForm {
  variant: 'standard' | 'advanced' | 'any';
  shots: 'aimed' | 'quick' | 'any';
  /** 'none', 'live' (5 min each + 5 s a turn) or 'daily' (a day a turn). */
  clock: 'none' | 'live' | 'daily';
}

/** The lobby on the home page, e.g. `{ form, seeking: null, open: [] }`. */
export interface LobbyState {
  form: SeekForm;
  /** This page's own seek while it waits, e.g. `{ seekId: 'k3f9', lonely: false, form }`, or null. */
  seeking: { seekId: string; lonely: boolean; form: SeekForm } | null;
  /** Other players' open seeks, oldest first. */
  open: OpenSeek[];
  /** The last problem in words, e.g. "That seek was taken by someone else.", or null. */
  error: string | null;
}

/** Challenges by name (issue 31), e.g. `{ incoming: [], outgoing: [...], form, open: false, error: null }`. */
export interface ChallengesState {
  /** Open challenges to this player as the server last listed them, oldest first, or null before it did. */
  incoming: ChallengeView[] | null;
  /** This player's own challenges, open and lately answered, oldest first. */
  outgoing: ChallengeView[];
  /** The player page's challenge options, e.g. `{ variant: 'any', shots: 'quick', clock: 'live' }`. */
  form: SeekForm;
  /** The challenge form is open on the player page (its button was pressed, or the link said `?challenge`). */
  open: boolean;
  /** The last refusal in words, e.g. "You already have 5 open challenges…", or null. */
  error: string | null;
}

/** What the alert says of a challenge: one came in, or one of this player's was accepted (its game is ready). */
export interface ChallengeAlert {
  /** 'incoming' or 'accepted'. */
  kind: 'incoming' | 'accepted';
  /** The challenge, e.g. `{ challengeId: 'k3f9', other: { name: 'Salty Kraken 17', ... }, ... }`. */
  challenge: ChallengeView;
}

/** The cannon while the player aims, e.g. `{ aim: { x: 0, back: 5, yaw: 0, pitch: 20 }, target: 'sail', drag: null }`. */
export interface AimState {
  /** The aim the player has set so far (starts at DEFAULT_AIM). */
  aim: Aim;
  /** What the shot is at. */
  target: ShotTarget;
  /** A drag under way: 'aim' sets direction and tilt (release fires), 'move' moves the cannon; null when none. */
  drag: 'aim' | 'move' | null;
  /** Where the pointer is while pulling back, cm in the shooter's frame, for the slingshot band, e.g. `{ x: 3, y: -18 }`. */
  pull: { x: number; y: number } | null;
}

/** A game on the page (local or online), e.g. `{ mode: 'computer', seat: 'red', view: {...}, ... }`. */
export interface GameScreen {
  /** How it is played. */
  mode: GameMode;
  /** Whose eyes the page shows, e.g. 'red'. */
  seat: Seat;
  /** What that seat sees, or null before the first update. */
  view: PlayerView | null;
  /** The event log as words, oldest first (per seat in pass-and-play: each sees only its own). */
  log: LogLine[];
  /** Pass-and-play: each seat's log, kept while the other holds the device. */
  logs: { red: LogLine[]; blue: LogLine[] };
  /** The attacker picked for a two-click attack, or null, e.g. 4. */
  selected: number | null;
  /** The setup draft while setting up. */
  setup: SetupDraft;
  /** The cannon, while aiming; null otherwise. */
  aiming: AimState | null;
  /** Each seat's last aim: the cannon stays where its owner left it, e.g. `{ red: { x: 0, back: 0, yaw: 0, pitch: 28 }, blue: null }`. */
  lastAim: { red: Aim | null; blue: Aim | null };
  /** Pass-and-play: the seat the device must go to before anything is shown, or null, e.g. 'blue'. */
  handover: Seat | null;
  /**
   * Pass-and-play: the seat to hand the device to once the seat holding it has seen what its decision did, or
   * null, e.g. 'blue' (the page offers "Pass the device to Blue").
   */
  handTo: Seat | null;
  /** A decision was sent and its answer has not come yet: every choice is off until it comes (no second click). */
  waiting: boolean;
  /** Animations still to play, first is playing, e.g. `[{ kind: 'battle', ... }]`. */
  scenes: Scene[];
  /** The last refusal or connection problem, in words, or null. */
  error: string | null;
  /** The full record once the game is over (for the replay and the download), else null. */
  record: GameRecord | null;
  /** The computer player, for the label ("Computer: expert"), or null. */
  bot: BotInfo | null;
  /** Online games only. */
  online: OnlineStatus | null;
  /** The options the game was made with, for "Play again". */
  form: HomeForm;
  /** How many updates the page has heard in this game, e.g. 14 (tests wait on it). */
  updates: number;
  /** Pieces that just came on deck or swung, for their arrival animation, e.g. `[4, 15]`. */
  moved: number[];
  /** A card the player just turned or saw turned, for the flip animation, e.g. 3. */
  flipped: number | null;
  /** The card turned in the turn under way, for the "just turned" tag, or null between turns, e.g. 3. */
  turning: number | null;
  /** What the page keeps to check the game after its end, and the last check (docs/fairness.md). */
  fairness: Fairness;
  /** Looking back at an earlier move, or null while the table shows the game now. */
  review: ReviewState | null;
  /** "← Home" was clicked during the game: the page asks first (the leave dialog is open). */
  leaving: boolean;
  /** "Learn to play": where the lesson stands, for the coach beside the table; null in a game. */
  tutorial: LessonStatus | null;
  /** Watching someone else's game: the spectator's view, nothing to play. */
  watching: boolean;
}

/** A replay being watched, e.g. `{ record, step: 12, seat: 'spectator' }`. */
/** The analysis of a finished game while it is worked out, and once it is. */
export type AnalysisState =
  | { readonly status: 'working' }
  | { readonly status: 'done'; readonly analysis: Analysis }
  | { readonly status: 'failed'; readonly message: string };

export interface ReplayState {
  /** The game's record (options with seed + actions). */
  record: GameRecord;
  /** How many actions have been applied, 0 .. record.actions.length. */
  step: number;
  /** Whose eyes: a seat, or 'all' to see every secret (the game is over, the record is public). */
  eyes: Seat | 'all';
  /** Playing by itself. */
  playing: boolean;
  /** A problem with the record file, or null. */
  error: string | null;
  /** The analysis shown beside the replay (issue 20), or null when only watching. */
  analysis: AnalysisState | null;
}

export interface AppState {
  /** Which page, e.g. 'home'. */
  screen: Screen;
  /** Each home card's options: a friend game never takes the computer card's colour or shots (issue 21). */
  forms: Record<HomeCard, HomeForm>;
  /** The game on the page, or null. */
  game: GameScreen | null;
  /** The replay on the page, or null. */
  replay: ReplayState | null;
  /** The scenes' time factor, from the settings: 1 normal, 0.5 fast, 0 none, e.g. 1. */
  speed: number;
  /** The player's settings (settings.ts). */
  settings: Settings;
  /** The settings panel is open. */
  settingsOpen: boolean;
  /** A message on the home or join page (e.g. "That invite has expired."), or null. */
  notice: string | null;
  /** The local game kept on this device, for "Continue your game", or null when none is. */
  kept: KeptSummary | null;
  /** This device's name and rating (issue 19). */
  me: MeState;
  /** The player's page on show, or null. */
  playerPage: PlayerPageState | null;
  /** "Find an opponent": the choices, this page's seek, and the others'. */
  lobby: LobbyState;
  /** The Watch page's games in progress, newest first, or null before they came. */
  live: LiveGame[] | null;
  /** A game of this player's, not the one open, that came to need them (issue 31), or null; e.g. `{ gameId: 'k3f9', toMove: 'you', ... }`. */
  turnAlert: YourGame | null;
  /** Challenges to and from this player (issue 31). */
  challenges: ChallengesState;
  /** A challenge that came in, or one of this player's that was accepted, for the alert; or null. */
  challengeAlert: ChallengeAlert | null;
}
