/**
 * "Learn to play" (issue 20 item 2, issue 32 item 1): lessons on prepared tables, only the asked moves
 * offered, every rule of RULES.md taught by one of them, each lesson showing what it says it shows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  FLAG_CARDS,
  type GameEvent,
  type GameState,
  legalActions,
  PIECE_SET,
  type PlayerView,
  SEATS,
  viewFor,
} from '../../src/engine/index.ts';
import { cardRefusal } from '../../src/web/game/choices.ts';
import { promptFor } from '../../src/web/game/prompt.ts';
import type { Catalog } from '../../src/web/i18n/catalog.ts';
import { de } from '../../src/web/i18n/de.ts';
import { en } from '../../src/web/i18n/en.ts';
import { fr } from '../../src/web/i18n/fr.ts';
import { setLanguage } from '../../src/web/i18n/i18n.ts';
import { nl } from '../../src/web/i18n/nl.ts';
import type { LinkNews } from '../../src/web/link.ts';
import { LESSONS, type LessonId } from '../../src/web/tutorial/lessons.ts';
import { type LessonStatus, startLesson } from '../../src/web/tutorial/link.ts';

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Every rule id of ../shared/RULES.md (R1.1 ... R11.3). Kept here because a clone of the project alone has no
 * ../shared; where RULES.md is next to the project, the test below also reads it and checks this list.
 */
const RULE_IDS = [
  ...['R1.1', 'R1.2', 'R1.3', 'R1.4', 'R1.5', 'R1.6', 'R1.7'],
  ...['R2.1', 'R2.2', 'R2.3', 'R2.4', 'R2.5'],
  ...['R3.1', 'R3.2', 'R3.3', 'R3.4', 'R3.5', 'R3.6', 'R3.7'],
  ...['R4.1', 'R4.2', 'R4.3', 'R4.4', 'R4.5'],
  ...['R5.1', 'R5.2'],
  ...['R6.1', 'R6.2', 'R6.3', 'R6.4', 'R6.5'],
  ...['R7.1', 'R7.2'],
  ...['R8.1', 'R8.2', 'R8.3'],
  ...['R9.1', 'R9.2', 'R9.3'],
  ...['R10.1', 'R10.2', 'R10.3'],
  ...['R11.1', 'R11.2', 'R11.3'],
];

/** Opens a lesson's link: what it says to the table (`heard`) and to the coach (`statuses`). */
async function openLesson(index: number) {
  const heard: LinkNews[] = [];
  const statuses: LessonStatus[] = [];
  const link = startLesson(
    index,
    (n) => heard.push(n),
    (s) => statuses.push(s),
  );
  await settle();
  return { link, heard, statuses };
}

/** Plays a lesson through its link, each step with the first move offered; what Red saw on the way. */
async function playThrough(
  index: number,
): Promise<{ first: PlayerView; last: PlayerView; events: GameEvent[] }> {
  const { link, heard } = await openLesson(index);
  const lesson = LESSONS[index];
  if (lesson === undefined) throw new Error(`no lesson ${index}`);
  const views = () => heard.flatMap((n) => (n.t === 'update' ? [n.view] : []));
  const first = views()[0];
  if (first === undefined) throw new Error('no first view');
  for (const _ of lesson.steps) {
    const offered = views().at(-1)?.legalActions[0];
    if (offered === undefined) throw new Error(`${lesson.id}: nothing offered`);
    link.send('red', offered);
    await settle();
  }
  link.close();
  const last = views().at(-1) as PlayerView;
  const events = heard.flatMap((n) => (n.t === 'update' ? n.events : []));
  return { first, last, events };
}

function indexOf(id: LessonId): number {
  const index = LESSONS.findIndex((l) => l.id === id);
  if (index < 0) throw new Error(`no lesson ${id}`);
  return index;
}

