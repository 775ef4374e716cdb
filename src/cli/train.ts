/**
 * `pirates train belief`: trains the learned belief (src/ai/belief-training.ts) from seeded self-play games
 * and writes the model to one JSON file with its SHA-256. The AI layer does the work; this file reads flags,
 * writes the file and prints the figures. The same flags give the same file, byte for byte, whatever the
 * number of workers.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { access, constants, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { trainBelief } from '../ai/belief-training.ts';
import { createBot } from '../ai/levels.ts';
import { trainValue } from '../ai/value-training.ts';
import { defaultWorkers } from '../arena/tournament.ts';
import { beliefGamesOnCores, botNamed } from '../arena/train-belief.ts';
import type { Command } from './command.ts';
import { readFlags } from './flags.ts';
import { progressBar } from './progress.ts';

export const DEFAULT_MODEL_PATH = 'src/ai/models/belief.json';
export const DEFAULT_VALUE_PATH = 'src/ai/models/value.json';

const USAGE = `Usage: pirates train belief|value [--games N] [--seed S] [--epochs E] [--out FILE] [--players A,B,...]
                          [--held-out P] [--hidden H] [--learning-rate R] [--batch B] [--decay D]
                          [--no-particle] [--checkpoints DIR] [--workers N] [--json]

Plays N seeded self-play games on quick shots, records at each decision of each seat in play its
information state (docs/learn.md, "Tensors") and the true kinds of the enemy's hidden pieces, holds out a
share of the games, trains a small network that predicts each hidden enemy piece's kind (impossible kinds
get probability 0), and writes it with its training figures to FILE. Prints the held-out log-likelihood of
the true kinds under the uniform prior, today's particle belief and the model, and the file's SHA-256
(record it as BELIEF_MODEL_SHA256 in src/ai/belief-model.ts when the file is the shipped one).
  --games N          games to play (default 1500, a few minutes here)
  --seed S           seed of the games, the split and the training (default 1); the same flags give the
                     same file, whatever --workers, for players without a time cap (as the defaults)
  --epochs E         passes over the training decisions (default 6)
  --out FILE         where to write the model (default ${DEFAULT_MODEL_PATH}, the one expert and 'learned' use)
  --players A,B,...  bot names that play the games (default heuristic,belief:100, hard's search at 100
                     iterations without hard's time cap, so the games do not depend on the machine's
                     load): game g pairs the (g mod n)-th as red with the (g div n mod n)-th as blue
  --held-out P       share of the games held out to measure, 0 to 0.9 (default 0.2)
  --hidden H         width of the network's hidden layers (default 32)
  --learning-rate R  Adam's step size (default 0.001)
  --batch B          decisions per Adam step (default 32)
  --decay D          L2 weight decay (default 0.003)
  --no-particle      do not measure today's particle belief on the held-out games (faster)
  --checkpoints DIR  also write the model after each epoch as DIR/epoch-0.json (untrained), DIR/epoch-1.json,
                     ...: each the file --epochs K would have written (the last is FILE, byte for byte), for
                     learning curves by training step; DIR is made if need be and must not hold checkpoints
  --workers N        games played at once, one worker thread each (default: every core, ${defaultWorkers()} here);
                     the training itself runs on one thread after them
  --json             print one object { out, sha256, bytes, heldOut, curve, trainingDecisions }

pirates train value [--games N] [--seed S] [--epochs E] [--out FILE] [--players A,B,...] [--explore P]
                    [--keep P] [--held-out P] [--hidden H] [--learning-rate R] [--batch B] [--decay D]
                    [--checkpoints DIR] [--json]

Plays N seeded games on quick shots, keeps a share of the positions in play with who won in the end,
holds out a share of the games, and trains the learned value (src/ai/value-network.ts): the linear
evaluation's log-odds plus a small network's correction. Prints the held-out log loss and winner foreseen
of the linear evaluation and of the model, and the file's SHA-256 (record it as VALUE_MODEL_SHA256 in
src/ai/value-model.ts when the file is the shipped one). Defaults: --games 6000 --epochs 4
--players heuristic --explore 0.2 --keep 0.25 --held-out 0.2 --hidden 32 --learning-rate 0.001 --batch 64
--decay 0.003 --out ${DEFAULT_VALUE_PATH}; --checkpoints DIR as for the belief.
  --explore P        chance of a uniformly random choice in play instead of the player's (default 0.2)
  --keep P           share of positions in play kept (default 0.25)`;

export const trainCommand: Command = {
  name: 'train',
  summary: 'Train the learned belief or value from seeded self-play games (pirates train belief|value)',
  usage: USAGE,
  async run(args) {
    const read = readFlags(
      'train',
      args,
      {
        games: 'string',
        seed: 'string',
        epochs: 'string',
        out: 'string',
        players: 'string',
        'held-out': 'string',
        hidden: 'string',
        'learning-rate': 'string',
        batch: 'string',
        decay: 'string',
        'no-particle': 'boolean',
        explore: 'string',
        keep: 'string',
        checkpoints: 'string',
        workers: 'string',
        json: 'boolean',
      },
      USAGE,
      true,
    );
    if (typeof read === 'number') return read;
    const what = read.positionals[0];
    if ((what !== 'belief' && what !== 'value') || read.positionals.length > 1)
      return read.refuse(
        what === undefined
          ? "Say what to train: 'pirates train belief' or 'pirates train value'."
          : `There is nothing called '${read.positionals.join(' ')}' to train; try 'pirates train belief' or 'pirates train value'.`,
      );
    if (what === 'value')
      return runValue(read, read.values.json === true, read.values['no-particle'] === true);
    if (read.values.explore !== undefined || read.values.keep !== undefined)
      return read.refuse('--explore and --keep are for pirates train value.');
    const workers = read.whole('workers', defaultWorkers(), 1, 1024);
    const games = read.whole('games', 1500, 1);
    const epochs = read.whole('epochs', 6, 1, 10_000);
    const heldOutShare = read.number('held-out', 0.2, 0, 0.9);
    const hidden = read.whole('hidden', 32, 1, 1024);
    const learningRate = read.number('learning-rate', 0.001, 0);
    const batch = read.whole('batch', 32, 1);
    const decay = read.number('decay', 0.003, 0);
    const out = read.text('out', DEFAULT_MODEL_PATH);
    const players = read.values.players === undefined ? ['heuristic', 'belief:100'] : read.list('players');
    if (players.length === 0) read.problems.push('--players needs at least one bot name.');
    for (const name of players) {
      const made = createBot(name);
      if (!made.ok) read.problems.push(made.error.message);
    }
    if (read.problems.length > 0) return read.refuse();
    const unwritable = await outProblem(out);
    if (unwritable !== null) return read.refuse(unwritable);
    const checkpoints = await checkpointWriter(read.values.checkpoints);
    if ('problem' in checkpoints) return read.refuse(checkpoints.problem);
    const json = read.values.json === true;
    const progress = progressBar({ json, unit: 'games' });
    const options = {
      games,
      seed: read.text('seed', '1'),
      epochs,
      players,
      heldOutShare,
      hidden,
      learningRate,
      batch,
      decay,
      particle: read.values['no-particle'] !== true,
    };
    // A game that goes wrong, or a model that cannot be written, ends the run with a sentence, not a trace.
    let trained: ReturnType<typeof trainBelief>;
    let written: { sha256: string; bytes: number };
    try {
      // On more than one worker the games are played first, on every core, then trained on this thread.
      const played =
        workers > 1
          ? await beliefGamesOnCores(options, workers, (done, total) => progress.tick(done, total))
          : undefined;
      trained = trainBelief(
        { ...options, makeBot: botNamed },
        {
          ...(played === undefined
            ? { onGame: (done: number, total: number) => progress.tick(done, total) }
            : {}),
          onEpoch: (e) => {
            if (!json)
              progress.note(
                `epoch ${e.epoch}: ${lossWords(e.trainLoss)}, held-out log-likelihood ${e.heldOutPerPiece.toFixed(4)} a piece`,
              );
          },
          ...checkpoints,
        },
        played,
      );
      written = await writeModel(out, trained.file);
    } catch (error) {
      return failed(progress, error);
    }
    progress.end();
    const { sha256, bytes } = written;
    const { heldOut, curve, trainingDecisions } = trained;
    if (json) {
      process.stdout.write(`${JSON.stringify({ out, sha256, bytes, heldOut, curve, trainingDecisions })}\n`);
      return 0;
    }
    const f = (x: number) => x.toFixed(4).padStart(9);
    const lines = [
      `trained on ${trainingDecisions} decisions; held out ${heldOut.games} games, ${heldOut.decisions} decisions, ${heldOut.pieces} hidden pieces`,
      'mean log-likelihood of the true kinds (nats)   a piece   a decision',
      `  uniform prior under the hard constraints   ${f(heldOut.uniform.perPiece)}  ${f(heldOut.uniform.perDecision)}`,
    ];
    for (const m of heldOut.particle?.mixed ?? [])
      lines.push(
        `  particle belief, ${String(m.floor).padEnd(4)} of the prior mixed in ${f(m.perPiece)}  ${f(m.perDecision)}`,
      );
    if (heldOut.particle)
      lines.push(
        `  (the particles held no weight on the true kind for ${(100 * heldOut.particle.zeroShare).toFixed(1)}% of pieces)`,
      );
    lines.push(
      `  learned model                            ${f(heldOut.learned.perPiece)}  ${f(heldOut.learned.perDecision)}`,
    );
    lines.push(`wrote ${out} (${bytes} bytes), sha256 ${sha256}`);
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  },
};

type Read = Exclude<ReturnType<typeof readFlags>, number>;

/** An epoch's training loss as the progress line says it; epoch 0 is the untrained network, with none. */
function lossWords(loss: number | null): string {
  return loss === null || Number.isNaN(loss) ? 'untrained' : `training loss ${loss.toFixed(4)}`;
}

