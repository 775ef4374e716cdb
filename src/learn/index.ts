/**
 * The learning API over the engine (docs/learn.md): integer actions and masks, observation tensors, explicit
 * chance nodes, resampling from a seat's view, and batched environments. It adds no rule: every move it
 * makes is the engine's, and it sees a seat's view or, inside an environment, encodes exactly what the view tells.
 */
// Resampling (docs/learn.md, "Resampling").
export { type ResampleOptions, Resampler, resample } from './resample.ts';
