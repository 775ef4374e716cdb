/**
 * A fresh table, as every kind of game opens it (against the computer, pass-and-play, online, a lesson): one
 * function, so a new field of GameScreen is given its first value in one place.
 */
import type { Seat } from '../../engine/index.ts';
import { noFairness } from '../game/fairness.ts';
import { EMPTY_DRAFT } from '../game/setup.ts';
import type { GameMode, GameScreen, HomeForm } from '../state.ts';

export function newGameScreen(mode: GameMode, seat: Seat, form: HomeForm): GameScreen {
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
