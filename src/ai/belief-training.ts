/**
 * Training the learned belief (`pirates train belief`, docs/ai.md "The learned belief"): seeded self-play
 * games between the bots people meet record, at every decision of each seat in play, the seat's information
 * state and the true kinds of the enemy's hidden pieces; a share of games is held out; a small network
 * (network.ts) is fitted by Adam on the cross-entropy of the true kinds, written by hand on typed arrays so
 * training and inference are the same arithmetic and nothing is installed. The held-out games also measure
 * the uniform prior under the hard constraints and today's ParticleBelief, side by side.
 */
import {
  applyAction,
  type BySeat,
  createGame,
  eventsFor,
  type GameEvent,
  type GameState,
  PIECE_KINDS,
  type Random,
  randomFromSeed,
  toAct,
  viewFor,
} from '../engine/index.ts';
import { hiddenOf } from '../learn/hidden.ts';
import { INFORMATION_STATE_SIZE, informationStateTensor } from '../learn/information-state.ts';
import { DEFAULT_BELIEF, ParticleBelief } from './belief.ts';
import type { Bot } from './bot.ts';
import {
  BELIEF_MODEL_FORMAT,
  type BeliefModelFile,
  encodeFloats,
  GLOBAL_FEATURES,
  globalFeatures,
  KINDS,
  kindProbabilities,
  layerViews,
  loadBeliefNetwork,
  type NetworkSizes,
  PIECE_FEATURES,
  parameterCount,
  pieceFeatures,
  priorOf,
  slotHidden,
} from './network.ts';
import { Determinizer } from './sample.ts';
import { fillHe, fitWithCurve, heldOut, inGame, pairing, splitGames } from './training-kit.ts';

export interface BeliefTrainingOptions {
  readonly games: number;
  readonly seed: string;
  readonly epochs: number;
  /** Bot names; game g pairs players[g mod n] (red) with players[floor(g / n) mod n] (blue). */
  readonly players: readonly string[];
  /** Share of games held out (spread evenly over the game numbers). */
  readonly heldOutShare: number;
  readonly hidden: number;
  readonly learningRate: number;
  /** Decisions per Adam step. */
  readonly batch: number;
  /** L2 weight decay added to the gradient. */
  readonly decay: number;
  /** Also measure today's ParticleBelief on the held-out games (it costs about as much as the games). */
  readonly particle: boolean;
  /** Makes a bot by name (levels.ts createBot; passed in so this file does not depend on the levels). */
  readonly makeBot: (name: string) => Bot;
}

/** One decision of one seat: the information state (sparse) and the true kind index per enemy slot (-1: shown). */
export interface BeliefSample {
  readonly index: Uint16Array;
  readonly value: Float32Array;
  readonly truth: Int8Array;
  /** Held-out games: today's ParticleBelief's probability of each slot's true kind (NaN where shown). */
  readonly particle: Float64Array | null;
}

/** Mean log-likelihood of the true kinds (natural log), per hidden piece and per decision (summed over its pieces). */
export interface LogLikelihood {
  readonly perPiece: number;
  readonly perDecision: number;
}

export interface HeldOutFigures {
  readonly games: number;
  readonly decisions: number;
  readonly pieces: number;
  readonly uniform: LogLikelihood;
  readonly learned: LogLikelihood;
  /**
   * Today's ParticleBelief (its particles' weighted marginals), mixed with the uniform prior at weight
   * `floor` so a true kind no particle holds does not give minus infinity; `zeroShare` is how often that was.
   */
  readonly particle: null | {
    readonly zeroShare: number;
    readonly mixed: readonly {
      readonly floor: number;
      readonly perPiece: number;
      readonly perDecision: number;
    }[];
  };
}

export interface EpochFigures {
  readonly epoch: number;
  /** Mean cross-entropy per hidden piece on the training decisions during the epoch (nats). */
  readonly trainLoss: number;
  /** Mean held-out log-likelihood per hidden piece after the epoch (nats). */
  readonly heldOutPerPiece: number;
}

export interface BeliefTraining {
  readonly file: BeliefModelFile;
  readonly heldOut: HeldOutFigures;
  readonly curve: readonly EpochFigures[];
  readonly trainingDecisions: number;
}

