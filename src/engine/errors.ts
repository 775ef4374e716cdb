/**
 * Every code the engine refuses with, each with what it means: the one typed list that `EngineError` codes
 * come from and that docs/protocol.md's table is checked against (test/docs/error-codes.test.ts).
 */
export const ENGINE_ERRORS = {
  'action/seat': "The seat is not 'red' or 'blue'.",
  'action/malformed': 'The action is not one the engine knows, or a field is missing or of the wrong type.',
  'action/not-your-turn': 'It is not this seat’s decision now.',
  'action/wrong-decision': 'The seat must decide something else now (the message says what).',
  'action/illegal': 'The rules do not allow this action now (the message names the rule).',
  'aim/malformed': 'An aim is not { x, back, yaw, pitch } of finite numbers.',
  'aim/missing': 'An aimed shot needs an aim.',
  'aim/not-aimed': 'A quick-shots game takes no aim.',
  'aim/out-of-range': 'The cannon may not move or tilt that far.',
  'aim/in-front-of-ship': 'The cannon may not stand in front of its own ship.',
  'game/over': 'The game is over; no more actions.',
  'engine/internal': 'The engine failed on this action (a bug); nothing was changed.',
  'options/malformed': 'Game options are not an object.',
  'options/unknown': 'A game option the engine does not know.',
  'options/seed': 'The seed is missing or too long.',
  'options/entropy': "Entropy is not 'seed' or 'seats'.",
  'options/chance': 'The chance generator is unknown, or xoroshiro128plus with contributions.',
  'options/variant': "The variant is not 'standard' or 'advanced'.",
  'options/shots': "Shots are not 'aimed' or 'quick'.",
  'options/quick-odds': 'Quick odds are not two probabilities.',
  'options/turn-limit': 'The turn limit is not a whole number above 0.',
  'options/first-seat': "The first seat is not 'red' or 'blue'.",
  'options/card-set': 'The card set is not ten pairs of faces.',
  'cannon/malformed': 'Cannon options are not an object of known numbers.',
  'cannon/out-of-range': 'A cannon option is outside its range.',
  'cannon/inconsistent': 'Cannon options contradict each other.',
  'record/malformed': 'A record is not { format, options, actions }.',
  'record/format': 'A record’s format is not 1 or 2.',
  'record/refused': 'An entry of a record is refused by the rules.',
} as const;

export type EngineErrorCode = keyof typeof ENGINE_ERRORS;

export const ENGINE_ERROR_CODES = Object.keys(ENGINE_ERRORS) as EngineErrorCode[];
