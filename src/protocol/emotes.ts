/**
 * The emotes a player may send (issue 19): a fixed list, so nothing anyone says can be rude; there is no
 * free text anywhere between players. No zod here: the page imports this file for the faces.
 */

/** The emotes a player may send: a fixed list, so nothing anyone says can be rude (no free text anywhere). */
export const EMOTES = [
  'arr',
  'good-luck',
  'well-played',
  'oops',
  'thanks',
  'parrot',
  'treasure',
  'cannon',
  'skull',
] as const;
export type Emote = (typeof EMOTES)[number];

/** What the page shows for each emote, e.g. `{ text: 'Arr!', icon: '🏴‍☠️' }`. */
export const EMOTE_FACES: Readonly<Record<Emote, { readonly text: string; readonly icon: string }>> = {
  arr: { text: 'Arr!', icon: '🏴‍☠️' },
  'good-luck': { text: 'Good luck', icon: '🍀' },
  'well-played': { text: 'Well played', icon: '👏' },
  oops: { text: 'Oops', icon: '😳' },
  thanks: { text: 'Thanks', icon: '🙏' },
  parrot: { text: 'Squawk!', icon: '🦜' },
  treasure: { text: 'Treasure!', icon: '💰' },
  cannon: { text: 'Boom!', icon: '💥' },
  skull: { text: 'Shiver me timbers', icon: '💀' },
};