/** Draws evenly spaced in [0, 1): a sampler asked N times gives its weighted marginals (no noise). */
function stratified(n: number, base: Random): Random {
  let i = 0;
  return { float: () => ((i++ % n) + 0.5) / n, int: (m) => base.int(m), state: () => base.state() };
}

/** The samples of game g: a function of the options and g alone, so games may be played anywhere in any order. */
export function beliefGameSamples(options: BeliefTrainingOptions, g: number): BeliefSample[] {
  const names = pairing(options.players, g);
  return inGame(g, names, () => playBeliefGame(options, g, names));
}

function playBeliefGame(options: BeliefTrainingOptions, g: number, names: BySeat<string>): BeliefSample[] {
  const bots: BySeat<Bot> = { red: options.makeBot(names.red), blue: options.makeBot(names.blue) };
  const randoms: BySeat<Random> = {
    red: randomFromSeed(`${options.seed}/belief-${g}/red`),
    blue: randomFromSeed(`${options.seed}/belief-${g}/blue`),
  };
  const measure = options.particle && heldOut(g, options.heldOutShare);
  const particles: BySeat<ParticleBelief> | null = measure
    ? { red: new ParticleBelief(DEFAULT_BELIEF), blue: new ParticleBelief(DEFAULT_BELIEF) }
    : null;
  const particleRandom = randomFromSeed(`${options.seed}/belief-${g}/particles`);
  let state: GameState = createGame({ seed: `${options.seed}/belief-${g}`, shots: 'quick', turnLimit: 300 });
  const history: BySeat<GameEvent[]> = { red: [], blue: [] };
  const samples: BeliefSample[] = [];
  const DRAWS = 1024;
  while (state.outcome === null) {
    const seat = toAct(state)[0];
    if (seat === undefined) break;
    const view = viewFor(state, seat);
    if (state.phase === 'play') {
      const hidden = hiddenOf(view);
      if (hidden.unknown.length > 0) {
        const tensor = informationStateTensor(view, history[seat]);
        const first = hidden.enemy === 'red' ? 0 : 10;
        const truth = new Int8Array(10).fill(-1);
        for (const id of hidden.unknown) truth[id - first] = PIECE_KINDS.indexOf(state.kinds[id] ?? 'bomb');
        let particle: Float64Array | null = null;
        if (particles) {
          particle = new Float64Array(10).fill(Number.NaN);
          const determinizer = new Determinizer(view, history[seat]);
          const draw = particles[seat].prepare(
            { view, history: history[seat], random: particleRandom },
            determinizer,
          );
          const counts = hidden.unknown.map(() => 0);
          const fake = stratified(DRAWS, particleRandom);
          for (let d = 0; d < DRAWS; d++) {
            const kinds = draw(fake);
            hidden.unknown.forEach((id, i) => {
              if (kinds[i] === state.kinds[id]) counts[i] = (counts[i] ?? 0) + 1;
            });
          }
          hidden.unknown.forEach((id, i) => {
            if (particle) particle[id - first] = (counts[i] ?? 0) / DRAWS;
          });
        }
        samples.push({ ...sparse(tensor), truth, particle });
      }
    }
    const action = bots[seat].decide({ view, history: history[seat], random: randoms[seat] });
    const result = applyAction(state, seat, action);
    if (!result.ok) throw new Error(`${names[seat]} chose an illegal action: ${result.error.message}`);
    state = result.state;
    history.red.push(...eventsFor(result.events, 'red'));
    history.blue.push(...eventsFor(result.events, 'blue'));
  }
  return samples;
}

function sparse(tensor: Float32Array): { index: Uint16Array; value: Float32Array } {
  let nonzero = 0;
  for (const x of tensor) if (x !== 0) nonzero++;
  const index = new Uint16Array(nonzero);
  const value = new Float32Array(nonzero);
  let at = 0;
  tensor.forEach((x, i) => {
    if (x === 0) return;
    index[at] = i;
    value[at] = x;
    at++;
  });
  return { index, value };
}

function dense(sample: BeliefSample, out: Float32Array): Float32Array {
  out.fill(0);
  sample.index.forEach((i, at) => {
    out[i] = sample.value[at] ?? 0;
  });
  return out;
}

