/**
 * "Learn to play": short lessons on prepared tables, together teaching every rule of RULES.md (each lesson
 * names the rule ids it teaches; test/web/tutorial.test.ts checks that every id has its lesson). Each asks the
 * player to do one thing at a time and says afterwards what happened and why. The player is Red; only the
 * asked moves are offered, and Blue's answers inside Red's turn are made for it.
 */
import type { Action, GameEvent, GameState, PieceKind, PlayerView } from '../../engine/index.ts';
import { findPiece } from '../game/choices.ts';
import { t } from '../i18n/i18n.ts';
import { firstDeal, preparedTable } from './positions.ts';

/**
 * One thing the player is asked to do, e.g. "Turn card 1". `accepts` says which legal moves fit, judged on the
 * table as Red sees it (`table`, never a hidden card or pirate).
 */
export interface LessonStep {
  readonly ask: string;
  /** What to do once a pirate of the player's is chosen (an attack's second click), if the step has two. */
  readonly askChosen?: string;
  readonly accepts: (action: Action, table: PlayerView) => boolean;
  /**
   * Why a legal move that does not fit is not the one to make, e.g. "Ivan (4) would lose to the Captain (7)",
   * or null. Such moves are offered too: a click on one is answered with the reason and changes nothing.
   */
  readonly why?: (action: Action, table: PlayerView) => string | null;
}

/** A rule's id in RULES.md, e.g. 'R4.3'. */
export type RuleId = `R${number}.${number}`;

export interface Lesson {
  /** The lesson's key in the catalog's `tutorial` section, e.g. 'adder'. */
  readonly id: LessonId;
  readonly title: string;
  /** What the lesson is about, before the first step. */
  readonly intro: string;
  /** The rules it teaches, by their ids in RULES.md. */
  readonly rules: readonly RuleId[];
  readonly table: () => GameState;
  readonly steps: readonly LessonStep[];
  /** Said once the steps are done: what happened and why (the ship's log and the scenes tell the details). */
  readonly done: string;
  /** Where chance or a choice decided: what happened this time, from the events Red saw, said before `done`. */
  readonly happened?: (events: readonly GameEvent[]) => string | null;
}

export type LessonId =
  | 'setup'
  | 'newPirate'
  | 'justTurned'
  | 'swing'
  | 'attack'
  | 'tie'
  | 'adder'
  | 'bomb'
  | 'onlyBomb'
  | 'decline'
  | 'plank'
  | 'cannon'
  | 'skull'
  | 'flag'
  | 'barrel'
  | 'win'
  | 'cannonFlag'
  | 'advanced';

