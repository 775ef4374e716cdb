/**
 * "Learn to play": five short lessons on prepared tables, each asking the player to do one thing at a time
 * and saying afterwards what happened and why. The player is Red; only the asked moves are offered.
 */
import type { Action, GameState } from '../../engine/index.ts';
import { t } from '../i18n/i18n.ts';
import { preparedTable } from './positions.ts';

/** One thing the player is asked to do, e.g. "Turn card 1". `accepts` says which offered moves fit. */
export interface LessonStep {
  readonly ask: string;
  /** What to do once a pirate of the player's is chosen (an attack's second click), if the step has two. */
  readonly askChosen?: string;
  readonly accepts: (action: Action) => boolean;
}

export interface Lesson {
  readonly title: string;
  /** What the lesson is about, before the first step. */
  readonly intro: string;
  readonly table: () => GameState;
  readonly steps: readonly LessonStep[];
  /** Said once the steps are done; the ship's log and the scenes tell the details. */
  readonly done: string;
}

type LessonId = 'newPirate' | 'attack' | 'plank' | 'cannon' | 'flag';

/** A lesson whose words are read from the catalog when shown (so in the language in force). */
function lesson(id: LessonId, play: Pick<Lesson, 'table' | 'steps'>): Lesson {
  const words = {
    get title() {
      return t(`tutorial.${id}.title`);
    },
    get intro() {
      return t(`tutorial.${id}.intro`);
    },
    get done() {
      return t(`tutorial.${id}.done`);
    },
  };
  // Object.assign keeps the getters of its target (a spread would read them once, in today's language).
  return Object.assign(words, play);
}

type StepKey = 'turnFirstCard' | 'newPirate.ask' | 'attack.ask' | 'cannon.ask' | 'flag.ask' | 'flag.askFlag';

/** A step whose words are the catalog's `tutorial.<key>` (and, after a first click, `tutorial.<chosen>`). */
function step(key: StepKey, accepts: LessonStep['accepts'], chosen?: 'attack.askTarget'): LessonStep {
  const asked: LessonStep = {
    get ask() {
      return t(`tutorial.${key}`);
    },
    accepts,
  };
  if (chosen === undefined) return asked;
  return Object.defineProperty(asked, 'askChosen', { get: () => t(`tutorial.${chosen}`), enumerable: true });
}

const turnFirstCard = step('turnFirstCard', (a) => a.type === 'turnCard' && a.card === 0);

export const LESSONS: readonly Lesson[] = [
  lesson('newPirate', {
    table: () => preparedTable({ seed: 'lesson-new-pirate', card: 'newPirate', red: { deck: ['whip'] } }),
    steps: [turnFirstCard, step('newPirate.ask', (a) => a.type === 'newPirate')],
  }),
  lesson('attack', {
    table: () =>
      preparedTable({
        seed: 'lesson-attack',
        card: 'attack',
        red: { deck: ['captain'] },
        blue: { boarding: ['earring'] },
      }),
    steps: [turnFirstCard, step('attack.ask', (a) => a.type === 'attack', 'attack.askTarget')],
  }),
  lesson('plank', {
    table: () =>
      preparedTable({
        seed: 'lesson-plank',
        card: 'plank',
        red: { deck: ['swashbuckler'] },
        blue: { deck: ['whip'] },
      }),
    steps: [turnFirstCard],
  }),
  lesson('cannon', {
    table: () =>
      preparedTable({
        seed: 'lesson-cannon',
        card: 'shootSail',
        options: { shots: 'aimed' },
        red: { deck: ['incisor'] },
        blue: { deck: ['adder'] },
      }),
    steps: [turnFirstCard, step('cannon.ask', (a) => a.type === 'shoot')],
  }),
  lesson('flag', {
    table: () =>
      preparedTable({
        seed: 'lesson-flag',
        card: 'attack',
        red: { boarding: ['earring'] },
        blue: { flags: ['flag', 'monkey', 'barrel'] },
      }),
    steps: [
      turnFirstCard,
      step('flag.ask', (a) => a.type === 'raid'),
      step('flag.askFlag', (a) => a.type === 'turnFlag'),
    ],
  }),
];
