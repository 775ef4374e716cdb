/**
 * The drawings: pirate tokens (their faces in faces.tsx), cards, flag cards, ships, the coin, all in SVG drawn
 * in code (no image files). Red and blue are told apart by colour and by pattern (red stripes, blue dots), so
 * colour is never the only signal.
 */

import type { CardFace, FlagCard, PieceKind, Seat } from '../../engine/index.ts';
import { RANK } from '../../engine/index.ts';
import { FACE_TITLE, FLAG_TITLE, KIND_SHORT, SEAT_NAMES } from '../game/names.ts';
import { t } from '../i18n/i18n.ts';
import { Face, SEAT_TINT, Silhouette } from './faces.tsx';

export const SEAT_COLOUR: Readonly<Record<Seat, string>> = { red: '#c0392b', blue: '#2364aa' };
export const SEAT_DARK: Readonly<Record<Seat, string>> = { red: '#7d1f16', blue: '#153d6b' };

/** Patterns and gradients shared by every drawing; put once in each top-level SVG. */
export function Defs() {
  return (
    <defs>
      <pattern id="pat-red" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill={SEAT_COLOUR.red} />
        <rect width="2.4" height="6" fill="#e8685a" />
      </pattern>
      <pattern id="pat-blue" width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill={SEAT_COLOUR.blue} />
        <circle cx="3" cy="3" r="1.3" fill="#7fb2e5" />
      </pattern>
      {/* The same two patterns at a token's scale: a token is drawn in a frame of radius 100. */}
      <pattern
        id="pat-red-token"
        width="36"
        height="36"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="36" height="36" fill={SEAT_COLOUR.red} />
        <rect width="15" height="36" fill="#e8685a" />
      </pattern>
      <pattern id="pat-blue-token" width="34" height="34" patternUnits="userSpaceOnUse">
        <rect width="34" height="34" fill={SEAT_COLOUR.blue} />
        <circle cx="17" cy="17" r="8.5" fill="#7fb2e5" />
      </pattern>
      <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#2a8fb5" />
        <stop offset="1" stop-color="#1b6b8f" />
      </linearGradient>
      <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#a0673a" />
        <stop offset="1" stop-color="#6b3f1f" />
      </linearGradient>
      <linearGradient id="sailcloth" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#f3e6c8" />
        <stop offset="0.5" stop-color="#fff8e6" />
        <stop offset="1" stop-color="#eadcb8" />
      </linearGradient>
      <linearGradient id="parchment" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#fff6dc" />
        <stop offset="1" stop-color="#f0dcae" />
      </linearGradient>
    </defs>
  );
}

/** The smallest token radius that carries its name on a ribbon: below it the letters cannot be read. */
export const RIBBON_MIN_R = 24;

/**
 * A pirate token at (x, y), radius `r`: its character (faces.tsx) if the kind is known, else the owner's
 * silhouette with a question mark. The owner shows as the ring's and the shirt's pattern (red stripes, blue
 * dots) and the tint behind the face; the rank stands large in a badge. `named` (the default) also writes the
 * short name on a ribbon across a token large enough to read it (radius RIBBON_MIN_R and up, as in the
 * scenes); on a smaller one the letters would be a smudge over the face, and the face and the rank say who it
 * is. The table passes `named={false}` and writes the name under the token (PieceName), where it can be read on
 * a phone (issue 21).
 */