describe('every rule has its lesson (issue 32 item 1)', () => {
  it('each rule id of RULES.md is taught by a lesson, and a lesson names no other id', () => {
    const rulesFile = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/RULES.md');
    if (existsSync(rulesFile)) {
      const written = [...readFileSync(rulesFile, 'utf8').matchAll(/^- (R\d+\.\d+) /gm)].map((m) => m[1]);
      expect(written).toEqual(RULE_IDS);
    }
    const taught = new Set(LESSONS.flatMap((l) => l.rules));
    expect(RULE_IDS.filter((id) => !taught.has(id as never))).toEqual([]);
    expect([...taught].filter((id) => !RULE_IDS.includes(id))).toEqual([]);
  });
});

describe('the lessons name the buttons as the page labels them, in every language', () => {
  const word = (catalog: Catalog, path: string): string => {
    const found = path
      .split('.')
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], catalog);
    if (typeof found !== 'string') throw new Error(`no ${path}`);
    return found;
  };
  for (const [language, catalog] of Object.entries({ en, nl, de, fr } as Record<string, Catalog>)) {
    it(`${language}: the setup lesson's “Set sail!” and the only-Bomb lesson's “Don't attack”`, () => {
      expect(word(catalog, 'tutorial.setup.ask')).toContain(word(catalog, 'setup.sail'));
      expect(word(catalog, 'tutorial.onlyBomb.ask')).toContain(word(catalog, 'choices.pass.attack'));
    });
  }
});

