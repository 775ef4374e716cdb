/**
 * The parts the learned models' trainers share (belief-training.ts, value-training.ts): which games are held
 * out, He-style initial weights from a seeded stream, and Adam over shuffled batches, written by hand on
 * typed arrays so training and inference are the same arithmetic and nothing is installed. What differs
 * between the models (their samples, their network, their loss) is passed in.
 */
import { type BySeat, type Random, shuffleInPlace } from '../engine/index.ts';

/** The players of training game g: every pairing of `players` in turn, each seat in turn (g mod n, g div n). */
export function pairing(players: readonly string[], g: number): BySeat<string> {
  const n = players.length;
  return { red: players[g % n] ?? 'heuristic', blue: players[Math.floor(g / n) % n] ?? 'heuristic' };
}

/**
 * Plays training game g: whatever goes wrong in it (a bot that throws, an illegal action) comes out as one
 * sentence naming the game and its players, so the person training knows which game to replay.
 */
export function inGame<T>(g: number, names: BySeat<string>, play: () => T): T {
  try {
    return play();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`game ${g + 1} (${names.red} as red, ${names.blue} as blue) failed: ${why}`, {
      cause: error,
    });
  }
}

/** Is game g held out? Spread evenly: the games where the running share steps up. */
export function heldOut(g: number, share: number): boolean {
  return Math.floor((g + 1) * share) > Math.floor(g * share);
}

/** The samples of games 0..games-1, split by `heldOut` (`onGame` after each game). */
export function splitGames<S>(
  games: number,
  share: number,
  samplesOf: (g: number) => readonly S[],
  onGame?: (done: number, total: number) => void,
): { training: S[]; held: S[]; heldGames: number } {
  const training: S[] = [];
  const held: S[] = [];
  let heldGames = 0;
  for (let g = 0; g < games; g++) {
    const samples = samplesOf(g);
    if (heldOut(g, share)) {
      held.push(...samples);
      heldGames++;
    } else training.push(...samples);
    onGame?.(g + 1, games);
  }
  return { training, held, heldGames };
}

/**
 * Fills `a` with He-style normal weights, gain / sqrt(fanIn) times a standard normal (Box-Muller, two
 * draws of `random` a weight).
 */
export function fillHe(a: Float64Array, fanIn: number, random: Random, gain = Math.SQRT2): void {
  const scale = gain / Math.sqrt(fanIn);
  for (let i = 0; i < a.length; i++) {
    const u = Math.max(1e-12, random.float());
    a[i] = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.float()) * scale;
  }
}

export interface AdamSettings {
  readonly epochs: number;
  /** Samples per Adam step. */
  readonly batch: number;
  readonly learningRate: number;
  /** L2 weight decay added to the gradient. */
  readonly decay: number;
}

/**
 * What one sample adds: its loss, summed over what it counts (a decision's hidden pieces, or 1 for a
 * position), and that count; the gradient of the loss is added to `grad`.
 */
export type SampleGradient<S> = (sample: S, grad: Float64Array) => { loss: number; count: number };

/**
 * Fits `theta` in place by Adam on `samples`: each epoch shuffles them (drawing from `random`) and takes a
 * step a batch, on the batch's mean gradient per counted item plus the decay. `onEpoch` sees epoch 0 (the
 * untrained weights, training loss NaN) and then every epoch with its mean training loss per counted item,
 * while `theta` is that epoch's weights.
 */
export function fitByAdam<S>(
  theta: Float64Array,
  samples: readonly S[],
  settings: AdamSettings,
  random: Random,
  gradient: SampleGradient<S>,
  onEpoch: (epoch: number, trainLoss: number) => void,
): void {
  const grad = new Float64Array(theta.length);
  const m = new Float64Array(theta.length);
  const v = new Float64Array(theta.length);
  const beta1 = 0.9;
  const beta2 = 0.999;
  const { batch, learningRate: lr, decay } = settings;
  let step = 0;
  onEpoch(0, Number.NaN);
  const order = samples.map((_, i) => i);
  for (let epoch = 1; epoch <= settings.epochs; epoch++) {
    shuffleInPlace(order, random);
    let loss = 0;
    let counted = 0;
    for (let start = 0; start < order.length; start += batch) {
      grad.fill(0);
      let count = 0;
      for (let b = start; b < Math.min(order.length, start + batch); b++) {
        const sample = samples[order[b] ?? 0];
        if (sample === undefined) continue;
        const r = gradient(sample, grad);
        loss += r.loss;
        count += r.count;
      }
      counted += count;
      if (count === 0) continue;
      step++;
      const c1 = 1 - beta1 ** step;
      const c2 = 1 - beta2 ** step;
      for (let i = 0; i < theta.length; i++) {
        const gi = (grad[i] ?? 0) / count + decay * (theta[i] ?? 0);
        const mi = beta1 * (m[i] ?? 0) + (1 - beta1) * gi;
        const vi = beta2 * (v[i] ?? 0) + (1 - beta2) * gi * gi;
        m[i] = mi;
        v[i] = vi;
        theta[i] = (theta[i] ?? 0) - (lr * (mi / c1)) / (Math.sqrt(vi / c2) + 1e-8);
      }
    }
    onEpoch(epoch, loss / Math.max(1, counted));
  }
}

/** What a trainer adds to `fitByAdam`: its figures each epoch and its model file as it stands. */
export interface CurveParts<F, M> {
  /** The figures of an epoch, `theta` being its weights (epoch 0: untrained, training loss NaN). */
  readonly figures: (epoch: number, trainLoss: number) => F;
  /** The model as `theta` stands, with the curve so far (its last entry is this epoch's). */
  readonly model: (curve: readonly F[]) => M;
  readonly onEpoch?: ((figures: F) => void) | undefined;
  /** After each epoch from 0: the model as it stands (checkpoints); the last is the one returned. */
  readonly onModel?: ((model: M, epoch: number) => void) | undefined;
}

/**
 * `fitByAdam` keeping the learning curve: the model after the last epoch, made once even when every epoch's
 * model is asked for. Nothing depends on the number of epochs, so epoch K's model is the one `epochs: K`
 * returns.
 */
export function fitWithCurve<S, F, M>(
  theta: Float64Array,
  samples: readonly S[],
  settings: AdamSettings,
  random: Random,
  gradient: SampleGradient<S>,
  parts: CurveParts<F, M>,
): M {
  const curve: F[] = [];
  let last: { model: M } | null = null;
  fitByAdam(theta, samples, settings, random, gradient, (epoch, trainLoss) => {
    const figures = parts.figures(epoch, trainLoss);
    curve.push(figures);
    parts.onEpoch?.(figures);
    if (parts.onModel === undefined) return;
    last = { model: parts.model(curve.slice()) };
    parts.onModel(last.model, epoch);
  });
  // Without onModel, only the last epoch's model is made.
  return last === null ? parts.model(curve.slice()) : (last as { model: M }).model;
}
