/**
 * The player's settings, kept in this browser: whether scenes play and at what pace, and how much the page
 * moves, whether the table makes sounds, and the page's language. One panel changes them (ui/Settings.tsx).
 */
import { isLanguage, type Language, preferredLanguage } from './i18n/languages.ts';

export type Motion = 'system' | 'reduce' | 'full';
export type ScenePace = 'slow' | 'normal' | 'fast';

/** e.g. `{ scenes: true, pace: 'normal', motion: 'system' }`. */
export interface Settings {
  /** Whether the short scenes (a battle, the coin, a shot…) play over the table; the log keeps the words. */
  readonly scenes: boolean;
  /** How long each scene stays. */
  readonly pace: ScenePace;
  /** 'system' follows the device's reduced-motion setting; 'reduce' stills the page; 'full' animates anyway. */
  readonly motion: Motion;
  /** The table's sounds (the card, the coin, the cannon, the splash, the end). */
  readonly sound: boolean;
  /** Whether the other player's emotes are shown (false: muted, from the game bar). */
  readonly emotes: boolean;
  /** The page's language, once the player chose one, e.g. 'nl'; null follows the browser's languages. */
  readonly language: Language | null;
}

export const DEFAULT_SETTINGS: Settings = {
  scenes: true,
  pace: 'normal',
  motion: 'system',
  sound: true,
  emotes: true,
  language: null,
};

const PACE_FACTOR: Readonly<Record<ScenePace, number>> = { slow: 1.6, normal: 1, fast: 0.5 };

/** The factor on each scene's time: 0 when scenes are off. */
export function sceneSpeed(settings: Settings): number {
  return settings.scenes ? PACE_FACTOR[settings.pace] : 0;
}

const KEY = 'pirates.settings';

/** Reads the stored settings; anything missing or broken falls back to the default, field by field. */
export function parseSettings(text: string | null): Settings {
  let data: unknown = null;
  try {
    data = text === null ? null : JSON.parse(text);
  } catch {
    data = null;
  }
  const stored = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
    allowed.find((a) => a === value) ?? fallback;
  return {
    scenes: typeof stored.scenes === 'boolean' ? stored.scenes : DEFAULT_SETTINGS.scenes,
    pace: pick(stored.pace, ['slow', 'normal', 'fast'], DEFAULT_SETTINGS.pace),
    motion: pick(stored.motion, ['system', 'reduce', 'full'], DEFAULT_SETTINGS.motion),
    sound: typeof stored.sound === 'boolean' ? stored.sound : DEFAULT_SETTINGS.sound,
    emotes: typeof stored.emotes === 'boolean' ? stored.emotes : DEFAULT_SETTINGS.emotes,
    language: isLanguage(stored.language) ? stored.language : DEFAULT_SETTINGS.language,
  };
}

export function loadSettings(storage: Pick<Storage, 'getItem'> | undefined): Settings {
  try {
    return parseSettings(storage?.getItem(KEY) ?? null);
  } catch {
    // Storage can be refused (private windows, blocked cookies): the defaults then.
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(storage: Pick<Storage, 'setItem'> | undefined, settings: Settings): void {
  try {
    storage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Not kept across visits, but in force for this one.
  }
}

/** The language the page speaks: the one chosen, else the first of the browser's it knows, else English. */
export function languageOf(settings: Settings, browser: readonly string[]): Language {
  return settings.language ?? preferredLanguage(browser);
}