/** Scratch for one forward and backward pass of the training network (float64). */
class Pass {
  readonly h: number;
  readonly zg: Float64Array;
  readonly dzg: Float64Array;
  readonly piece = new Float64Array(PIECE_FEATURES);
  readonly global = new Float64Array(GLOBAL_FEATURES);
  readonly z1: Float64Array;
  readonly z2: Float64Array;
  readonly dz1: Float64Array;
  readonly dz2: Float64Array;
  readonly p = new Float64Array(KINDS);

  constructor(h: number) {
    this.h = h;
    this.zg = new Float64Array(h);
    this.dzg = new Float64Array(h);
    this.z1 = new Float64Array(h);
    this.z2 = new Float64Array(h);
    this.dz1 = new Float64Array(h);
    this.dz2 = new Float64Array(h);
  }

  /**
   * The log-likelihood of one decision's true kinds (summed over its hidden pieces) and how many pieces;
   * with `grad`, adds the gradient of minus that log-likelihood to it. The arithmetic of network.ts's
   * `kindProbabilities`, in float64.
   */
  run(
    sizes: NetworkSizes,
    theta: Float64Array,
    sample: BeliefSample,
    g: Float32Array,
    grad: Float64Array | null,
  ): { logLikelihood: number; pieces: number } {
    const { h, zg, dzg, piece, global, z1, z2, dz1, dz2, p } = this;
    const w = layerViews(sizes, theta);
    const d = grad ? layerViews(sizes, grad) : null;
    zg.fill(0);
    dzg.fill(0);
    globalFeatures(g, global);
    for (let i = 0; i < GLOBAL_FEATURES; i++) {
      const x = global[i] ?? 0;
      if (x === 0) continue;
      for (let j = 0; j < h; j++) zg[j] = (zg[j] ?? 0) + x * (w.wg[i * h + j] ?? 0);
    }
    let logLikelihood = 0;
    let pieces = 0;
    for (let slot = 0; slot < 10; slot++) {
      const truth = sample.truth[slot] ?? -1;
      if (truth < 0 || !slotHidden(g, slot)) continue;
      pieces++;
      pieceFeatures(g, slot, piece);
      for (let j = 0; j < h; j++) z1[j] = (zg[j] ?? 0) + (w.b1[j] ?? 0);
      for (let f = 0; f < PIECE_FEATURES; f++) {
        const x = piece[f] ?? 0;
        if (x === 0) continue;
        for (let j = 0; j < h; j++) z1[j] = (z1[j] ?? 0) + x * (w.wp[f * h + j] ?? 0);
      }
      for (let j = 0; j < h; j++) z2[j] = w.b2[j] ?? 0;
      for (let a = 0; a < h; a++) {
        const x = z1[a] ?? 0;
        if (x <= 0) continue;
        for (let j = 0; j < h; j++) z2[j] = (z2[j] ?? 0) + x * (w.w2[a * h + j] ?? 0);
      }
      let max = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < KINDS; k++) {
        const prior = priorOf(g, slot, k);
        if (!(prior > 0)) {
          p[k] = Number.NEGATIVE_INFINITY;
          continue;
        }
        let logit = (w.b3[k] ?? 0) + Math.log(prior);
        for (let a = 0; a < h; a++) {
          const x = z2[a] ?? 0;
          if (x > 0) logit += x * (w.w3[a * KINDS + k] ?? 0);
        }
        p[k] = logit;
        if (logit > max) max = logit;
      }
      let sum = 0;
      for (let k = 0; k < KINDS; k++) {
        const logit = p[k] ?? Number.NEGATIVE_INFINITY;
        p[k] = logit === Number.NEGATIVE_INFINITY ? 0 : Math.exp(logit - max);
        sum += p[k] ?? 0;
      }
      for (let k = 0; k < KINDS; k++) p[k] = (p[k] ?? 0) / sum;
      logLikelihood += Math.log(Math.max(1e-300, p[truth] ?? 0));
      if (d === null) continue;
      // Backward: d(-log p_truth)/d logit_k = p_k - [k = truth] (0 for kinds ruled out: p_k = 0 there).
      dz2.fill(0);
      for (let k = 0; k < KINDS; k++) {
        const dl = (p[k] ?? 0) - (k === truth ? 1 : 0);
        if (dl === 0) continue;
        d.b3[k] = (d.b3[k] ?? 0) + dl;
        for (let a = 0; a < h; a++) {
          const x = z2[a] ?? 0;
          if (x <= 0) continue;
          d.w3[a * KINDS + k] = (d.w3[a * KINDS + k] ?? 0) + x * dl;
          dz2[a] = (dz2[a] ?? 0) + (w.w3[a * KINDS + k] ?? 0) * dl;
        }
      }
      dz1.fill(0);
      for (let j = 0; j < h; j++) {
        if ((z2[j] ?? 0) <= 0) dz2[j] = 0;
        d.b2[j] = (d.b2[j] ?? 0) + (dz2[j] ?? 0);
      }
      for (let a = 0; a < h; a++) {
        const x = z1[a] ?? 0;
        if (x <= 0) continue;
        let back = 0;
        for (let j = 0; j < h; j++) {
          const dj = dz2[j] ?? 0;
          d.w2[a * h + j] = (d.w2[a * h + j] ?? 0) + x * dj;
          back += (w.w2[a * h + j] ?? 0) * dj;
        }
        dz1[a] = back;
      }
      for (let j = 0; j < h; j++) {
        const dj = dz1[j] ?? 0;
        d.b1[j] = (d.b1[j] ?? 0) + dj;
        dzg[j] = (dzg[j] ?? 0) + dj;
      }
      for (let f = 0; f < PIECE_FEATURES; f++) {
        const x = piece[f] ?? 0;
        if (x === 0) continue;
        for (let j = 0; j < h; j++) d.wp[f * h + j] = (d.wp[f * h + j] ?? 0) + x * (dz1[j] ?? 0);
      }
    }
    if (d !== null && pieces > 0) {
      for (let i = 0; i < GLOBAL_FEATURES; i++) {
        const x = global[i] ?? 0;
        if (x === 0) continue;
        for (let j = 0; j < h; j++) d.wg[i * h + j] = (d.wg[i * h + j] ?? 0) + x * (dzg[j] ?? 0);
      }
    }
    return { logLikelihood, pieces };
  }
}