describe('what each lesson shows', () => {
  it('setup: Red sets up, Blue at the same time in secret, a coin says who starts (R1.4, R1.6)', async () => {
    const { first, last, events } = await playThrough(indexOf('setup'));
    expect(first.phase).toBe('setup');
    expect(first.cards).toHaveLength(10);
    expect(last.phase).toBe('play');
    expect(last.ships.blue.deck).toHaveLength(3);
    expect(last.ships.blue.deck.every((p) => p.kind === null)).toBe(true);
    expect(events.some((e) => e.type === 'coinTossed' && e.for === 'start')).toBe(true);
  });

  it('the card just turned may not be turned (R2.2), and Sleeping pirates does nothing (R3.5)', async () => {
    const lesson = LESSONS[indexOf('justTurned')];
    const table = lesson?.table();
    if (table === undefined) throw new Error('no table');
    expect(table.lastTurned).toBe(5);
    const refused = applyAction(table, 'red', { type: 'turnCard', card: 5 });
    expect(refused.ok).toBe(false);
    const { first, events } = await playThrough(indexOf('justTurned'));
    expect(first.cards[5]?.down).not.toBeNull();
    expect(events.some((e) => e.type === 'cardTurned')).toBe(true);
    expect(events.some((e) => e.type === 'nothingHappened')).toBe(true);
  });

  it('swing: the Bomb is not offered (R3.4), the pirate stands on the enemy deck', async () => {
    const { last } = await playThrough(indexOf('swing'));
    expect(last.ships.blue.deck.map((p) => p.kind)).toEqual(['incisor']);
    expect(last.ships.red.deck.map((p) => p.kind)).toEqual(['bomb']);
  });

  const battles: [LessonId, string[]][] = [
    ['attack', ['earring']],
    ['tie', ['incisor', 'incisor']],
    ['adder', ['captain']],
    ['bomb', ['bomb']],
  ];
  for (const [id, out] of battles) {
    it(`${id}: the battle ends as the lesson says (R4.2-R4.5)`, async () => {
      const { last } = await playThrough(indexOf(id));
      expect(last.out.map((p) => p.kind)).toEqual(out);
    });
  }

  it('only the Bomb on deck: Red is asked and may only pass (R2.4)', async () => {
    const { link, heard } = await openLesson(indexOf('onlyBomb'));
    link.send('red', { type: 'turnCard', card: 0 });
    await settle();
    const update = heard.findLast((n) => n.t === 'update');
    if (update?.t !== 'update') throw new Error('no update');
    expect(update.view.pending).toMatchObject({ ask: 'attack', seat: 'red' });
    expect(update.view.legalActions).toEqual([{ type: 'pass' }]);
    link.close();
  });

  it('plank and shots: Blue answers inside the turn, the coin and the cannon are shown', async () => {
    expect((await playThrough(indexOf('plank'))).events.some((e) => e.type === 'coinTossed')).toBe(true);
    expect((await playThrough(indexOf('cannon'))).events.some((e) => e.type === 'shot')).toBe(true);
    const skull = await playThrough(indexOf('skull'));
    expect(skull.events.some((e) => e.type === 'onHatch')).toBe(true);
    expect(skull.events.some((e) => e.type === 'shot')).toBe(true);
  });

  it('a lesson with chance says what happened this time: the coin, the shot, the flag card', async () => {
    const said = async (id: LessonId) => {
      const statuses: LessonStatus[] = [];
      const link = startLesson(
        indexOf(id),
        () => {},
        (s) => statuses.push(s),
      );
      await settle();
      return { link, statuses };
    };
    for (const id of ['setup', 'plank', 'skull', 'flag', 'cannonFlag'] as const) {
      const { events } = await playThrough(indexOf(id));
      const lesson = LESSONS[indexOf(id)];
      const happened = lesson?.happened?.(events);
      expect(happened, id).toMatch(/^(This time|You turned)/);
    }
    // The link says it before the lesson's words, once the steps are done.
    const { link, statuses } = await said('plank');
    link.send('red', { type: 'turnCard', card: 0 });
    await settle();
    expect(statuses.at(-1)?.done).toMatch(/^This time the coin showed the (shark|cheerful pirate)/);
    expect(statuses.at(-1)?.done).toContain(LESSONS[indexOf('plank')]?.done);
    link.close();
  });

  it('the cannon can win: the quick shot hits with nobody on deck, and a flag card is turned (R5.2)', async () => {
    const { events } = await playThrough(indexOf('cannonFlag'));
    expect(events.some((e) => e.type === 'shot')).toBe(true);
    expect(events.some((e) => e.type === 'flagCardTurned')).toBe(true);
  });

  it('advanced: the card played is set aside and the one set aside before comes back (R10.1, R10.2)', async () => {
    const { first, last } = await playThrough(indexOf('advanced'));
    expect(first.cards[9]?.aside).toBe('red');
    expect(first.cards[8]?.aside).toBe('blue');
    expect(last.cards[0]?.aside).toBe('red');
    expect(last.cards[9]?.aside).toBeNull();
  });
});

