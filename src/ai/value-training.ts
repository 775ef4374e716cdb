/**
 * Training the learned value (`pirates train value`, docs/ai.md "The learned value"): seeded games record,
 * at a share of the decisions in play, both seats' inputs (value-network.ts) and who won in the end; a share
 * of games is held out; the network's correction to the linear evaluation is fitted by Adam on the log loss,
 * written by hand on typed arrays like the belief's (belief-training.ts), so training and inference are the
 * same arithmetic and nothing is installed.
 */
import {
  applyAction,
  type BySeat,
  createGame,
  eventsFor,
  type GameEvent,
  type GameState,
  legalActions,
  type Random,
  randomFromSeed,
  toAct,
  viewFor,
} from '../engine/index.ts';
import type { Bot } from './bot.ts';
import { tempo, WEIGHTS } from './evaluation.ts';
import { heuristicChoice } from './heuristic.ts';
import { encodeFloats } from './network.ts';
import { fillHe, fitWithCurve, inGame, pairing, splitGames } from './training-kit.ts';
import {
  linearLogit,
  loadValueNetwork,
  SEAT_INPUTS,
  seatInputs,
  sideValue,
  VALUE_MODEL_FORMAT,
  type ValueModelFile,
  type ValueNetwork,
  type ValueSizes,
  valueLayers,
  valueLogit,
  valueParameterCount,
} from './value-network.ts';

export interface ValueTrainingOptions {
  readonly games: number;
  readonly seed: string;
  readonly epochs: number;
  /** Bot names; game g pairs players[g mod n] (red) with players[floor(g / n) mod n] (blue). */
  readonly players: readonly string[];
  /** Chance of a uniformly random choice in play instead of the player's (so positions vary). */
  readonly explore: number;
  /** Share of decisions in play whose position is kept (neighbours are much alike). */
  readonly keep: number;
  readonly heldOutShare: number;
  readonly hidden: number;
  readonly learningRate: number;
  readonly batch: number;
  readonly decay: number;
  /** Makes a bot by name (levels.ts createBot; passed in so this file does not depend on the levels). */
  readonly makeBot: (name: string) => Bot;
}

/** One kept position: each seat's inputs, who moves (+1 red, -1 blue, 0), and the outcome for red. */
export interface ValueSample {
  readonly red: Float32Array;
  readonly blue: Float32Array;
  readonly tempo: number;
  /** 1 red won, 0 blue won, 0.5 draw. */
  readonly outcome: number;
}

export interface ValueEpoch {
  readonly epoch: number;
  /** Mean log loss on the training positions during the epoch. */
  readonly trainLoss: number;
  /** Mean log loss on the held-out positions after the epoch. */
  readonly heldOutLoss: number;
}

export interface ValueHeldOut {
  readonly games: number;
  readonly positions: number;
  /** The linear evaluation alone (today's expert's leaf score) and the model: log loss and winner foreseen. */
  readonly linear: { readonly logLoss: number; readonly accuracy: number };
  readonly learned: { readonly logLoss: number; readonly accuracy: number };
}

export interface ValueTraining {
  readonly file: ValueModelFile;
  readonly heldOut: ValueHeldOut;
  readonly curve: readonly ValueEpoch[];
  readonly trainingPositions: number;
}

/** The positions of game g: a function of the options and g alone. */
export function valueGameSamples(options: ValueTrainingOptions, g: number): ValueSample[] {
  const names = pairing(options.players, g);
  return inGame(g, names, () => playValueGame(options, g, names));
}

function playValueGame(options: ValueTrainingOptions, g: number, names: BySeat<string>): ValueSample[] {
  const bots: BySeat<Bot> = { red: options.makeBot(names.red), blue: options.makeBot(names.blue) };
  const randoms: BySeat<Random> = {
    red: randomFromSeed(`${options.seed}/value-${g}/red`),
    blue: randomFromSeed(`${options.seed}/value-${g}/blue`),
  };
  const random = randomFromSeed(`${options.seed}/value-${g}/keep`);
  let state: GameState = createGame({ seed: `${options.seed}/value-${g}`, shots: 'quick', turnLimit: 300 });
  const history: BySeat<GameEvent[]> = { red: [], blue: [] };
  const kept: Omit<ValueSample, 'outcome'>[] = [];
  while (state.outcome === null) {
    const seat = toAct(state)[0];
    if (seat === undefined) break;
    if (state.phase === 'play' && random.float() < options.keep) {
      const red = new Float32Array(SEAT_INPUTS);
      const blue = new Float32Array(SEAT_INPUTS);
      seatInputs(state, 'red', red);
      seatInputs(state, 'blue', blue);
      kept.push({ red, blue, tempo: tempo(state) });
    }
    const view = viewFor(state, seat);
    let action: ReturnType<Bot['decide']> | undefined;
    if (state.phase === 'play' && random.float() < options.explore) {
      const legal = legalActions(state, seat);
      action = legal[random.int(legal.length)];
    } else if (names[seat] === 'heuristic') action = heuristicChoice(view, randoms[seat]);
    else action = bots[seat].decide({ view, history: history[seat], random: randoms[seat] });
    if (action === undefined) break;
    const result = applyAction(state, seat, action);
    if (!result.ok) throw new Error(`${names[seat]} chose an illegal action: ${result.error.message}`);
    state = result.state;
    history.red.push(...eventsFor(result.events, 'red'));
    history.blue.push(...eventsFor(result.events, 'blue'));
  }
  const winner = state.outcome?.winner ?? null;
  const outcome = winner === null ? 0.5 : winner === 'red' ? 1 : 0;
  return kept.map((k) => ({ ...k, outcome }));
}