/** He-style initial weights from a seeded stream; the output layer starts near 0, so the first model is the prior. */
function initialWeights(sizes: NetworkSizes, random: Random): Float64Array {
  const theta = new Float64Array(parameterCount(sizes));
  const w = layerViews(sizes, theta);
  fillHe(w.wg, GLOBAL_FEATURES / 2, random);
  fillHe(w.wp, 20, random);
  fillHe(w.w2, sizes.hidden, random);
  fillHe(w.w3, sizes.hidden, random, 0.01);
  return theta;
}

/** Log-likelihoods of the held-out decisions under a per-slot probability function. */
function measure(
  samples: readonly BeliefSample[],
  probability: (sample: BeliefSample, g: Float32Array, slot: number, truth: number) => number,
): LogLikelihood & { pieces: number } {
  const g = new Float32Array(INFORMATION_STATE_SIZE);
  let total = 0;
  let pieces = 0;
  for (const sample of samples) {
    dense(sample, g);
    for (let slot = 0; slot < 10; slot++) {
      const truth = sample.truth[slot] ?? -1;
      if (truth < 0) continue;
      total += Math.log(Math.max(1e-300, probability(sample, g, slot, truth)));
      pieces++;
    }
  }
  return {
    perPiece: total / Math.max(1, pieces),
    perDecision: total / Math.max(1, samples.length),
    pieces,
  };
}

/**
 * Plays the games (`onGame` after each), trains (`onEpoch`, and `onModel` with the file so far, after each
 * epoch) and returns the model file. `played`, when given, holds the samples of every game by number, played
 * elsewhere (on every core, src/arena/train-belief.ts) with `beliefGameSamples` and these options, so the
 * file is the same either way.
 */
