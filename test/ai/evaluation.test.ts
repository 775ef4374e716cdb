import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEATURES, featuresOf, WEIGHTS, winChance } from '../../src/ai/evaluation.ts';
import { fitEvaluation, fitLogistic, type Sample } from '../../src/ai/fit-evaluation.ts';
import {
  type Action,
  applyAction,
  createGame,
  legalActions,
  randomFromSeed,
  toAct,
} from '../../src/engine/index.ts';
import { position } from '../engine/positions.ts';

describe('the search evaluation', () => {
  it('is fair to both colours: the mirrored position gets the mirrored features and chance', () => {
    const spec = {
      red: { deck: ['captain', 'bomb'] as const, boarding: ['earring'] as const, out: ['adder'] as const },
      blue: { deck: [] as const, boarding: ['whip'] as const },
    };
    const a = position({ mover: 'red', red: spec.red, blue: spec.blue }).state;
    const b = position({ mover: 'blue', red: spec.blue, blue: spec.red }).state;
    const fa = featuresOf(a);
    const fb = featuresOf(b);
    expect(fa.length).toBe(FEATURES.length);
    for (const [i, value] of fa.entries()) expect(fb[i]).toBeCloseTo(-value, 9);
    expect(winChance(a) + winChance(b)).toBeCloseTo(1, 9);
  });

  it('favours the seat whose boarder stands on an undefended deck with one flag card left', () => {
    const open = position({
      mover: 'blue',
      red: { deck: ['earring'], boarding: ['incisor'] },
      blue: {},
    }).state;
    const flagsShown = { ...open, flagShown: { red: [false, false, false], blue: [true, false, true] } };
    expect(winChance(open)).toBeGreaterThan(0.5);
    expect(winChance(flagsShown)).toBeGreaterThan(winChance(open));
  });

  it('weighs the best battle on offer (battleEdge) and the Bomb guarding its own deck (bombHome)', () => {
    const battleEdge = FEATURES.indexOf('battleEdge');
    const bombHome = FEATURES.indexOf('bombHome');
    // Red's Captain boards beside a blue Earring (worth 3) and Whip (worth 5): the Whip is the best prize.
    const prize = position({
      mover: 'red',
      red: { deck: ['incisor'], boarding: ['captain'] },
      blue: { deck: ['earring', 'whip'] },
    }).state;
    expect(featuresOf(prize)[battleEdge]).toBeCloseTo(5, 9);
    // Beside blue's Adder the Captain has nothing to win (the Adder beats it), so neither side has an edge;
    // but the Adder attacking the Captain wins 7 for blue.
    const adder = position({
      mover: 'red',
      red: { deck: ['incisor'], boarding: ['captain'] },
      blue: { deck: ['adder'] },
    }).state;
    expect(featuresOf(adder)[battleEdge]).toBeCloseTo(-7, 9);
    expect(winChance(prize)).toBeGreaterThan(winChance(adder));
    // The Bomb at home counts for red; on blue's deck it would count for nothing (it never boards).
    const guarded = position({ mover: 'red', red: { deck: ['bomb'] }, blue: { deck: ['earring'] } }).state;
    const unguarded = position({
      mover: 'red',
      red: { deck: ['earring'] },
      blue: { deck: ['earring'] },
    }).state;
    expect(featuresOf(guarded)[bombHome]).toBe(1);
    expect(featuresOf(unguarded)[bombHome]).toBe(0);
  });

  it('sees a raid one card away (raidNow) only for the seat about to turn that card', () => {
    const red = { deck: ['earring'], boarding: ['incisor'] } as const;
    const redToTurn = position({ mover: 'red', red, blue: {}, card: 'attack' }).state;
    const blueToTurn = position({ mover: 'blue', red, blue: {}, card: 'attack' }).state;
    const raidNow = FEATURES.indexOf('raidNow');
    // Blue shows no flag card yet: the raid finds the Flag one time in three.
    expect(featuresOf(redToTurn)[raidNow]).toBeCloseTo(1 / 3, 9);
    expect(featuresOf(blueToTurn)[raidNow]).toBe(0);
    // Red's Attack is barred when blue turned that card just before (R2.2) and no other shows Attack.
    const barred = {
      ...redToTurn,
      lastTurned: 0,
      cards: redToTurn.cards.map((card, i) =>
        i === 0 ? card : { ...card, up: (card.sides[0] === 'attack' ? 0 : 1) as 0 | 1 },
      ),
    };
    expect(featuresOf(barred)[raidNow]).toBe(0);
    expect(winChance(redToTurn)).toBeGreaterThan(winChance(barred));
  });

  it('counts material: losing the Captain lowers the owner’s chance', () => {
    const full = position({ mover: 'red', red: { deck: ['captain'] }, blue: { deck: ['earring'] } }).state;
    const lost = position({
      mover: 'red',
      red: { deck: ['earring'], out: ['captain'] },
      blue: { deck: ['earring'] },
    }).state;
    expect(winChance(lost)).toBeLessThan(winChance(full));
  });

  it('the fast sum the search uses equals the weights times the features, over random games', () => {
    const random = randomFromSeed('features');
    const weights = FEATURES.map((_, i) => ((i * 7) % 5) - 2);
    for (let g = 0; g < 20; g++) {
      let state = createGame({ seed: `eval-${g}`, shots: 'quick', turnLimit: 200 });
      while (state.outcome === null) {
        const seat = toAct(state)[0];
        if (seat === undefined) break;
        const legal = legalActions(state, seat);
        const result = applyAction(state, seat, legal[random.int(legal.length)] as Action);
        if (!result.ok) throw new Error(result.error.message);
        state = result.state;
        for (const w of [WEIGHTS, weights]) {
          const f = featuresOf(state);
          const logit = f.reduce((sum, x, i) => sum + x * (w[i] ?? 0), 0);
          expect(winChance(state, w)).toBeCloseTo(1 / (1 + Math.exp(-logit)), 12);
        }
      }
    }
  });

  it('uses one weight per feature', () => {
    expect(WEIGHTS.length).toBe(FEATURES.length);
    for (const w of WEIGHTS) expect(Number.isFinite(w)).toBe(true);
  });
});