/** Scratch for one forward and backward pass (float64): both sides' activations. */
class ValuePass {
  readonly z1a: Float64Array;
  readonly z2a: Float64Array;
  readonly z1b: Float64Array;
  readonly z2b: Float64Array;
  readonly dz2: Float64Array;
  readonly dz1: Float64Array;
  constructor(readonly h: number) {
    this.z1a = new Float64Array(h);
    this.z2a = new Float64Array(h);
    this.z1b = new Float64Array(h);
    this.z2b = new Float64Array(h);
    this.dz2 = new Float64Array(h);
    this.dz1 = new Float64Array(h);
  }

  /** Red's chance for one sample; with `grad`, adds the gradient of the log loss to it and returns the loss too. */
  run(sizes: ValueSizes, theta: Float64Array, sample: ValueSample, grad: Float64Array | null): number {
    const h = this.h;
    const w = valueLayers(sizes, theta);
    const t = sample.tempo;
    const ga = sideValue(w, h, sample.red, sample.blue, t, this.z1a, this.z2a);
    const gb = sideValue(w, h, sample.blue, sample.red, -t, this.z1b, this.z2b);
    const logit = linearLogit(WEIGHTS, sample.red, sample.blue, t) + ga - gb;
    const p = 1 / (1 + Math.exp(-logit));
    if (grad === null) return p;
    const d = valueLayers(sizes, grad);
    const dl = p - sample.outcome;
    this.back(w, d, sample.red, sample.blue, t, this.z1a, this.z2a, dl);
    this.back(w, d, sample.blue, sample.red, -t, this.z1b, this.z2b, -dl);
    return p;
  }

  private back(
    w: ReturnType<typeof valueLayers<Float64Array>>,
    d: ReturnType<typeof valueLayers<Float64Array>>,
    own: Float32Array,
    other: Float32Array,
    tempoSign: number,
    z1: Float64Array,
    z2: Float64Array,
    dOut: number,
  ): void {
    const h = this.h;
    const { dz2, dz1 } = this;
    for (let j = 0; j < h; j++) {
      const x = z2[j] ?? 0;
      d.w3[j] = (d.w3[j] ?? 0) + x * dOut;
      dz2[j] = x > 0 ? (w.w3[j] ?? 0) * dOut : 0;
      d.b2[j] = (d.b2[j] ?? 0) + (dz2[j] ?? 0);
    }
    for (let a = 0; a < h; a++) {
      const x = z1[a] ?? 0;
      if (x <= 0) {
        dz1[a] = 0;
        continue;
      }
      let back = 0;
      const row = a * h;
      for (let j = 0; j < h; j++) {
        const dj = dz2[j] ?? 0;
        d.w2[row + j] = (d.w2[row + j] ?? 0) + x * dj;
        back += (w.w2[row + j] ?? 0) * dj;
      }
      dz1[a] = back;
    }
    for (let j = 0; j < h; j++) {
      d.b1[j] = (d.b1[j] ?? 0) + (dz1[j] ?? 0);
      d.tempo[j] = (d.tempo[j] ?? 0) + tempoSign * (dz1[j] ?? 0);
    }
    for (let i = 0; i < SEAT_INPUTS; i++) {
      const a = own[i] ?? 0;
      if (a !== 0) for (let j = 0; j < h; j++) d.own[i * h + j] = (d.own[i * h + j] ?? 0) + a * (dz1[j] ?? 0);
      const b = other[i] ?? 0;
      if (b !== 0)
        for (let j = 0; j < h; j++) d.other[i * h + j] = (d.other[i * h + j] ?? 0) + b * (dz1[j] ?? 0);
    }
  }
}

function logLoss(p: number, outcome: number): number {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return -(outcome * Math.log(q) + (1 - outcome) * Math.log(1 - q));
}