export function Pirate(props: {
  x: number;
  y: number;
  r?: number;
  owner: Seat;
  kind: PieceKind | null;
  named?: boolean;
}) {
  const r = props.r ?? 15;
  const named = props.named !== false && r >= RIBBON_MIN_R;
  const { x, y, owner, kind } = props;
  const rank = kind === null ? null : RANK[kind];
  return (
    <g
      class={kind === null ? 'pirate back' : `pirate known kind-${kind}`}
      transform={`translate(${x} ${y}) scale(${r / 100})`}
    >
      <circle r="100" fill={`url(#pat-${owner}-token)`} stroke={SEAT_DARK[owner]} stroke-width="6" />
      <circle r="78" fill={SEAT_TINT[owner]} stroke={SEAT_DARK[owner]} stroke-width="4" />
      {kind === null ? (
        <Silhouette owner={owner} dark={SEAT_DARK[owner]} />
      ) : (
        <Face kind={kind} owner={owner} />
      )}
      {named && kind !== null && (
        <g class="ribbon">
          <rect
            x="-94"
            y="60"
            width="118"
            height="32"
            rx="8"
            fill="#fff6dc"
            stroke="#3b2410"
            stroke-width="4"
          />
          <text
            x="-40"
            y="84"
            text-anchor="middle"
            font-size="26"
            font-weight="800"
            fill="#3b2410"
            {...(KIND_SHORT[kind].length > 5 ? { textLength: 90, lengthAdjust: 'spacingAndGlyphs' } : {})}
          >
            {KIND_SHORT[kind]}
          </text>
        </g>
      )}
      {rank !== null && (
        <g class="rank">
          <circle cx="58" cy="58" r="44" fill={SEAT_DARK[owner]} stroke="#fff" stroke-width="7" />
          <text x="58" y="81" text-anchor="middle" font-size="66" font-weight="900" fill="#fff">
            {rank}
          </text>
        </g>
      )}
    </g>
  );
}

/** A known pirate's short name under its token on the table, large enough to read at phone size. */
export function PieceName(props: { x: number; y: number; r: number; kind: PieceKind | null }) {
  if (props.kind === null) return null;
  const name = KIND_SHORT[props.kind];
  // Neighbours on a deck stand 34 apart: a name wider than its token is squeezed to the token's width rather
  // than overlap. Judged by its width (capitals at this weight measured 0.72-0.8 em a letter in Chromium), not
  // by a count of letters: German "Bombe" (43 px) ran into "Aden" beside it (issue 32 item 5).
  const fit =
    name.length * 11 * 0.8 > props.r * 2 + 2
      ? { textLength: props.r * 2 + 2, lengthAdjust: 'spacingAndGlyphs' }
      : {};
  return (
    <text
      x={props.x}
      y={props.y + props.r + 10}
      text-anchor="middle"
      font-size="11"
      font-weight="800"
      fill="#fff"
      class="piece-name label-shadow"
      {...fit}
    >
      {name}
    </text>
  );
}

/** The little picture on a card face, in a 40 x 40 box centred on (x, y). */
export function FaceIcon(props: { face: CardFace; x: number; y: number; s?: number }) {
  const s = props.s ?? 1;
  const t = `translate(${props.x} ${props.y}) scale(${s})`;
  switch (props.face) {
    case 'attack':
      return (
        <g transform={t} stroke="#4a3520" stroke-width="3" stroke-linecap="round">
          <line x1="-14" y1="-14" x2="12" y2="12" />
          <line x1="14" y1="-14" x2="-12" y2="12" />
          <line x1="6" y1="14" x2="14" y2="6" stroke="#b8860b" />
          <line x1="-6" y1="14" x2="-14" y2="6" stroke="#b8860b" />
        </g>
      );
    case 'swing':
      return (
        <g transform={t} fill="none" stroke="#4a3520" stroke-width="2.5">
          <path d="M-16 -14 Q0 18 16 -14" stroke-dasharray="3 2" />
          <circle cx="8" cy="4" r="5" fill="#f4d7b5" />
          <line x1="-16" y1="-16" x2="16" y2="-16" stroke-width="3" />
        </g>
      );
    case 'newPirate':
      return (
        <g transform={t}>
          <circle cx="-3" cy="2" r="11" fill="#f4d7b5" stroke="#4a3520" stroke-width="2" />
          <path d="M-14 -2 Q-3 -18 8 -2 Z" fill="#4a3520" />
          <circle cx="1" cy="3" r="2" fill="#222" />
          <path d="M12 -14 v12 M6 -8 h12" stroke="#2e7d32" stroke-width="3.5" stroke-linecap="round" />
        </g>
      );
    case 'shootSail':
      return (
        <g transform={t}>
          <rect
            x="-8"
            y="-16"
            width="22"
            height="28"
            rx="3"
            fill="#fff8e6"
            stroke="#4a3520"
            stroke-width="2"
          />
          <circle cx="3" cy="-2" r="4.5" fill="#2a8fb5" stroke="#4a3520" stroke-width="1.5" />
          <path d="M-18 14 Q-10 -6 0 -2" fill="none" stroke="#333" stroke-width="2" stroke-dasharray="2 3" />
        </g>
      );
    case 'shootSkull':
      return (
        <g transform={t}>
          <circle cx="0" cy="-3" r="12" fill="#f7d13d" stroke="#4a3520" stroke-width="2" />
          <rect x="-6" y="6" width="12" height="7" rx="2" fill="#f7d13d" stroke="#4a3520" stroke-width="2" />
          <circle cx="-4.5" cy="-4" r="3" fill="#4a3520" />
          <circle cx="4.5" cy="-4" r="3" fill="#4a3520" />
        </g>
      );
    case 'plank':
      return (
        <g transform={t}>
          <rect
            x="-18"
            y="-10"
            width="30"
            height="6"
            rx="1"
            fill="#a0673a"
            stroke="#4a3520"
            stroke-width="1.5"
          />
          <path d="M-18 12 q8 -5 16 0 t16 0 t16 0" fill="none" stroke="#2a8fb5" stroke-width="2.5" />
          <path d="M2 10 L8 -2 L12 10 Z" fill="#607d8b" stroke="#37474f" stroke-width="1.5" />
        </g>
      );
    case 'sleeping':
      return (
        <g transform={t} fill="#4a3520" font-weight="800">
          <text x="-12" y="8" font-size="20">
            Z
          </text>
          <text x="3" y="-2" font-size="14">
            z
          </text>
          <text x="12" y="-10" font-size="10">
            z
          </text>
        </g>
      );
  }
}

