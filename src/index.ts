/**
 * The package's root entry (`pirates-stratego`): the rules engine and the computer players. The wire
 * messages are at `pirates-stratego/protocol`, the Node-side arena (external bots, parallel tournaments)
 * at `pirates-stratego/arena`. See docs/engine.md and docs/ai.md.
 */
export * from './ai/index.ts';
export * from './engine/index.ts';
