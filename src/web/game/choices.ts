/**
 * What the page offers now, taken from the view's legal actions and nothing else (STYLE: the board knows no
 * rules). Each clickable thing gets the action it sends and its accessible name; an attack is two clicks
 * (attacker, then target), both offered only where a listed attack exists.
 */

import type { Action, PieceView, PlayerView } from '../../engine/index.ts';
import { t } from '../i18n/i18n.ts';
import { FACE_TITLE, pieceName, SEAT_NAMES, shipName } from './names.ts';

/** A clickable piece: it sends `action`, or (first click of an attack) selects the attacker. */
export type PieceChoice =
  | { readonly kind: 'send'; readonly action: Action; readonly label: string }
  | { readonly kind: 'select'; readonly label: string }
  | { readonly kind: 'deselect'; readonly label: string };

export interface Choices {
  /** Card index -> its turnCard action, e.g. `{ 3 => { type: 'turnCard', card: 3 } }`. */
  readonly cards: ReadonlyMap<number, Action>;
  /** Piece id -> what clicking it does. */
  readonly pieces: ReadonlyMap<number, PieceChoice>;
  /** Enemy flag slot -> its turnFlag action. */
  readonly flags: ReadonlyMap<number, Action>;
  /** Buttons under the prompt, e.g. "Don't swing". */
  readonly buttons: readonly { readonly label: string; readonly action: Action }[];
  /** The shoot template (aim to be filled in by the cannon), or null. */
  readonly shoot: Extract<Action, { type: 'shoot' }> | null;
  /** The setup actions (720 of them), or none. */
  readonly setups: readonly Extract<Action, { type: 'setup' }>[];
}

/** Nothing to choose: while a decision is on its way, the page offers nothing (issue 21). */
export const NO_CHOICES: Choices = {
  cards: new Map(),
  pieces: new Map(),
  flags: new Map(),
  buttons: [],
  shoot: null,
  setups: [],
};

/** Piece `id` as this view shows it, wherever it is: on a deck, among the extras, or out of play. */
export function findPiece(view: PlayerView, id: number): PieceView | undefined {
  for (const ship of [view.ships.red, view.ships.blue]) {
    const found = ship.deck.find((p) => p.id === id) ?? ship.extras.find((p) => p.id === id);
    if (found) return found;
  }
  return view.out.find((p) => p.id === id);
}

/** Which deck a piece stands on, if any. */
export function deckOf(view: PlayerView, id: number): 'red' | 'blue' | null {
  if (view.ships.red.deck.some((p) => p.id === id)) return 'red';
  if (view.ships.blue.deck.some((p) => p.id === id)) return 'blue';
  return null;
}

/** The questions whose pass button says what is declined ("Don't swing"); any other says "Pass". */
const PASS_ASKS = ['newPirate', 'swing', 'attack', 'turnFlag'] as const;