describe('the lessons', () => {
  for (const [index, lesson] of LESSONS.entries()) {
    it(`lesson ${index + 1}, ${lesson.title}: each step offers what it asks (first) or can say is wrong, and ends done`, async () => {
      const heard: LinkNews[] = [];
      const statuses: LessonStatus[] = [];
      const link = startLesson(
        index,
        (n) => heard.push(n),
        (s) => statuses.push(s),
      );
      await settle();
      for (const step of lesson.steps) {
        const update = heard.findLast((n) => n.t === 'update');
        if (update?.t !== 'update') throw new Error('no update');
        const offered = update.view.legalActions;
        expect(offered.length, step.ask).toBeGreaterThan(0);
        // A move the step does not ask for is offered only when the lesson says why it is wrong.
        for (const action of offered) {
          const answered = step.accepts(action, update.view) || step.why?.(action, update.view) != null;
          expect(answered, JSON.stringify(action)).toBe(true);
        }
        expect(statuses.at(-1)?.ask).toBe(step.ask);
        const first = offered[0] as Action;
        expect(step.accepts(first, update.view)).toBe(true);
        link.send('red', first);
        await settle();
      }
      expect(statuses.at(-1)).toMatchObject({ ask: null, lesson: index, total: LESSONS.length });
      // What happened this time (a coin, a shot, a flag card), then the lesson's own words.
      expect(statuses.at(-1)?.done?.endsWith(lesson.done)).toBe(true);
      link.close();
    });
  }

  it('the attack lesson asks for the target once the Captain is chosen (issue 32 item 1)', async () => {
    const statuses: LessonStatus[] = [];
    const heard: LinkNews[] = [];
    const link = startLesson(
      indexOf('attack'),
      (n) => heard.push(n),
      (s) => statuses.push(s),
    );
    await settle();
    const update = heard.findLast((n) => n.t === 'update');
    if (update?.t !== 'update') throw new Error('no update');
    link.send('red', update.view.legalActions[0] as Action);
    await settle();
    expect(statuses.at(-1)).toMatchObject({
      ask: 'Choose your Captain to attack with.',
      askChosen: "Now choose the enemy to attack: Blue's unknown pirate on your deck, marked “?”.",
    });
    link.close();
  });

  it('a move the lesson does not ask for is refused with a code, and nothing changes', async () => {
    const heard: LinkNews[] = [];
    const link = startLesson(
      0,
      (n) => heard.push(n),
      () => {},
    );
    await settle();
    link.send('red', { type: 'turnCard', card: 4 });
    await settle();
    expect(heard.at(-1)).toMatchObject({ t: 'error', code: 'tutorial/not-asked' });
    expect(heard.filter((n) => n.t === 'update')).toHaveLength(1);
    link.close();
  });
});

/** A sentence of a catalog by its dotted key, e.g. 'tutorial.skull.intro'. */
function words(catalog: Catalog, key: string): string {
  let at: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) at = typeof at === 'object' ? at[part] : undefined;
  if (typeof at !== 'string') throw new Error(`no ${key}`);
  return at;
}

describe('what the lessons say agrees with the table (issue 52 item 2)', () => {
  const catalogs = { en, nl, de, fr } as const;

  for (const [language, catalog] of Object.entries(catalogs)) {
    it(`${language}: before the battle, a hidden boarder is not named (the table shows “?”)`, () => {
      const earring = words(catalog, 'names.piece.earring');
      for (const key of ['tutorial.attack.intro', 'tutorial.attack.askTarget', 'tutorial.onlyBomb.intro'])
        expect(words(catalog, key), key).not.toContain(earring);
      expect(words(catalog, 'tutorial.attack.askTarget')).toContain('?');
    });

    it(`${language}: the skull lesson puts the hatch where the prompt and the log do (above the skull)`, () => {
      const above = { en: 'above the skull', nl: 'boven het doodshoofd', de: 'über dem Totenkopf' }[
        language as 'en' | 'nl' | 'de'
      ];
      const where = above ?? 'au-dessus de la tête de mort';
      for (const key of ['tutorial.skull.intro', 'log.onHatch', 'prompt.hatchYou'])
        expect(words(catalog, key), key).toContain(where);
    });
  }

  it('the setup lesson tells the coin once: what happened says who starts, the words after it do not', () => {
    const coin = { en: /coin/i, nl: /munt/i, de: /münz/i, fr: /pièce/i } as const;
    for (const [language, word] of Object.entries(coin)) {
      const catalog = catalogs[language as keyof typeof catalogs];
      expect(words(catalog, 'tutorial.setup.started'), language).toMatch(word);
      expect(words(catalog, 'tutorial.setup.done'), language).not.toMatch(word);
    }
  });

  it('R2.2: a click on the card just turned says why it may not be turned; the offered card says nothing', async () => {
    const { heard, link } = await openLesson(indexOf('justTurned'));
    const first = heard.find((n) => n.t === 'update');
    if (first?.t !== 'update') throw new Error('no view');
    expect(cardRefusal(first.view, 5)).toBe(
      'Not card 6: Blue just turned it, and the card your opponent just turned may not be turned back at once. Choose another card.',
    );
    expect(cardRefusal(first.view, 0)).toBeNull();
    link.close();
  });

  it('R10: a click on a card set aside says whose it is; not asked to turn a card, nothing is said', async () => {
    const { heard, link } = await openLesson(indexOf('advanced'));
    const first = heard.find((n) => n.t === 'update');
    if (first?.t !== 'update') throw new Error('no view');
    expect(cardRefusal(first.view, 9)).toBe(
      'Not card 10: Red set it aside, out of play for now. Choose another card.',
    );
    expect(cardRefusal(first.view, 8)).toContain('Blue set it aside');
    expect(cardRefusal({ ...first.view, pending: { ask: 'none' } }, 9)).toBeNull();
    link.close();
  });

  it('the flag lesson: with only a flag try to make, the prompt asks for a flag try, not an attack', async () => {
    const { heard, link } = await openLesson(indexOf('flag'));
    const opening = heard.find((n) => n.t === 'update');
    if (opening?.t !== 'update') throw new Error('no view');
    link.send('red', opening.view.legalActions[0] as Action);
    await settle();
    const asked = heard.findLast((n) => n.t === 'update');
    if (asked?.t !== 'update') throw new Error('no view');
    expect(asked.view.legalActions.every((a) => a.type === 'raid')).toBe(true);
    expect(promptFor(asked.view)).toBe('Choose which pirate tries for the flag');
    link.close();
  });

  it('the coach reads its words when shown: after a change of language it speaks the new one (issue 52 item 3)', async () => {
    const { statuses, link } = await openLesson(indexOf('justTurned'));
    const status = statuses.at(-1);
    expect(status?.title).toBe('The card just turned');
    await setLanguage('de');
    try {
      expect(status?.title).toBe('Die gerade umgedrehte Karte');
      expect(status?.ask).toBe(words(de, 'tutorial.justTurned.ask'));
    } finally {
      await setLanguage('en');
      link.close();
    }
  });
});