/** Mean log loss and how often the likelier side won (draws left out of the second). */
function judgeValue(
  samples: readonly ValueSample[],
  chance: (s: ValueSample) => number,
): { logLoss: number; accuracy: number } {
  let loss = 0;
  let right = 0;
  let decided = 0;
  for (const s of samples) {
    const p = chance(s);
    loss += logLoss(p, s.outcome);
    if (s.outcome !== 0.5) {
      decided++;
      if (p > 0.5 === (s.outcome === 1)) right++;
    }
  }
  return { logLoss: loss / Math.max(1, samples.length), accuracy: right / Math.max(1, decided) };
}

/** He-style initial weights; the last layer starts at 0, so the first model is the linear evaluation. */
function initialWeights(sizes: ValueSizes, random: Random): Float64Array {
  const theta = new Float64Array(valueParameterCount(sizes));
  const w = valueLayers(sizes, theta);
  // Inputs run to a few tens (material): a small first layer keeps the first activations tame.
  fillHe(w.own, 4 * SEAT_INPUTS, random);
  fillHe(w.other, 4 * SEAT_INPUTS, random);
  fillHe(w.w2, sizes.hidden, random);
  return theta;
}

/** Plays the games, trains and returns the model file with its held-out figures. */
export function trainValue(
  options: ValueTrainingOptions,
  progress: { onGame?: (done: number, total: number) => void } & FitProgress = {},
): ValueTraining {
  const { training, held, heldGames } = splitGames(
    options.games,
    options.heldOutShare,
    (g) => valueGameSamples(options, g),
    progress.onGame,
  );
  return fitValue(options, training, held, heldGames, progress);
}

export interface FitProgress {
  readonly onEpoch?: (figures: ValueEpoch) => void;
  /** After each epoch from 0 (untrained): the model as it stands, the last one being the one returned. */
  readonly onModel?: (model: ValueTraining, epoch: number) => void;
}

/** Fits the network on `training`, judging it on `held` after every epoch. */
export function fitValue(
  options: Omit<ValueTrainingOptions, 'makeBot'>,
  training: readonly ValueSample[],
  held: readonly ValueSample[],
  heldGames: number,
  progress: FitProgress = {},
): ValueTraining {
  const sizes: ValueSizes = { seatInputs: SEAT_INPUTS, hidden: options.hidden };
  const random = randomFromSeed(`${options.seed}/value-training`);
  const theta = initialWeights(sizes, random);
  const pass = new ValuePass(options.hidden);
  const heldOutLoss = () => judgeValue(held, (s) => pass.run(sizes, theta, s, null)).logLoss;
  const linear = judgeValue(held, (s) => 1 / (1 + Math.exp(-linearLogit(WEIGHTS, s.red, s.blue, s.tempo))));
  /** The model file of the weights as they stand, with the curve so far. */
  const modelAt = (curve: readonly ValueEpoch[]): ValueTraining => {
    const base: Omit<ValueModelFile, 'training'> = {
      format: VALUE_MODEL_FORMAT,
      sizes,
      linear: [...WEIGHTS],
      weights: encodeFloats(theta),
    };
    // The figures are those of the file's float32 weights, through the inference code itself.
    const loaded = loadValueNetwork(base);
    if (!loaded.ok)
      throw new Error(`train value: the model just made does not load: ${loaded.error.message}`);
    const network = loaded.value;
    const learned = judgeValue(held, (s) => chanceOfSample(network, s));
    const heldOutFigures: ValueHeldOut = { games: heldGames, positions: held.length, linear, learned };
    const file: ValueModelFile = {
      ...base,
      training: {
        command: 'pirates train value',
        seed: options.seed,
        games: options.games,
        epochs: curve.length - 1,
        players: options.players,
        explore: options.explore,
        keep: options.keep,
        heldOutShare: options.heldOutShare,
        hidden: options.hidden,
        learningRate: options.learningRate,
        batch: options.batch,
        decay: options.decay,
        trainingPositions: training.length,
        heldOut: heldOutFigures,
        curve,
      },
    };
    return { file, heldOut: heldOutFigures, curve, trainingPositions: training.length };
  };
  return fitWithCurve(
    theta,
    training,
    options,
    random,
    (sample, grad) => ({ loss: logLoss(pass.run(sizes, theta, sample, grad), sample.outcome), count: 1 }),
    {
      figures: (epoch, trainLoss) => ({ epoch, trainLoss, heldOutLoss: heldOutLoss() }),
      model: modelAt,
      onEpoch: progress.onEpoch,
      onModel: progress.onModel,
    },
  );
}

/** The network's chance for a recorded sample (its inputs, not a state): `valueChance`'s arithmetic. */
export function chanceOfSample(network: ValueNetwork, s: ValueSample): number {
  return 1 / (1 + Math.exp(-valueLogit(network, s.red, s.blue, s.tempo)));
}
