/**
 * The learning API over the engine (docs/learn.md): integer actions and masks, observation tensors, explicit
 * chance nodes, resampling from a seat's view, and batched environments. It adds no rule: every move it
 * makes is the engine's, and it sees a seat's view or, inside an environment, encodes exactly what the view tells.
 */
export {
  INFORMATION_STATE_LAYOUT,
  INFORMATION_STATE_SIZE,
  informationStateTensor,
} from './information-state.ts';
export {
  OBSERVATION_LAYOUT,
  OBSERVATION_SIZE,
  observationTensor,
  type TensorSection,
  writeObservation,
} from './observation.ts';