/** A lesson whose words are read from the catalog when shown (so in the language in force). */
function lesson(id: LessonId, play: Pick<Lesson, 'rules' | 'table' | 'steps' | 'happened'>): Lesson {
  const words = {
    id,
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

type StepKey =
  | 'turnFirstCard'
  | 'setup.ask'
  | 'newPirate.ask'
  | 'justTurned.ask'
  | 'swing.ask'
  | 'attack.ask'
  | 'tie.ask'
  | 'adder.ask'
  | 'bomb.ask'
  | 'onlyBomb.ask'
  | 'decline.ask'
  | 'cannon.ask'
  | 'skull.ask'
  | 'skull.askShoot'
  | 'flag.ask'
  | 'flag.askFlag'
  | 'barrel.ask'
  | 'barrel.askFlag'
  | 'win.askFlag'
  | 'advanced.ask';
type ChosenKey = 'attack.askTarget' | 'tie.askTarget' | 'adder.askTarget' | 'bomb.askTarget';
type WhyKey =
  | 'decline.whyAttack'
  | 'barrel.whyCaptain'
  | 'barrel.whyCard'
  | 'win.whyMonkey'
  | 'win.whyBarrel';

/**
 * A step whose words are the catalog's `tutorial.<key>` (and, after a first click, `tutorial.<chosen>`); `why`
 * names the catalog's reason a move that does not fit is not the one to make.
 */
function step(
  key: StepKey,
  accepts: LessonStep['accepts'],
  chosen?: ChosenKey,
  why?: (action: Action, table: PlayerView) => WhyKey | null,
): LessonStep {
  const asked: LessonStep = {
    get ask() {
      return t(`tutorial.${key}`);
    },
    accepts,
    ...(why === undefined
      ? {}
      : {
          why: (action: Action, table: PlayerView) => {
            const reason = why(action, table);
            return reason === null ? null : t(`tutorial.${reason}`);
          },
        }),
  };
  if (chosen === undefined) return asked;
  return Object.defineProperty(asked, 'askChosen', { get: () => t(`tutorial.${chosen}`), enumerable: true });
}

/** The kind of the player's own pirate `id` (Red knows its own crew), or null. */
const kindOf = (table: PlayerView, id: number): PieceKind | null => findPiece(table, id)?.kind ?? null;

/** The enemy flag card in `slot` as the table shows it: known once shown (R6.5), else null. */
const shownFlag = (table: PlayerView, slot: number) => table.ships.blue.flagSlots[slot] ?? null;

const turnFirstCard = step('turnFirstCard', (a) => a.type === 'turnCard' && a.card === 0);
const attacks = (a: Action) => a.type === 'attack';
const shoots = (a: Action) => a.type === 'shoot';
const turnsFlag = (a: Action) => a.type === 'turnFlag';

/** This time's start coin, plank coin, shot or flag card, in words. */
const started = (events: readonly GameEvent[]) => {
  const start = events.find((e) => e.type === 'started');
  return start?.type === 'started'
    ? t('tutorial.setup.started', { seat: t(`names.seat.${start.first}`) })
    : null;
};
const plankCoin = (events: readonly GameEvent[]) => {
  const coin = events.find((e) => e.type === 'coinTossed' && e.for === 'plank');
  if (coin?.type !== 'coinTossed') return null;
  return coin.side === 'shark' ? t('tutorial.plank.shark') : t('tutorial.plank.saved');
};
const shot = (target: 'cannon' | 'skull') => (events: readonly GameEvent[]) => {
  const fired = events.find((e) => e.type === 'shot');
  if (fired?.type !== 'shot') return null;
  return fired.hit ? t(`tutorial.${target}.hit`) : t(`tutorial.${target}.miss`);
};
const flagCard = (after: 'raid' | 'shot') => (events: readonly GameEvent[]) => {
  const turned = events.find((e) => e.type === 'flagCardTurned');
  if (turned?.type !== 'flagCardTurned') return null;
  if (turned.card === 'flag') return t('tutorial.turned.flag');
  if (turned.card === 'monkey') return t('tutorial.turned.monkey');
  return after === 'raid' ? t('tutorial.turned.barrelRaid') : t('tutorial.turned.barrelShot');
};

export const LESSONS: readonly Lesson[] = [
  lesson('setup', {
    rules: ['R1.1', 'R1.2', 'R1.3', 'R1.4', 'R1.5', 'R1.6', 'R11.1'],
    table: () => firstDeal('lesson-setup'),
    steps: [step('setup.ask', (a) => a.type === 'setup')],
    happened: started,
  }),
  lesson('newPirate', {
    rules: ['R2.1', 'R2.3', 'R3.3', 'R9.3'],
    table: () => preparedTable({ seed: 'lesson-new-pirate', card: 'newPirate', red: { deck: ['whip'] } }),
    steps: [turnFirstCard, step('newPirate.ask', (a) => a.type === 'newPirate')],
  }),
  lesson('justTurned', {
    rules: ['R2.2', 'R9.1', 'R9.2', 'R3.5'],
    table: () =>
      preparedTable({
        seed: 'lesson-just-turned',
        card: 'sleeping',
        justTurned: 'attack',
        red: { deck: ['incisor'] },
        blue: { deck: ['whip'] },
      }),
    steps: [step('justTurned.ask', (a) => a.type === 'turnCard' && a.card === 0)],
  }),
  lesson('swing', {
    rules: ['R3.4', 'R2.5'],
    table: () =>
      preparedTable({
        seed: 'lesson-swing',
        card: 'swing',
        red: { deck: ['incisor', 'bomb'] },
        blue: { deck: [] },
      }),
    steps: [turnFirstCard, step('swing.ask', (a) => a.type === 'swing')],
  }),
  lesson('attack', {
    rules: ['R3.7', 'R4.1', 'R4.2'],
    table: () =>
      preparedTable({
        seed: 'lesson-attack',
        card: 'attack',
        red: { deck: ['captain'] },
        blue: { boarding: ['earring'] },
      }),
    steps: [turnFirstCard, step('attack.ask', attacks, 'attack.askTarget')],
  }),
  lesson('tie', {
    rules: ['R4.2', 'R4.5'],
    table: () =>
      preparedTable({
        seed: 'lesson-tie',
        card: 'attack',
        red: { deck: ['incisor'] },
        blue: { boarding: ['incisor'], known: ['incisor'] },
      }),
    steps: [turnFirstCard, step('tie.ask', attacks, 'tie.askTarget')],
  }),
  lesson('adder', {
    rules: ['R4.3'],
    table: () =>
      preparedTable({
        seed: 'lesson-adder',
        card: 'attack',
        red: { deck: ['adder'] },
        blue: { boarding: ['captain'], known: ['captain'] },
      }),
    steps: [turnFirstCard, step('adder.ask', attacks, 'adder.askTarget')],
  }),
  lesson('bomb', {
    rules: ['R4.4'],
    table: () =>
      preparedTable({
        seed: 'lesson-bomb',
        card: 'attack',
        red: { boarding: ['bombcatcher'] },
        blue: { deck: ['bomb'], known: ['bomb'] },
      }),
    steps: [turnFirstCard, step('bomb.ask', attacks, 'bomb.askTarget')],
  }),
  lesson('onlyBomb', {
    rules: ['R2.4'],
    table: () =>
      preparedTable({
        seed: 'lesson-only-bomb',
        card: 'attack',
        red: { deck: ['bomb'] },
        blue: { boarding: ['earring'] },
      }),
    steps: [turnFirstCard, step('onlyBomb.ask', (a) => a.type === 'pass')],
  }),
  lesson('decline', {
    // Attack! may be declined (R2.5): a lost battle here would leave Red's deck to Blue's Captain (R5.1).
    rules: ['R2.5', 'R5.1'],
    table: () =>
      preparedTable({
        seed: 'lesson-decline',
        card: 'attack',
        red: { deck: ['incisor'] },
        blue: { boarding: ['captain'], known: ['captain'] },
      }),
    steps: [
      turnFirstCard,
      step(
        'decline.ask',
        (a) => a.type === 'pass',
        undefined,
        (a) => (a.type === 'attack' ? 'decline.whyAttack' : null),
      ),
    ],
  }),
  lesson('plank', {
    rules: ['R3.6', 'R1.7', 'R2.3'],
    table: () =>
      preparedTable({
        seed: 'lesson-plank',
        card: 'plank',
        red: { deck: ['swashbuckler'] },
        blue: { deck: ['whip'] },
      }),
    steps: [turnFirstCard],
    happened: plankCoin,
  }),
  lesson('cannon', {
    rules: ['R3.1', 'R8.1', 'R8.2'],
    table: () =>
      preparedTable({
        seed: 'lesson-cannon',
        card: 'shootSail',
        options: { shots: 'aimed' },
        red: { deck: ['incisor'] },
        blue: { deck: ['adder'] },
      }),
    steps: [turnFirstCard, step('cannon.ask', shoots)],
    happened: shot('cannon'),
  }),
  lesson('skull', {
    rules: ['R3.2', 'R11.2'],
    table: () =>
      preparedTable({
        seed: 'lesson-skull',
        card: 'shootSkull',
        options: { shots: 'aimed' },
        red: { deck: ['incisor'] },
        blue: { deck: ['whip', 'earring'] },
      }),
    steps: [turnFirstCard, step('skull.ask', (a) => a.type === 'hatch'), step('skull.askShoot', shoots)],
    happened: shot('skull'),
  }),
  lesson('flag', {
    rules: ['R3.7', 'R5.1', 'R6.1', 'R6.2', 'R6.3', 'R6.4', 'R6.5', 'R7.2'],
    table: () =>
      preparedTable({
        seed: 'lesson-flag',
        card: 'attack',
        red: { boarding: ['earring'] },
        blue: { flags: ['flag', 'monkey', 'barrel'] },
      }),
    steps: [turnFirstCard, step('flag.ask', (a) => a.type === 'raid'), step('flag.askFlag', turnsFlag)],
    happened: flagCard('raid'),
  }),
  lesson('barrel', {
    rules: ['R6.1', 'R6.3'],
    table: () =>
      preparedTable({
        seed: 'lesson-barrel',
        card: 'attack',
        red: { boarding: ['earring', 'captain'] },
        blue: { flags: ['barrel', 'monkey', 'flag'] },
      }),
    steps: [
      turnFirstCard,
      // The raider risks its life (R6.3): the one Red can best spare, not the Captain.
      step(
        'barrel.ask',
        (a, table) => a.type === 'raid' && kindOf(table, a.piece) === 'earring',
        undefined,
        (a, table) =>
          a.type === 'raid' && kindOf(table, a.piece) === 'captain' ? 'barrel.whyCaptain' : null,
      ),
      // All three cards are hidden, so nothing on the table tells them apart: the lesson asks for the left one.
      step(
        'barrel.askFlag',
        (a) => a.type === 'turnFlag' && a.slot === 0,
        undefined,
        (a) => (a.type === 'turnFlag' ? 'barrel.whyCard' : null),
      ),
    ],
    happened: flagCard('raid'),
  }),
  lesson('win', {
    rules: ['R6.4', 'R6.5', 'R7.1'],
    table: () =>
      preparedTable({
        seed: 'lesson-win',
        card: 'attack',
        // Blue's Monkey and Powder Barrel were shown by earlier tries, so turns have passed: Blue slept last.
        justTurned: 'sleeping',
        red: { boarding: ['whip'] },
        blue: { flags: ['flag', 'monkey', 'barrel'], flagsShown: ['monkey', 'barrel'] },
      }),
    steps: [
      turnFirstCard,
      step('flag.ask', (a) => a.type === 'raid'),
      // The Flag is the one card the table does not show yet: the player works it out from the two it does.
      step(
        'win.askFlag',
        (a, table) => a.type === 'turnFlag' && shownFlag(table, a.slot) === null,
        undefined,
        (a, table) => {
          if (a.type !== 'turnFlag') return null;
          const card = shownFlag(table, a.slot);
          return card === 'monkey' ? 'win.whyMonkey' : card === 'barrel' ? 'win.whyBarrel' : null;
        },
      ),
    ],
    happened: flagCard('raid'),
  }),
  lesson('cannonFlag', {
    rules: ['R5.2', 'R7.1', 'R8.3', 'R11.3'],
    table: () =>
      preparedTable({
        // Quick shots fire as the card turns; this seed's first sail shot hits (the tests check it).
        seed: 'lesson-cannon-flag-1',
        card: 'shootSail',
        options: { shots: 'quick' },
        red: { deck: ['whip'] },
        blue: { flags: ['monkey', 'barrel', 'flag'] },
      }),
    steps: [turnFirstCard, step('flag.askFlag', turnsFlag)],
    happened: flagCard('shot'),
  }),
  lesson('advanced', {
    rules: ['R10.1', 'R10.2', 'R10.3'],
    table: () =>
      preparedTable({
        seed: 'lesson-advanced',
        card: 'sleeping',
        options: { variant: 'advanced' },
        aside: { red: 'attack', blue: 'swing' },
        red: { deck: ['whip'] },
        blue: { deck: ['earring'] },
      }),
    steps: [step('advanced.ask', (a) => a.type === 'turnCard' && a.card === 0)],
  }),
];