/**
 * A font size at most `size` at which `text` fits in `width` (about 0.56 em a letter): a longer word in another
 * language ("Totenkopfschuss") is set a little smaller rather than run off the card.
 */
function fitted(text: string, width: number, size: number): number {
  return Math.min(size, width / (Math.max(1, text.length) * BOLD_EM));
}

/** A letter's width in em of bold lower-case text, taken wide (measured up to 0.64 in Chromium) so a word set
 *  by it does not overrun its room. */
const BOLD_EM = 0.66;

/** An action card at (x, y), top-left, w x h. */
export function CardArt(props: {
  x: number;
  y: number;
  w: number;
  h: number;
  index: number;
  up: CardFace;
  down: CardFace | null;
  aside: Seat | null;
  blocked: boolean;
}) {
  const { x, y, w, h, up, down } = props;
  return (
    <g class="card-art">
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx="7"
        fill="url(#parchment)"
        stroke="#6b3f1f"
        stroke-width="2"
      />
      <text x={x + 6} y={y + 13} font-size="10" font-weight="800" fill="#6b3f1f">
        {props.index + 1}
      </text>
      {/* A card set aside shows its face smaller and lower, under the words that say so (across the picture
          they ran over the Zzz of Sleeping pirates). */}
      {props.aside === null ? (
        <FaceIcon face={up} x={x + w / 2} y={y + h / 2 - 6} s={0.9} />
      ) : (
        <FaceIcon face={up} x={x + w / 2} y={y + h / 2 + 8} s={0.6} />
      )}
      <text
        x={x + w / 2}
        y={y + h - 18}
        text-anchor="middle"
        font-size={fitted(FACE_TITLE[up], w - 6, 9.5)}
        font-weight="800"
        fill="#3b2410"
      >
        {FACE_TITLE[up]}
      </text>
      {down === null ? (
        <text
          x={x + w / 2}
          y={y + h - 6}
          text-anchor="middle"
          font-size={fitted(t('art.backUnknown'), w - 6, 7.5)}
          fill="#8a6a4a"
        >
          {t('art.backUnknown')}
        </text>
      ) : (
        <text
          x={x + w / 2}
          y={y + h - 6}
          text-anchor="middle"
          font-size={fitted(`↻ ${FACE_TITLE[down]}`, w - 6, 7.5)}
          fill="#5b3a1e"
        >
          ↻ {FACE_TITLE[down]}
        </text>
      )}
      {props.aside !== null && (
        <g>
          <rect x={x} y={y} width={w} height={h} rx="7" fill="#000" opacity="0.45" />
          <text
            x={x + w / 2}
            y={y + 26}
            text-anchor="middle"
            font-size={fitted(t('art.setAside'), w - 8, 9)}
            font-weight="800"
            fill="#fff"
          >
            {t('art.setAside')}
          </text>
          <text
            x={x + w / 2}
            y={y + 36}
            text-anchor="middle"
            font-size={fitted(t('art.by', { seat: SEAT_NAMES[props.aside] }), w - 8, 8)}
            fill="#fff"
          >
            {t('art.by', { seat: SEAT_NAMES[props.aside] })}
          </text>
        </g>
      )}
      {props.blocked && props.aside === null && (
        <text
          class="just-turned"
          x={x + w - 5}
          y={y + 13}
          text-anchor="end"
          // Clear of the card's number at the top left (7 px a digit at 10 px bold): German "eben gedreht"
          // ran over the 7 (issue 32 item 5).
          font-size={fitted(t('art.justTurned'), w - 15 - String(props.index + 1).length * 7, 7.5)}
          font-weight="700"
          fill="#a33"
        >
          {t('art.justTurned')}
        </text>
      )}
    </g>
  );
}

