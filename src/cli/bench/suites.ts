/** Every benchmark suite `pirates bench` knows; each lives in its own file. */
import { aiSuite } from './ai.ts';
import { engineSuite } from './engine.ts';
import { learnSuite } from './learn.ts';
import { selfPlaySuite } from './selfplay.ts';
import type { BenchSuite } from './suite.ts';
import { updatesSuite } from './updates.ts';

export const suites: readonly BenchSuite[] = [engineSuite, selfPlaySuite, learnSuite, aiSuite, updatesSuite];
