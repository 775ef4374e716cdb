/**
 * The shipped learned belief: `src/ai/models/belief.json`, written by `pirates train belief` (docs/ai.md,
 * "The learned belief"), imported as JSON so Node, the bot workers and the page's bundle carry the same
 * file. Its SHA-256 is recorded here; test/ai/learned-belief.test.ts checks the file against it, so a model
 * swapped without a word fails the tests.
 */
import file from './models/belief.json' with { type: 'json' };
import { type BeliefNetwork, loadBeliefNetwork } from './network.ts';

export const BELIEF_MODEL_SHA256 = '199093a465a724249bf8e1128a4cd00eda05ea41fc0c02181daf528085e8e440';

/** The command that made the shipped file. */
export const BELIEF_MODEL_COMMAND = 'pirates train belief --seed 1';

let network: BeliefNetwork | null = null;

/** The shipped network, decoded once. A file that does not load is a bug of the build, so this throws. */
export function shippedBeliefNetwork(): BeliefNetwork {
  if (network === null) {
    const loaded = loadBeliefNetwork(file as unknown);
    if (!loaded.ok) throw new Error(`The shipped belief model does not load: ${loaded.error.message}`);
    network = loaded.value;
  }
  return network;
}