/** A flag card at (x, y), top-left: known face, or the back. */
export function FlagArt(props: {
  x: number;
  y: number;
  w: number;
  h: number;
  card: FlagCard | null;
  owner: Seat;
}) {
  const { x, y, w, h, card } = props;
  const cx = x + w / 2;
  const cy = y + h / 2 - 3;
  // Its word shrinks to the card's width: "Drapeau" was clipped on a phone's narrow flag card (issue 52).
  const flagWord = card === null ? '' : card === 'barrel' ? t('art.barrel') : FLAG_TITLE[card];
  return (
    <g class="flag-art">
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx="3"
        fill={card === null ? `url(#pat-${props.owner})` : '#fff6dc'}
        stroke="#3b2410"
        stroke-width="1.5"
      />
      {card === null && (
        <text x={cx} y={cy + 5} text-anchor="middle" font-size={h * 0.42} font-weight="800" fill="#fff">
          ?
        </text>
      )}
      {card === 'flag' && (
        <g>
          <line x1={cx - 5} y1={cy - 8} x2={cx - 5} y2={cy + 9} stroke="#3b2410" stroke-width="1.5" />
          <rect x={cx - 5} y={cy - 8} width="11" height="8" fill="#222" />
          <circle cx={cx + 0.5} cy={cy - 4.5} r="2" fill="#fff" />
        </g>
      )}
      {card === 'monkey' && (
        <g>
          <circle cx={cx} cy={cy} r="6.5" fill="#8d5a2b" />
          <circle cx={cx - 6} cy={cy - 2} r="2.5" fill="#8d5a2b" />
          <circle cx={cx + 6} cy={cy - 2} r="2.5" fill="#8d5a2b" />
          <ellipse cx={cx} cy={cy + 2} rx="4" ry="3" fill="#e0b98a" />
        </g>
      )}
      {card === 'barrel' && (
        <g>
          <rect
            x={cx - 5.5}
            y={cy - 7}
            width="11"
            height="14"
            rx="3"
            fill="#8d5a2b"
            stroke="#3b2410"
            stroke-width="1"
          />
          <line x1={cx - 5.5} y1={cy - 3} x2={cx + 5.5} y2={cy - 3} stroke="#3b2410" />
          <line x1={cx - 5.5} y1={cy + 3} x2={cx + 5.5} y2={cy + 3} stroke="#3b2410" />
          <text x={cx} y={cy + 2} text-anchor="middle" font-size="5" fill="#ffd54f" font-weight="800">
            TNT
          </text>
        </g>
      )}
      {card !== null && (
        <text
          x={cx}
          y={y + h - 2.5}
          text-anchor="middle"
          font-size={fitted(flagWord, w - 4, Math.min(9, w * 0.24))}
          font-weight="700"
          fill="#3b2410"
        >
          {flagWord}
        </text>
      )}
    </g>
  );
}

