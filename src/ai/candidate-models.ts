/**
 * Model files measured in play in place of the shipped ones (`pirates tournament --value-model FILE`,
 * docs/ai.md, "The learned value"). A candidate is its file's bytes: plain data, so it crosses to the
 * tournament's worker threads, where each bot made decodes it again (a value network's scratch is its
 * bot's own). It is checked by its format, not by a hash: the recorded SHA-256 is the shipped file's, and a
 * candidate is another file by definition.
 */
import type { Result } from '../engine/index.ts';
import { decodeBeliefModel, shippedBeliefNetwork } from './belief-model.ts';
import type { BeliefNetwork } from './network.ts';
import { decodeValueModel, shippedValueNetwork } from './value-model.ts';
import type { ValueNetwork } from './value-network.ts';

/** Candidate model files by kind, as their bytes; a kind not given is read from the shipped file. */
export interface CandidateModels {
  readonly belief?: Uint8Array;
  readonly value?: Uint8Array;
}

export type ModelKind = keyof CandidateModels;

/** Whether `bytes` are a model file of `kind` that this code reads; the error says why not. */
export function checkCandidate(kind: ModelKind, bytes: Uint8Array): Result<void, 'model/invalid'> {
  const decoded = kind === 'belief' ? decodeBeliefModel(bytes) : decodeValueModel(bytes);
  return decoded.ok ? { ok: true, value: undefined } : decoded;
}

/** The belief network a bot reads: the candidate's when one is given, else the shipped one. */
export function beliefNetworkFor(models: CandidateModels): Result<BeliefNetwork, 'model/invalid'> {
  return models.belief === undefined
    ? { ok: true, value: shippedBeliefNetwork() }
    : decodeBeliefModel(models.belief);
}

/** A value network for one bot: the candidate's when one is given, else the shipped one. */
export function valueNetworkFor(models: CandidateModels): Result<ValueNetwork, 'model/invalid'> {
  return models.value === undefined
    ? { ok: true, value: shippedValueNetwork() }
    : decodeValueModel(models.value);
}