export function choicesFor(view: PlayerView, selected: number | null): Choices {
  const me = view.viewer;
  const cards = new Map<number, Action>();
  const pieces = new Map<number, PieceChoice>();
  const flags = new Map<number, Action>();
  const buttons: { label: string; action: Action }[] = [];
  const setups: Extract<Action, { type: 'setup' }>[] = [];
  let shoot: Extract<Action, { type: 'shoot' }> | null = null;
  const name = (id: number, role: 'subject' | 'object' = 'subject') => {
    const piece = findPiece(view, id);
    return piece ? pieceName(piece, me, role) : t('choices.pirate', { id });
  };
  const attacks = view.legalActions.filter((a) => a.type === 'attack');

  for (const action of view.legalActions) {
    switch (action.type) {
      case 'setup':
        setups.push(action);
        break;
      case 'turnCard':
        cards.set(action.card, action);
        break;
      case 'newPirate':
        pieces.set(action.piece, {
          kind: 'send',
          action,
          label: t('choices.bring', { name: name(action.piece, 'object') }),
        });
        break;
      case 'swing': {
        const from = deckOf(view, action.piece);
        const label =
          from === me
            ? t(`choices.swingOnto.${from === 'red' ? 'blue' : 'red'}`, {
                name: name(action.piece, 'object'),
              })
            : t('choices.swingBack', { name: name(action.piece, 'object') });
        pieces.set(action.piece, { kind: 'send', action, label });
        break;
      }
      case 'plank':
        pieces.set(action.piece, {
          kind: 'send',
          action,
          label: t('choices.plank', { name: name(action.piece, 'object') }),
        });
        break;
      case 'hatch':
        pieces.set(action.piece, {
          kind: 'send',
          action,
          label: t('choices.hatch', { name: name(action.piece, 'object') }),
        });
        break;
      case 'losePiece':
        pieces.set(action.piece, {
          kind: 'send',
          action,
          label: t('choices.giveUp', { name: name(action.piece, 'object') }),
        });
        break;
      case 'raid':
        pieces.set(action.piece, {
          kind: 'send',
          action,
          label: t('choices.raid', { name: name(action.piece) }),
        });
        break;
      case 'attack':
        if (selected === null) {
          pieces.set(action.attacker, {
            kind: 'select',
            label: t('choices.attackWith', { name: name(action.attacker) }),
          });
        } else if (action.attacker === selected) {
          const ship = deckOf(view, action.target);
          const words = { target: name(action.target, 'object'), name: name(selected) };
          pieces.set(action.target, {
            kind: 'send',
            action,
            label:
              ship === null
                ? t('choices.attack', words)
                : t('choices.attackOn', { ...words, ship: shipName(ship, me) }),
          });
        }
        break;
      case 'turnFlag':
        flags.set(action.slot, action);
        break;
      case 'shoot':
        shoot = action;
        break;
      case 'pass':
        buttons.push({
          label: t(`choices.pass.${PASS_ASKS.find((ask) => ask === view.pending.ask) ?? 'other'}`),
          action,
        });
        break;
      case 'resign':
        break;
    }
  }
  if (selected !== null && attacks.some((a) => a.type === 'attack' && a.attacker === selected)) {
    pieces.set(selected, { kind: 'deselect', label: t('choices.deselect', { name: name(selected) }) });
  }
  // A label is a sentence of its own: one that begins with an unknown pirate begins with an article in some
  // languages ("einen blauen Piraten auf die Planke stellen"), which starts it with a capital like the rest.
  for (const [id, choice] of pieces) pieces.set(id, { ...choice, label: sentenceStart(choice.label) });
  return { cards, pieces, flags, buttons, shoot, setups };
}

function sentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The accessible name of an action card, e.g. 'Action card 3: shows Attack!, other side Plank' (cards count
 * from 1 for people). A card the player may turn says what turning it does, since the face played is the one
 * now hidden (R2.1): 'Action card 3: shows Attack!; turning it plays its unknown other side'.
 */
export function cardLabel(view: PlayerView, index: number, turnable = false): string {
  const card = view.cards[index];
  if (card === undefined) return t('choices.card', { card: index + 1 });
  const shows = t('choices.shows', { card: index + 1, face: FACE_TITLE[card.up] });
  if (turnable) {
    return card.down === null
      ? t('choices.playsUnknown', { shows })
      : t('choices.plays', { shows, face: FACE_TITLE[card.down] });
  }
  const back = card.down === null ? '' : t('choices.back', { face: FACE_TITLE[card.down] });
  const aside = card.aside === null ? '' : t('choices.aside', { seat: SEAT_NAMES[card.aside] });
  const blocked = view.lastTurned === index && card.aside === null ? t('choices.blocked') : '';
  return `${shows}${back}${aside}${blocked}`;
}

/**
 * Why the card the player clicked may not be turned now, or null when it may be or no card is asked for: a
 * click on the card just turned (R2.2) or on one set aside (R10) says why instead of doing nothing (issue 52).
 */
export function cardRefusal(view: PlayerView, index: number): string | null {
  const pending = view.pending;
  const card = view.cards[index];
  if (pending.ask !== 'turnCard' || pending.seat !== view.viewer || card === undefined) return null;
  if (view.legalActions.some((a) => a.type === 'turnCard' && a.card === index)) return null;
  if (card.aside !== null) return t('refusal.setAside', { card: index + 1, seat: SEAT_NAMES[card.aside] });
  if (view.lastTurned !== index) return null;
  const other = pending.seat === 'red' ? 'blue' : 'red';
  return t('refusal.justTurned', { card: index + 1, seat: SEAT_NAMES[other] });
}
