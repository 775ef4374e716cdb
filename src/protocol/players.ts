/**
 * Players without accounts (issue 19): a device identity is a random secret the browser makes and keeps; the
 * server stores only its sha256 and shows only a public id, a name and a rating. The secret travels only in
 * the `Authorization: Bearer` header of the player's own requests, never in a URL, a view or a message to
 * anyone else. Emotes are a fixed list: there is no free text anywhere between players.
 */
import { z } from 'zod';
import type { ClockView } from './clock.ts';

/** 256 random bits, base64url (43 characters): made by the page with crypto.getRandomValues. */
export const identitySecretSchema = z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, {
  message: 'An identity is at least 43 characters of letters, digits, - and _',
});

/**
 * A new identity's secret, as the page makes it: 32 random bytes in base64url, exactly 43 characters (the
 * last one holds 2 bits and 4 zero bits, so it is one of 16). A secret made by hand is refused at creation:
 * fewer than 16 different characters ('aaaa…', 'abab…') happens to 32 random bytes about once in 10^13.
 * Existing identities are still read with `identitySecretSchema`, so one made before this rule keeps working.
 */
const SECRET_DISTINCT_MIN = 16;
export const newIdentitySecretSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/, {
    message: 'An identity is 32 random bytes in base64url (43 characters), as the page makes it',
  })
  .refine((secret) => new Set(secret).size >= SECRET_DISTINCT_MIN, {
    message: 'An identity must be random: this one repeats too few characters to be hard to guess',
  });

/**
 * A display name as typed: 3 to 20 letters (any alphabet), digits, spaces, ' and -, starting with a letter
 * or digit. Whether it is kind is judged by the server's word lists (src/server/players/names.ts).
 */
export const NAME_MIN = 3;
export const NAME_MAX = 20;
export const displayNameSchema = z
  .string()
  .transform((name) => name.normalize('NFC').trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(NAME_MIN, { message: `A name has at least ${NAME_MIN} characters` })
      .max(NAME_MAX, { message: `A name has at most ${NAME_MAX} characters` })
      .regex(/^[\p{L}\p{N}][\p{L}\p{N}' -]*$/u, {
        message: "A name is letters, digits, spaces, ' and -, starting with a letter or a digit",
      }),
  );

/** The languages a drawn pirate name may be in: the page's (src/web/i18n/languages.ts). */
export const NAME_LANGUAGES = ['en', 'nl', 'de', 'fr'] as const;
export type NameLanguage = (typeof NAME_LANGUAGES)[number];

/**
 * POST /api/players: make this device's identity; without a name the server draws a pirate name, in the
 * page's `language` (English if none is said).
 */
export const createPlayerSchema = z.strictObject({
  secret: newIdentitySecretSchema,
  name: z.string().max(100).optional(),
  language: z.enum(NAME_LANGUAGES).optional(),
});

/** PUT /api/players/me/name */
export const renamePlayerSchema = z.strictObject({ name: z.string().max(100) });

/** Public ids look like game ids. */
export const playerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,40}$/);

/** A rating as shown: Glicko-2's rating and deviation, rounded, e.g. `{ rating: 1523, rd: 187, games: 4 }`. */
export interface RatingView {
  readonly rating: number;
  readonly rd: number;
  /** Rated games played. */
  readonly games: number;
}

/** Who a player is, as anyone may see it, e.g. `{ id: 'Qk3…', name: 'Salty Kraken 17', rating: {...} }`. */
export interface PlayerSummary {
  readonly id: string;
  readonly name: string;
  readonly rating: RatingView;
}

/** One finished game on a player's page. */
export interface PlayerGame {
  readonly gameId: string;
  /** Milliseconds since 1970, when the game was created. */
  readonly createdAt: number;
  /** The seat this player had. */
  readonly seat: 'red' | 'blue';
  /** The other seat: a player, 'computer', or 'forgotten' (a player who used "Forget me"), or 'nobody'. */
  readonly opponent: PlayerSummary | 'computer' | 'forgotten' | 'nobody';
  /** 'win', 'loss' or 'draw' for this player, as rated; null for a game whose result was not recorded. */
  readonly result: 'win' | 'loss' | 'draw' | null;
  /**
   * How the game really ended for this player, when that is not `result`: a seat handed to the computer is
   * rated a loss at once, and keeps it if its side (the player back at it, or the computer) then wins or draws,
   * e.g. 'win'; null otherwise.
   */
  readonly ended: 'win' | 'loss' | 'draw' | null;
  /** The rating change of a rated game, e.g. 14.2 or -9.8; null when the game was not rated. */
  readonly ratingChange: number | null;
  /** The game was aborted: a seat never came (never acted before its absence ended it); unrated. */
  readonly aborted: boolean;
}