/** A ship seen from the side, its deck line at `deckY`, across x0 .. x1; the hole in the sail and the skull drawn. */
export function Ship(props: { seat: Seat; x0: number; x1: number; deckY: number; label: string }) {
  const { seat, x0, x1, deckY } = props;
  const mid = (x0 + x1) / 2;
  const hullBottom = deckY + 46;
  const sailTop = deckY - 110;
  const sailBottom = deckY - 34;
  return (
    <g class={`ship ship-${seat}`}>
      <line x1={mid} y1={sailTop - 12} x2={mid} y2={deckY} stroke="#5b3a1e" stroke-width="5" />
      <path
        d={`M${mid - 62} ${sailTop} Q${mid} ${sailTop - 10} ${mid + 62} ${sailTop} L${mid + 70} ${sailBottom} Q${mid} ${sailBottom + 12} ${mid - 70} ${sailBottom} Z`}
        fill="url(#sailcloth)"
        stroke="#b9a47a"
        stroke-width="1.5"
      />
      <circle
        cx={mid}
        cy={(sailTop + sailBottom) / 2}
        r="9"
        fill="#1f7aa0"
        stroke="#8b7550"
        stroke-width="2"
      />
      <path
        d={`M${mid} ${sailTop - 12} l22 6 l-22 6 Z`}
        fill={`url(#pat-${seat})`}
        stroke={SEAT_DARK[seat]}
      />
      <path
        d={`M${x0} ${deckY} L${x1} ${deckY} Q${x1 - 6} ${hullBottom - 10} ${x1 - 40} ${hullBottom} L${x0 + 40} ${hullBottom} Q${x0 + 6} ${hullBottom - 10} ${x0} ${deckY} Z`}
        fill="url(#wood)"
        stroke="#4a2a12"
        stroke-width="2"
      />
      <line x1={x0 + 8} y1={deckY + 14} x2={x1 - 8} y2={deckY + 14} stroke="#5b3418" stroke-width="1" />
      <line x1={x0 + 20} y1={deckY + 28} x2={x1 - 20} y2={deckY + 28} stroke="#5b3418" stroke-width="1" />
      <rect x={x0 - 4} y={deckY - 4} width={x1 - x0 + 8} height="6" rx="3" fill="#7a4a26" stroke="#4a2a12" />
      <g transform={`translate(${mid} ${deckY + 24})`}>
        <circle r="8" fill="#f7d13d" stroke="#4a3520" stroke-width="1.5" />
        <circle cx="-3" cy="-1" r="2" fill="#4a3520" />
        <circle cx="3" cy="-1" r="2" fill="#4a3520" />
        <rect x="-3" y="4" width="6" height="3" fill="#4a3520" />
      </g>
      <rect
        x={x1 - 84}
        y={deckY + 14}
        width="52"
        height="15"
        rx="3"
        fill={`url(#pat-${seat})`}
        stroke="#fff"
      />
      <text
        x={x1 - 58}
        y={deckY + 25}
        text-anchor="middle"
        font-size="9.5"
        font-weight="800"
        fill="#fff"
        class="label-shadow"
      >
        {props.label}
      </text>
    </g>
  );
}

/** The coin: shark on one side, cheerful pirate on the other. */
export function Coin(props: { side: 'shark' | 'pirate'; x: number; y: number; r: number }) {
  const { x, y, r, side } = props;
  return (
    <g class="coin">
      <circle cx={x} cy={y} r={r} fill="#e9b949" stroke="#9c7420" stroke-width="4" />
      {side === 'shark' ? (
        <path
          d={`M${x - r * 0.5} ${y + r * 0.3} L${x} ${y - r * 0.55} L${x + r * 0.15} ${y + r * 0.3} Z`}
          fill="#546e7a"
        />
      ) : (
        <g>
          <circle cx={x} cy={y} r={r * 0.45} fill="#f4d7b5" stroke="#5b3a1e" />
          <path
            d={`M${x - r * 0.25} ${y + r * 0.12} Q${x} ${y + r * 0.35} ${x + r * 0.25} ${y + r * 0.12}`}
            stroke="#5b3a1e"
            fill="none"
            stroke-width="2"
          />
          <path
            d={`M${x - r * 0.48} ${y - r * 0.1} Q${x} ${y - r * 0.8} ${x + r * 0.48} ${y - r * 0.1} Z`}
            fill="#c0392b"
          />
        </g>
      )}
    </g>
  );
}
