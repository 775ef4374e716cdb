/**
 * `--value-model FILE` and `--belief-model FILE` (pirates tournament): candidate model files measured in
 * play without replacing the shipped ones. Each file is read once here, checked for being a model of its
 * kind (by its format: no hash is recorded for a candidate), and handed to every game
 * (src/ai/candidate-models.ts); the command names it with its SHA-256 in all it prints, so a result is never
 * taken for the shipped model's.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type CandidateModels, checkCandidate, type ModelKind } from '../ai/candidate-models.ts';
import { usesBeliefModel, usesValueModel } from '../ai/levels.ts';

/** A candidate file as the command names it. */
export interface NamedModel {
  readonly file: string;
  readonly sha256: string;
}

export interface CandidateFiles {
  /** The files' bytes, for the games. */
  readonly models: CandidateModels;
  /** The files by kind, for the header and the JSON report. */
  readonly named: Partial<Record<ModelKind, NamedModel>>;
}

const READERS: Readonly<Record<ModelKind, { uses: (bot: string) => boolean; bots: string }>> = {
  belief: { uses: usesBeliefModel, bots: 'expert, learned and expert-belief do' },
  value: { uses: usesValueModel, bots: 'expert-value does' },
};

/**
 * Reads the candidate files given by kind, for a tournament between `bots`: the files and their bytes, or
 * one sentence per problem (a file that cannot be read, one that is no model of its kind, a model no bot
 * reads).
 */
export async function readCandidateFiles(
  files: Partial<Record<ModelKind, string>>,
  bots: readonly string[],
): Promise<{ ok: true; value: CandidateFiles } | { ok: false; problems: string[] }> {
  const problems: string[] = [];
  const models: { -readonly [K in ModelKind]?: Uint8Array } = {};
  const named: Partial<Record<ModelKind, NamedModel>> = {};
  for (const kind of ['belief', 'value'] as const) {
    const file = files[kind];
    if (file === undefined) continue;
    const flag = `--${kind}-model`;
    if (!bots.some(READERS[kind].uses)) {
      problems.push(
        `${flag} is given, but no bot in --bots reads the ${kind} model (${READERS[kind].bots}).`,
      );
    }
    let bytes: Uint8Array;
    try {
      // A copy of its own: it is sent to every worker, and a small file's Buffer shares a larger pool.
      bytes = new Uint8Array(await readFile(file));
    } catch (error) {
      problems.push(`${flag} ${file} could not be read: ${(error as Error).message}.`);
      continue;
    }
    const checked = checkCandidate(kind, bytes);
    if (!checked.ok) {
      problems.push(`${flag} ${file} is not a ${kind} model this code reads: ${checked.error.message}`);
      continue;
    }
    models[kind] = bytes;
    named[kind] = { file, sha256: createHash('sha256').update(bytes).digest('hex') };
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: { models, named } };
}

/** The lines that open a tournament's printout: each candidate file, with its SHA-256. */
export function candidateHeader(named: CandidateFiles['named']): string {
  return (['belief', 'value'] as const)
    .flatMap((kind) => {
      const model = named[kind];
      return model === undefined
        ? []
        : [
            `${kind} model: ${model.file}, SHA-256 ${model.sha256} (a candidate, in place of the shipped src/ai/models/${kind}.json)\n`,
          ];
    })
    .join('');
}