export function trainBelief(
  options: BeliefTrainingOptions,
  progress: {
    onGame?: (done: number, total: number) => void;
    onEpoch?: (figures: EpochFigures) => void;
    /** After each epoch from 0 (untrained): the model as it stands, the last one being the one returned. */
    onModel?: (model: BeliefTraining, epoch: number) => void;
  } = {},
  played?: readonly (readonly BeliefSample[])[],
): BeliefTraining {
  if (played !== undefined && played.length !== options.games)
    throw new Error(`train belief: ${played.length} games were played for ${options.games} asked.`);
  const { training, held, heldGames } = splitGames(
    options.games,
    options.heldOutShare,
    (g) => played?.[g] ?? beliefGameSamples(options, g),
    progress.onGame,
  );
  const sizes: NetworkSizes = { input: INFORMATION_STATE_SIZE, hidden: options.hidden };
  const random = randomFromSeed(`${options.seed}/belief-training`);
  const theta = initialWeights(sizes, random);
  const pass = new Pass(options.hidden);
  const g = new Float32Array(INFORMATION_STATE_SIZE);
  const heldOutLogLikelihood = (): number => {
    let total = 0;
    let pieces = 0;
    for (const sample of held) {
      const r = pass.run(sizes, theta, sample, dense(sample, g), null);
      total += r.logLikelihood;
      pieces += r.pieces;
    }
    return total / Math.max(1, pieces);
  };
  // What does not change with the weights: the uniform prior's and the particles' figures.
  const uniform = measure(held, (_, tensor, slot, truth) => priorOf(tensor, slot, truth));
  let particle: HeldOutFigures['particle'] = null;
  if (options.particle) {
    let zeros = 0;
    let pieces = 0;
    for (const sample of held) {
      sample.truth.forEach((t, slot) => {
        if (t < 0) return;
        pieces++;
        if (!((sample.particle?.[slot] ?? 0) > 0)) zeros++;
      });
    }
    particle = {
      zeroShare: zeros / Math.max(1, pieces),
      mixed: [0.01, 0.05, 0.1, 0.2].map((floor) => {
        const r = measure(
          held,
          (sample, tensor, slot, truth) =>
            (1 - floor) * (sample.particle?.[slot] ?? 0) + floor * priorOf(tensor, slot, truth),
        );
        return { floor, perPiece: r.perPiece, perDecision: r.perDecision };
      }),
    };
  }
  /** The model file of the weights as they stand, with the curve so far. */
  const modelAt = (curve: readonly EpochFigures[]): BeliefTraining => {
    const base: Omit<BeliefModelFile, 'training'> = {
      format: BELIEF_MODEL_FORMAT,
      sizes: { ...sizes, globalFeatures: GLOBAL_FEATURES, pieceFeatures: PIECE_FEATURES, kinds: KINDS },
      kinds: [...PIECE_KINDS],
      weights: encodeFloats(theta),
    };
    // The figures are those of the file's float32 weights, through the inference code itself.
    const loaded = loadBeliefNetwork(base);
    if (!loaded.ok)
      throw new Error(`train belief: the model just made does not load: ${loaded.error.message}`);
    const network = loaded.value;
    const out = new Float32Array(10 * KINDS);
    let lastSample: BeliefSample | null = null;
    const learned = measure(held, (sample, tensor, slot, truth) => {
      if (sample !== lastSample) {
        kindProbabilities(network, tensor, out);
        lastSample = sample;
      }
      return out[slot * KINDS + truth] ?? 0;
    });
    const heldOutFigures: HeldOutFigures = {
      games: heldGames,
      decisions: held.length,
      pieces: learned.pieces,
      uniform: { perPiece: uniform.perPiece, perDecision: uniform.perDecision },
      learned: { perPiece: learned.perPiece, perDecision: learned.perDecision },
      particle,
    };
    const file: BeliefModelFile = {
      ...base,
      training: {
        command: 'pirates train belief',
        seed: options.seed,
        games: options.games,
        epochs: curve.length - 1,
        players: options.players,
        heldOutShare: options.heldOutShare,
        hidden: options.hidden,
        learningRate: options.learningRate,
        batch: options.batch,
        decay: options.decay,
        trainingDecisions: training.length,
        heldOut: heldOutFigures,
        curve,
      },
    };
    return { file, heldOut: heldOutFigures, curve, trainingDecisions: training.length };
  };
  // Epoch 0 is the untrained network, which is the uniform prior up to its near-zero output layer.
  return fitWithCurve(
    theta,
    training,
    options,
    random,
    (sample, grad) => {
      const r = pass.run(sizes, theta, sample, dense(sample, g), grad);
      return { loss: -r.logLikelihood, count: r.pieces };
    },
    {
      figures: (epoch, trainLoss) => ({ epoch, trainLoss, heldOutPerPiece: heldOutLogLikelihood() }),
      model: modelAt,
      onEpoch: progress.onEpoch,
      onModel: progress.onModel,
    },
  );
}