describe('fitting the evaluation', () => {
  it('recovers the weights of a known logistic model', () => {
    const truth = FEATURES.map((_, i) => (i % 3 === 0 ? 0.8 : i % 3 === 1 ? -0.5 : 0));
    const random = randomFromSeed('synthetic');
    const samples: Sample[] = [];
    for (let n = 0; n < 6000; n++) {
      const features = FEATURES.map(() => random.float() * 4 - 2);
      const logit = features.reduce((sum, f, i) => sum + f * (truth[i] ?? 0), 0);
      samples.push({ features, red: random.float() < 1 / (1 + Math.exp(-logit)) ? 1 : 0 });
    }
    const fitted = fitLogistic(samples, 0.1);
    for (const [i, w] of fitted.entries()) expect(Math.abs(w - (truth[i] ?? 0))).toBeLessThan(0.15);
  });

  it('fits seeded games the same way twice, and predicts held-out games better than a coin', () => {
    const a = fitEvaluation({ games: 60, seed: 'fit-test' });
    const b = fitEvaluation({ games: 60, seed: 'fit-test' });
    expect(a.weights).toEqual(b.weights);
    expect(a.trainingSamples).toBeGreaterThan(100);
    expect(a.current.logLoss).toBeLessThan(Math.log(2));
  });

  it('stays finite on degenerate data (every feature alike, outcomes mixed)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 5, maxLength: 5 }),
        (xs) => {
          const samples = xs.map((x, i) => ({ features: FEATURES.map(() => x), red: i % 2 }));
          const w = fitLogistic(samples, 1, 5);
          return w.every(Number.isFinite);
        },
      ),
      { numRuns: 30 },
    );
  });
});
