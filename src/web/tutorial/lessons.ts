/**
 * "Learn to play": five short lessons on prepared tables, each asking the player to do one thing at a time
 * and saying afterwards what happened and why. The player is Red; only the asked moves are offered.
 */
import type { Action, GameState } from '../../engine/index.ts';
import { preparedTable } from './positions.ts';

/** One thing the player is asked to do, e.g. "Turn card 1". `accepts` says which offered moves fit. */
export interface LessonStep {
  readonly ask: string;
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

const turnFirstCard: LessonStep = {
  ask: 'Turn card 1 (top left). Its hidden side becomes your action.',
  accepts: (a) => a.type === 'turnCard' && a.card === 0,
};

export const LESSONS: readonly Lesson[] = [
  {
    title: 'Turn a card',
    intro:
      'Each turn you turn over one of the ten action cards. The side that was hidden is what you do this turn.',
    table: () => preparedTable({ seed: 'lesson-new-pirate', card: 'newPirate', red: { deck: ['whip'] } }),
    steps: [
      turnFirstCard,
      {
        ask: 'New pirate! Choose one of your extras (below your ship) to bring on deck.',
        accepts: (a) => a.type === 'newPirate',
      },
    ],
    done: 'Your new pirate stands on your deck. Pirates on deck defend your ship, and can board the enemy.',
  },
  {
    title: 'Attack!',
    intro:
      'Blue has boarded your ship. When you turn Attack!, a pirate of yours fights an enemy on the same deck.',
    table: () =>
      preparedTable({
        seed: 'lesson-attack',
        card: 'attack',
        red: { deck: ['captain'] },
        blue: { boarding: ['earring'] },
      }),
    steps: [
      turnFirstCard,
      { ask: 'Choose your Captain to attack with.', accepts: (a) => a.type === 'attack' },
    ],
    done: 'The higher rank wins the battle: your Captain (7) beat Eddy Earring (3), who leaves the game. Both kinds are now known to both players.',
  },
  {
    title: 'The plank',
    intro:
      'The plank is a risk: when you turn it, your opponent chooses one of YOUR pirates on a deck to walk it, and a coin decides its fate.',
    table: () =>
      preparedTable({
        seed: 'lesson-plank',
        card: 'plank',
        red: { deck: ['swashbuckler'] },
        blue: { deck: ['whip'] },
      }),
    steps: [turnFirstCard],
    done: 'Blue chose your pirate for the plank and the coin was tossed: the shark takes the pirate, the cheerful pirate saves it. Turn the plank when you have little to lose on deck.',
  },
  {
    title: 'Aim the cannon',
    intro:
      'Sail shot: fire the cannon at the hole in the enemy sail. A hit makes Blue give up a pirate, or lets you try for the flag when Blue has nobody on deck.',
    table: () =>
      preparedTable({
        seed: 'lesson-cannon',
        card: 'shootSail',
        options: { shots: 'aimed' },
        red: { deck: ['incisor'] },
        blue: { deck: ['adder'] },
      }),
    steps: [
      turnFirstCard,
      {
        ask: 'Aim: drag behind the cannon and pull back, or use the sliders, then press Fire!',
        accepts: (a) => a.type === 'shoot',
      },
    ],
    done: 'Hit or miss, the scene showed where the ball went: aim a little higher or lower next time.',
  },
  {
    title: 'Try for the flag',
    intro:
      "Your pirate has boarded Blue's ship and nobody defends it. Turn Attack! to try for Blue's flag: one of three hidden flag cards is the Flag.",
    table: () =>
      preparedTable({
        seed: 'lesson-flag',
        card: 'attack',
        red: { boarding: ['earring'] },
        blue: { flags: ['flag', 'monkey', 'barrel'] },
      }),
    steps: [
      turnFirstCard,
      { ask: 'Try for the flag with your boarder.', accepts: (a) => a.type === 'raid' },
      { ask: "Turn one of Blue's three flag cards.", accepts: (a) => a.type === 'turnFlag' },
    ],
    done: 'The Flag wins the game; the Monkey does nothing; the Powder Barrel blows your raider overboard. Hide your own Flag well!',
  },
];