/** What went wrong with a file or folder, in words (the system's message when it is none of the usual). */
function fileTrouble(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EEXIST' || code === 'ENOTDIR'
    ? 'a file stands where a folder is needed'
    : code === 'EISDIR'
      ? 'a folder stands where the file should be'
      : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'permission denied'
        : (error as Error).message;
}

/**
 * `--out FILE`, checked before any game is played (a long run should not end unable to write its file): its
 * folder made if need be and writable, and FILE not a folder. Nothing is written to FILE yet.
 */
async function outProblem(out: string): Promise<string | null> {
  if (out === '') return '--out needs a file to write the model to.';
  if (out.endsWith('/') || out.endsWith(sep))
    return `--out: '${out}' names a folder; name the model file (for example ${join(out, 'model.json')}).`;
  try {
    await mkdir(dirname(out), { recursive: true });
    await access(dirname(out), constants.W_OK);
    const found = await stat(out).catch(() => null);
    if (found?.isDirectory()) throw Object.assign(new Error('a folder'), { code: 'EISDIR' });
    if (found !== null) await access(out, constants.W_OK);
    return null;
  } catch (error) {
    return `--out: cannot write the model to '${out}' (${fileTrouble(error)}).`;
  }
}

/** A run that went wrong after the games began: the progress line closed, then one sentence; exit code 1. */
function failed(progress: { end(): void }, error: unknown): number {
  progress.end();
  process.stderr.write(`pirates train: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
}

/** A model file's text, the same for the final file and every checkpoint. */
function modelText(file: unknown): string {
  return `${JSON.stringify(file)}\n`;
}

/** Writes a trained model to `out` (its folder made if need be); its SHA-256 and size, as the command prints them. */
async function writeModel(out: string, file: unknown): Promise<{ sha256: string; bytes: number }> {
  const text = modelText(file);
  // Written beside it, then renamed over it: a write that fails half-way (a full disk) leaves the file that
  // was there, which by default is the shipped model, whole.
  const temporary = `${out}.${process.pid}.partial`;
  try {
    await mkdir(dirname(out), { recursive: true });
    await writeFile(temporary, text);
    await rename(temporary, out);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw new Error(
      `could not write the model to '${out}' (${fileTrouble(error)}); nothing there was changed.`,
      {
        cause: error,
      },
    );
  }
  return { sha256: createHash('sha256').update(text).digest('hex'), bytes: Buffer.byteLength(text) };
}

const CHECKPOINT = /^epoch-\d+\.json$/;

/**
 * `--checkpoints DIR`, readied before any game is played: DIR made if need be, and something that writes
 * DIR/epoch-K.json after epoch K; or the sentence saying why DIR will not do. A DIR that already holds
 * checkpoints is refused: a shorter run would leave the longer one's last epochs beside its own, and a
 * curve drawn from the folder would mix the two.
 */
async function checkpointWriter(
  dir: string | undefined,
): Promise<{ onModel?: (model: { file: unknown }, epoch: number) => void } | { problem: string }> {
  if (dir === undefined) return {};
  if (dir === '') return { problem: '--checkpoints needs a folder to write the checkpoints in.' };
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    return { problem: `--checkpoints: cannot make or write in the folder '${dir}' (${fileTrouble(error)}).` };
  }
  const held = (await readdir(dir))
    .filter((name) => CHECKPOINT.test(name))
    .sort((x, y) => Number.parseInt(x.slice(6), 10) - Number.parseInt(y.slice(6), 10));
  if (held.length > 0)
    return {
      problem: `--checkpoints: the folder '${dir}' already holds checkpoints (${held.slice(0, 3).join(', ')}${held.length > 3 ? ', ...' : ''}) of another run; empty it or name another.`,
    };
  // Synchronous: training runs synchronously, and a checkpoint should be on disk before the next epoch.
  return {
    onModel: (model, epoch) => {
      const path = join(dir, `epoch-${epoch}.json`);
      try {
        writeFileSync(path, modelText(model.file));
      } catch (error) {
        throw new Error(`--checkpoints: could not write '${path}' (${fileTrouble(error)}).`, {
          cause: error,
        });
      }
    },
  };
}

async function runValue(read: Read, json: boolean, noParticle: boolean): Promise<number> {
  if (noParticle) read.problems.push('--no-particle is for pirates train belief.');
  if (read.values.workers !== undefined)
    read.problems.push('--workers is for pirates train belief; the value plays its games on one thread.');
  const games = read.whole('games', 6000, 1);
  const epochs = read.whole('epochs', 4, 1, 10_000);
  const heldOutShare = read.number('held-out', 0.2, 0, 0.9);
  const hidden = read.whole('hidden', 32, 1, 1024);
  const learningRate = read.number('learning-rate', 0.001, 0);
  const batch = read.whole('batch', 64, 1);
  const decay = read.number('decay', 0.003, 0);
  const explore = read.number('explore', 0.2, 0, 1);
  const keep = read.number('keep', 0.25, 0, 1);
  const out = read.text('out', DEFAULT_VALUE_PATH);
  const players = read.values.players === undefined ? ['heuristic'] : read.list('players');
  if (players.length === 0) read.problems.push('--players needs at least one bot name.');
  for (const name of players) {
    const made = createBot(name);
    if (!made.ok) read.problems.push(made.error.message);
  }
  if (read.problems.length > 0) return read.refuse();
  const unwritable = await outProblem(out);
  if (unwritable !== null) return read.refuse(unwritable);
  const checkpoints = await checkpointWriter(read.values.checkpoints);
  if ('problem' in checkpoints) return read.refuse(checkpoints.problem);
  const progress = progressBar({ json, unit: 'games' });
  let trained: ReturnType<typeof trainValue>;
  let written: { sha256: string; bytes: number };
  try {
    trained = trainValue(
      {
        games,
        seed: read.text('seed', '1'),
        epochs,
        players,
        explore,
        keep,
        heldOutShare,
        hidden,
        learningRate,
        batch,
        decay,
        makeBot: botNamed,
      },
      {
        onGame: (done, total) => progress.tick(done, total),
        onEpoch: (e) => {
          if (!json)
            progress.note(
              `epoch ${e.epoch}: ${lossWords(e.trainLoss)}, held-out log loss ${e.heldOutLoss.toFixed(4)}`,
            );
        },
        ...checkpoints,
      },
    );
    written = await writeModel(out, trained.file);
  } catch (error) {
    return failed(progress, error);
  }
  progress.end();
  const { sha256, bytes } = written;
  const { heldOut, curve, trainingPositions } = trained;
  if (json) {
    process.stdout.write(`${JSON.stringify({ out, sha256, bytes, heldOut, curve, trainingPositions })}\n`);
    return 0;
  }
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const lines = [
    `trained on ${trainingPositions} positions; held out ${heldOut.games} games, ${heldOut.positions} positions`,
    '                        log loss   winner foreseen',
    `  linear evaluation     ${heldOut.linear.logLoss.toFixed(4)}     ${pct(heldOut.linear.accuracy)}`,
    `  learned value         ${heldOut.learned.logLoss.toFixed(4)}     ${pct(heldOut.learned.accuracy)}`,
    `wrote ${out} (${bytes} bytes), sha256 ${sha256}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
