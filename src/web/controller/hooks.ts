/**
 * What plugs into the controller from online/: the online game, this device's identity and the lobby. They
 * are hooks, not imports, so the controller stays about the page and works offline and in tests without them.
 */
import type { Seat } from '../../engine/index.ts';
import type { Emote } from '../../protocol/emotes.ts';
import type { HomeForm } from '../state.ts';

/** Online games (online/session.ts). */
export interface OnlineHooks {
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
}

/** This device's identity (online/identity.ts). */
export interface PeopleHooks {
  /** Asks the server again who this device is (after signing in as another player: issue 51). */
  reload(): void;
  /** This device signed itself out: it plays as nobody until it signs in or asks for a new name. */
  signedOut(): void;
  rename(name: string): void;
  forget(): void;
  makeNew(): void;
  showPlayer(key: string): void;
  /** Asks the server for this identity's games in progress ("Your games"). */
  refreshGames(): void;
}

/** The lobby (online/lobby.ts): "Find an opponent" and the Watch page. */
export interface LobbyHooks {
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
}

/** Challenges by name (online/challenges.ts, issue 31). */
export interface ChallengeHooks {
  /** Challenges the player of this name or id with the options of the challenge form. */
  challenge(opponent: string): void;
  accept(challengeId: string): void;
  decline(challengeId: string): void;
  /** Takes back an open challenge, or clears a declined one from the list. */
  cancel(challengeId: string): void;
  /** Takes this player to the game of its accepted challenge. */
  play(challengeId: string): void;
  /** Asks the server for this identity's challenges now. */
  refresh(): void;
}