/**
 * What a table reached in play always holds, whatever happened before: the crews of R1.1, every piece in one
 * place and on its deck list, the Bomb never aboard the enemy (R3.4), three flag cards each (R1.2), never the
 * Flag shown (R6.4 ends the game), and a card turned before once the game is under way (R2.2). Problems, in words.
 */
function problemsOf(state: GameState): string[] {
  const problems: string[] = [];
  const sorted = (kinds: readonly string[]) => [...kinds].sort().join(',');
  if (state.phase !== 'play' || state.outcome !== null) problems.push('not a game in play');
  if (state.pending.ask !== 'turnCard' || state.pending.seat !== 'red' || state.mover !== 'red')
    problems.push('not Red to turn a card');
  for (const seat of SEATS) {
    const first = seat === 'red' ? 0 : 10;
    if (sorted(state.kinds.slice(first, first + 10)) !== sorted(PIECE_SET))
      problems.push(`${seat}: not R1.1's crew`);
    const standing = state.places.flatMap((place, id) => (place === seat ? [id] : []));
    if (sorted(standing.map(String)) !== sorted(state.decks[seat].map(String)))
      problems.push(`${seat}: the deck list and the places disagree`);
    if (sorted(state.flagSlots[seat]) !== sorted(FLAG_CARDS)) problems.push(`${seat}: not three flag cards`);
    if (state.flagSlots[seat].some((card, slot) => card === 'flag' && state.flagShown[seat][slot]))
      problems.push(`${seat}: the Flag shown, yet the game goes on`);
  }
  for (const [id, place] of state.places.entries()) {
    const owner = id < 10 ? 'red' : 'blue';
    const aboard = place !== owner && place !== 'extras' && place !== 'out';
    if (aboard && state.kinds[id] === 'bomb') problems.push(`the Bomb ${id} aboard the enemy`);
    if (aboard && !state.boarded[id]) problems.push(`piece ${id} aboard but not marked boarded`);
    if (state.shown[id] && place === 'extras') problems.push(`piece ${id} shown, yet among the extras`);
  }
  if (state.turn > 0 && state.lastTurned === null) problems.push('under way, yet no card turned before');
  return problems;
}

