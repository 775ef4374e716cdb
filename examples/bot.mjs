#!/usr/bin/env node
/**
 * A complete bot for bot protocol 2 (docs/bots.md), in plain Node with nothing to install. It is started
 * once and plays every game the host gives it: its ready line asks for protocol 2; each game opens with a
 * `newGame` line (its number, the bot's seat, a seed), each decision is a `decide` line naming the game,
 * and an `over` line ends it. Piece ids are seat-relative: its own pieces 0-9, the enemy's 10-19. The
 * answer is one line on stdout: the index of the chosen action in `legalActions` (or the action itself as
 * JSON). Anything for people goes to stderr.
 *   npx pirates tournament --bots heuristic,cmd:"node examples/bot.mjs" --games 4
 * It plays by a few rules of thumb: raid an empty deck, attack with a piece known to win, attempt the
 * flag with a card not yet shown; otherwise it chooses at random, from the seed the host gives, so the
 * same tournament key gives the same games.
 */
import { createInterface } from 'node:readline';

/** A small seeded generator (mulberry32) from the line's seed string. */
function randomFrom(seed) {
  let h = 1779033703;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// R1.1 ranks; R4: the higher rank wins, Aden Adder beats the Captain, only Boris Bomb-catcher beats the Bomb.
const RANK = { captain: 7, swashbuckler: 6, whip: 5, incisor: 4, earring: 3, bombcatcher: 2, adder: 1 };
const beats = (attacker, defender) => {
  if (defender === 'bomb') return attacker === 'bombcatcher';
  if (attacker === 'adder' && defender === 'captain') return true;
  if (attacker === 'captain' && defender === 'adder') return false;
  return (RANK[attacker] ?? 0) > (RANK[defender] ?? 0);
};

/** The games under way, by number: the seat and the random generator of each. */
const games = new Map();

function choose(line) {
  const { seat, random } = games.get(line.game);
  const actions = line.legalActions;
  const view = line.view;
  const enemy = seat === 'red' ? 'blue' : 'red';
  // Kinds are null where this seat does not know them: the enemy's pieces never shown in battle.
  const pieces = [...view.ships.red.deck, ...view.ships.blue.deck];
  const kindOf = (id) => pieces.find((p) => p.id === id)?.kind ?? null;
  const index = (test) => actions.findIndex(test);
  const raid = index((a) => a.type === 'raid');
  if (raid >= 0) return raid;
  const win = index((a) => {
    if (a.type !== 'attack') return false;
    const [attacker, target] = [kindOf(a.attacker), kindOf(a.target)];
    return attacker !== null && target !== null && beats(attacker, target);
  });
  if (win >= 0) return win;
  const unseenFlag = index((a) => a.type === 'turnFlag' && view.ships[enemy].flagSlots[a.slot] === null);
  if (unseenFlag >= 0) return unseenFlag;
  return Math.floor(random() * actions.length);
}

// Before anything else: the host then speaks protocol 2 to this process.
process.stdout.write(`${JSON.stringify({ type: 'ready', protocol: 2 })}\n`);

createInterface({ input: process.stdin }).on('line', (text) => {
  const line = JSON.parse(text);
  // The host may have written a protocol-1 line before it read the ready line: not for us.
  if (line.protocol !== 2) return;
  if (line.type === 'newGame') games.set(line.game, { seat: line.seat, random: randomFrom(line.seed) });
  else if (line.type === 'decide') process.stdout.write(`${choose(line)}\n`);
  else if (line.type === 'over') {
    games.delete(line.game);
    process.stderr.write(`bot.mjs: game ${line.game}: ${line.outcome?.message ?? 'no outcome'}\n`);
  }
});
