/**
 * A swing of the analysis in one sentence, in the page's language: the Worker finds the swings and the event
 * that tells each (analysis.ts); the words are the page's, so a language chosen later applies at once.
 */
import type { GameEvent, Seat } from '../../engine/index.ts';
import { describeEvent } from '../game/describe.ts';
import { SEAT_NAMES } from '../game/names.ts';
import { t } from '../i18n/i18n.ts';
import { mainEvent, type Swing } from './analysis.ts';

function percent(chance: number): number {
  return Math.round(chance * 100);
}

/** "Turn 7: Red's Captain Rodrick Redbeard (7) attacked …; Blue's chance fell from 62% to 31%." */
export function sentenceFor(
  events: readonly GameEvent[],
  seat: Seat,
  from: number,
  to: number,
  turn: number,
): string {
  return sentenceOf(mainEvent(events), seat, from, to, turn);
}

/** The sentence of one of the analysis' swings; its turn is the one that made the change. */
export function swingSentence(swing: Swing): string {
  return sentenceOf(swing.main, swing.seat, swing.from, swing.to, swing.turn);
}

function sentenceOf(main: GameEvent | null, seat: Seat, from: number, to: number, turn: number): string {
  const what = main === null ? t('analysis.quiet') : describeEvent(main, 'spectator').replace(/\.$/, '');
  const words = { turn, what, seat: SEAT_NAMES[seat], from: percent(from), to: percent(to) };
  return to >= from ? t('analysis.rose', words) : t('analysis.fell', words);
}