/** What this server rates (issue 35), for the page to say, e.g. `{ provisionalGames: 5, pairGamesPerDay: 3 }`. */
export interface RatedRules {
  /** A player with fewer rated games is provisional: their games move only their own rating. */
  readonly provisionalGames: number;
  /** Rated games between the same two players in 24 hours. */
  readonly pairGamesPerDay: number;
}

/** GET /api/players/:idOrName */
export interface PlayerPage extends PlayerSummary {
  /** Newest first, at most 20 finished games. */
  readonly games: readonly PlayerGame[];
  readonly ratedRules: RatedRules;
}

/**
 * One game in progress of this device's identity ("Your games"), as its own seat may know it, e.g.
 * `{ gameId: 'k3f9x2', seat: 'red', opponent: {...}, toMove: 'you', clock: {...}, moves: 41 }`.
 */
export interface YourGame {
  readonly gameId: string;
  /** Milliseconds since 1970, when the game was created. */
  readonly createdAt: number;
  /** This identity's seat. */
  readonly seat: 'red' | 'blue';
  /**
   * The other seat: a player, 'computer', 'open' (a friend's seat nobody has taken yet), or 'someone' (a
   * person without a name here, or one who used "Forget me").
   */
  readonly opponent: PlayerSummary | 'computer' | 'open' | 'someone';
  /** Who must decide now: 'you', 'opponent', or 'both' (hiding the flag, and the deal). */
  readonly toMove: 'you' | 'opponent' | 'both';
  /** The clocks as of the answer, or null for an untimed game. */
  readonly clock: ClockView | null;
  /** Actions played so far. */
  readonly moves: number;
  /** The game's turn as its table shows it: 0 while the ships are set up, then 1, 2, … */
  readonly turn: number;
}

/** GET /api/players/me/games: at most 20 games in progress, those waiting for this player first. */
export interface YourGamesResponse {
  readonly games: readonly YourGame[];
}

/**
 * Why a seat's rating did not move in a finished game (what counts is src/server/players/ratings.ts's):
 * `not-two-players`: a seat without a named player (the computer, a friend without a name); `not-moved`: a seat
 * made no move of its own after the deal; `pair-limit`: the same two played their rated games of the day;
 * `provisional-opponent`: the opponent is provisional, so only its own rating moved; `pending`: not recorded yet.
 */
export type UnratedReason =
  | 'not-two-players'
  | 'not-moved'
  | 'pair-limit'
  | 'provisional-opponent'
  | 'pending';

/** How a finished game moved ratings, for its end panel, e.g. `{ changes: { red: 14.2, blue: null }, ... }`. */
export interface GameRating {
  /** Each seat's rating change in points (e.g. 14.2, -9.8), or null where it did not move. */
  readonly changes: { readonly red: number | null; readonly blue: number | null };
  /** Each seat's rating after the game, rounded, or null where it did not move. */
  readonly after: { readonly red: number | null; readonly blue: number | null };
  /** Why a seat's rating did not move, or null where it did. */
  readonly unrated: { readonly red: UnratedReason | null; readonly blue: UnratedReason | null };
  /** The seat that never came, when the game ended by its absence before it ever acted (aborted), else null. */
  readonly neverCame: 'red' | 'blue' | null;
}

/** GET /api/games/:id/players: who sits where (null: nobody linked to that seat), and, once over, the rating. */
export interface GamePlayers {
  readonly red: PlayerSummary | null;
  readonly blue: PlayerSummary | null;
  /** How the game moved ratings; null while it goes on. */
  readonly rating: GameRating | null;
}