/**
 * Plays a lesson on the engine itself, step by step: each step's asked move must be among the engine's legal
 * moves and be applied; Blue's part inside the turn is its first legal answer, as the lesson link plays it.
 */
function playOnEngine(id: LessonId): { table: GameState; end: GameState; events: GameEvent[] } {
  const lesson = LESSONS[indexOf(id)];
  if (lesson === undefined) throw new Error(`no lesson ${id}`);
  const table = lesson.table();
  let state = table;
  const events: GameEvent[] = [];
  for (const step of lesson.steps) {
    const view = viewFor(state, 'red');
    const asked = legalActions(state, 'red').find((a) => step.accepts(a, view));
    if (asked === undefined) throw new Error(`${id}: the asked move is not legal (${step.ask})`);
    const played = applyAction(state, 'red', asked);
    if (!played.ok) throw new Error(played.error.message);
    state = played.state;
    events.push(...played.events);
  }
  return { table, end: state, events };
}

describe('the lessons that play what was only described: winning, the Powder Barrel, Pass (issue 52 item 2)', () => {
  for (const id of ['decline', 'barrel', 'win'] as const) {
    it(`${id}: the prepared table is one a game can reach, and each asked move is legal there`, () => {
      const { table, end } = playOnEngine(id);
      expect(problemsOf(table)).toEqual([]);
      expect(end.log.length).toBe(table.log.length + (LESSONS[indexOf(id)]?.steps.length ?? 0));
    });
  }

  it('R2.5, R5.1: Attack! declined with Pass; Ivan keeps the deck, so the Captain cannot try for the flag', async () => {
    const { table, end } = playOnEngine('decline');
    const view = viewFor(table, 'red');
    expect(view.ships.red.deck.map((p) => p.kind)).toEqual(['incisor', 'captain']);
    expect(end.out).toEqual([]);
    expect(end.pending).toMatchObject({ ask: 'turnCard', seat: 'blue' });
    expect(legalActions(end, 'blue').some((a) => a.type === 'raid')).toBe(false);
    // The attack the lesson warns against is legal, offered, and answered with the reason; nothing changes.
    const { link, heard } = await openLesson(indexOf('decline'));
    link.send('red', { type: 'turnCard', card: 0 });
    await settle();
    const asked = heard.findLast((n) => n.t === 'update');
    if (asked?.t !== 'update') throw new Error('no view');
    expect(asked.view.legalActions[0]).toEqual({ type: 'pass' });
    const attack = asked.view.legalActions.find((a) => a.type === 'attack');
    if (attack === undefined) throw new Error('the attack is not offered');
    const updates = heard.filter((n) => n.t === 'update').length;
    link.send('red', attack);
    await settle();
    expect(heard.at(-1)).toEqual({
      t: 'error',
      code: 'tutorial/why',
      message: 'The lesson asks for another move.',
      said: en.tutorial.decline.whyAttack,
    });
    expect(heard.filter((n) => n.t === 'update')).toHaveLength(updates);
    link.send('red', { type: 'pass' });
    await settle();
    expect(heard.at(-1)).toMatchObject({ t: 'update' });
    link.close();
  });

  it('R6.3: the Powder Barrel blows the raider overboard; the Captain, not asked to try, stays aboard', async () => {
    const { end, events } = playOnEngine('barrel');
    const turned = events.find((e) => e.type === 'flagCardTurned');
    expect(turned).toMatchObject({ owner: 'blue', slot: 0, card: 'barrel' });
    expect(end.out.map((id) => end.kinds[id])).toEqual(['earring']);
    expect(viewFor(end, 'red').ships.blue.deck.map((p) => p.kind)).toEqual(['captain']);
    expect(end.flagShown.blue).toEqual([true, false, false]);
    expect(end.outcome).toBeNull();
    expect(LESSONS[indexOf('barrel')]?.happened?.(events)).toBe(en.tutorial.turned.barrelRaid);
    // Before it is turned, Red sees none of Blue's flag cards: the lesson's words cannot lean on one.
    expect(viewFor(playOnEngine('barrel').table, 'red').ships.blue.flagSlots).toEqual([null, null, null]);
    // A try with the Captain, or another flag card, is answered with why, and changes nothing.
    const { link, heard } = await openLesson(indexOf('barrel'));
    link.send('red', { type: 'turnCard', card: 0 });
    await settle();
    const asked = heard.findLast((n) => n.t === 'update');
    if (asked?.t !== 'update') throw new Error('no view');
    const captain = asked.view.ships.blue.deck.find((p) => p.kind === 'captain');
    link.send('red', { type: 'raid', piece: captain?.id ?? -1 });
    await settle();
    expect(heard.at(-1)).toMatchObject({ t: 'error', said: en.tutorial.barrel.whyCaptain });
    const eddy = asked.view.ships.blue.deck.find((p) => p.kind === 'earring');
    link.send('red', { type: 'raid', piece: eddy?.id ?? -1 });
    await settle();
    link.send('red', { type: 'turnFlag', slot: 2 });
    await settle();
    expect(heard.at(-1)).toMatchObject({ t: 'error', said: en.tutorial.barrel.whyCard });
    link.close();
  });

  it('R6.4, R6.5, R7.1: with the Monkey and the Barrel shown, the card left is the Flag, and turning it wins', async () => {
    const { table, end, events } = playOnEngine('win');
    // What the lesson's words lean on is on the table: Blue's Monkey and Powder Barrel, shown before.
    expect(viewFor(table, 'red').ships.blue.flagSlots).toEqual([null, 'monkey', 'barrel']);
    expect(events.find((e) => e.type === 'flagCardTurned')).toMatchObject({ slot: 0, card: 'flag' });
    expect(end.outcome).toMatchObject({ winner: 'red' });
    expect(LESSONS[indexOf('win')]?.happened?.(events)).toBe(en.tutorial.turned.flag);
    const { link, heard, statuses } = await openLesson(indexOf('win'));
    link.send('red', { type: 'turnCard', card: 0 });
    await settle();
    const raid = heard.findLast((n) => n.t === 'update');
    if (raid?.t !== 'update') throw new Error('no view');
    link.send('red', raid.view.legalActions[0] as Action);
    await settle();
    for (const [slot, said] of [
      [1, en.tutorial.win.whyMonkey],
      [2, en.tutorial.win.whyBarrel],
    ] as const) {
      link.send('red', { type: 'turnFlag', slot });
      await settle();
      expect(heard.at(-1)).toMatchObject({ t: 'error', code: 'tutorial/why', said });
    }
    expect(statuses.at(-1)?.done).toBeNull();
    link.send('red', { type: 'turnFlag', slot: 0 });
    await settle();
    expect(statuses.at(-1)?.done).toBe(`${en.tutorial.turned.flag} ${en.tutorial.win.done}`);
    link.close();
  });

  for (const [language, catalog] of Object.entries({ en, nl, de, fr } as Record<string, Catalog>)) {
    it(`${language}: the words name the button as labelled, and the Monkey and the Barrel by the slots the table shows`, () => {
      expect(words(catalog, 'tutorial.decline.ask')).toContain(words(catalog, 'choices.pass.attack'));
      expect(words(catalog, 'tutorial.decline.whyAttack')).toContain(words(catalog, 'choices.pass.attack'));
      // The Monkey is Blue's flag card 2 and the Barrel card 3, as the table's labels count them.
      const intro = words(catalog, 'tutorial.win.intro');
      expect(intro).toMatch(/2\)/);
      expect(intro).toMatch(/3\)/);
    });
  }
});
