/**
 * The crew's faces (issue 20): each kind drawn as its own character, and the unknown pirate as a silhouette.
 * Every drawing lives in one frame: the token is a circle of radius 100 around (0, 0); `Pirate` (art.tsx)
 * scales it to the token's size. Plain shapes and fixed path strings only, no filters or clip paths: a table
 * draws about thirty of them and redraws on every move.
 *
 * What tells them apart at a glance, even on a phone where a token is 30 pixels wide:
 * the Captain's black hat and red beard, Sally's purple bandana and sword, Walter's hat and whip curling over
 * it, Ivan's one big tooth, Eddy's eye patch and gold earring, Boris' orange cap and catcher's mitt, Aden's
 * mop of hair and the snake round his neck, and the Bomb, a bomb with a burning fuse.
 */
import type { PieceKind, Seat } from '../../engine/index.ts';

const INK = '#2b1a0e';
const SKIN = { light: '#f4d2ad', tan: '#e0a877', brown: '#b9773f', dark: '#7a4a24' } as const;

/** A light tint of the owner's colour behind the face, so the owner shows inside the token too. */
export const SEAT_TINT: Readonly<Record<Seat, string>> = { red: '#fbe0da', blue: '#dceafa' };

/** Head and shoulders, the shirt in the owner's pattern (stripes or dots, so colour is never the only sign). */
function Bust(props: { owner: Seat; skin: string; ears?: boolean }) {
  return (
    <g>
      <path
        d="M-60 54 Q-50 30 -22 27 L22 27 Q50 30 60 54 Q40 76 0 79 Q-40 76 -60 54 Z"
        fill={`url(#pat-${props.owner}-token)`}
        stroke={INK}
        stroke-width="4"
      />
      {props.ears !== false && (
        <g fill={props.skin} stroke={INK} stroke-width="3.5">
          <circle cx="-35" cy="-6" r="9" />
          <circle cx="35" cy="-6" r="9" />
        </g>
      )}
      <circle cx="0" cy="-8" r="35" fill={props.skin} stroke={INK} stroke-width="4" />
    </g>
  );
}

function Eyes(props: { y?: number }) {
  const y = props.y ?? -12;
  return (
    <g fill={INK}>
      <circle cx="-13" cy={y} r="5.5" />
      <circle cx="13" cy={y} r="5.5" />
    </g>
  );
}

function Captain(props: { owner: Seat }) {
  return (
    <g>
      <Bust owner={props.owner} skin={SKIN.light} />
      <Eyes y={-14} />
      {/* The red beard, bushy, from ear to ear. */}
      <path
        d="M-38 -10 Q-44 28 -20 40 Q-8 50 0 43 Q8 50 20 40 Q44 28 38 -10 Q30 10 14 6 Q0 14 -14 6 Q-30 10 -38 -10 Z"
        fill="#e0561b"
        stroke={INK}
        stroke-width="3.5"
      />
      <path d="M-9 14 Q0 19 9 14" stroke={INK} stroke-width="4" fill="none" stroke-linecap="round" />
      {/* The captain's hat: black, three-cornered, gold-edged, a skull on the front. */}
      <path
        d="M-76 -28 Q-60 -62 -34 -58 Q-20 -94 0 -90 Q20 -94 34 -58 Q60 -62 76 -28 Q40 -48 0 -42 Q-40 -48 -76 -28 Z"
        fill="#1d1a18"
        stroke="#f2c230"
        stroke-width="5"
        stroke-linejoin="round"
      />
      <circle cx="0" cy="-64" r="11" fill="#fff" />
      <g fill="#1d1a18">
        <circle cx="-4" cy="-65" r="3" />
        <circle cx="4" cy="-65" r="3" />
      </g>
    </g>
  );
}

function Sally(props: { owner: Seat }) {
  return (
    <g>
      {/* Long hair, behind the head. */}
      <path
        d="M-38 -22 Q-54 20 -46 48 L46 48 Q54 20 38 -22 Z"
        fill="#5a2d0c"
        stroke={INK}
        stroke-width="3.5"
      />
      <Bust owner={props.owner} skin={SKIN.tan} ears={false} />
      <Eyes />
      <path d="M-10 9 Q0 18 10 9" stroke="#b0302a" stroke-width="5" fill="none" stroke-linecap="round" />
      {/* The bandana, its knot and tails on one side. */}
      <path
        d="M-39 -14 Q-42 -56 0 -54 Q42 -56 39 -14 Q0 -30 -39 -14 Z"
        fill="#8e44ad"
        stroke={INK}
        stroke-width="3.5"
      />
      <path
        d="M34 -30 L62 -44 L58 -20 Z M36 -24 L64 -12 L50 2 Z"
        fill="#8e44ad"
        stroke={INK}
        stroke-width="3"
      />
      <g fill="#fff">
        <circle cx="-18" cy="-38" r="4" />
        <circle cx="4" cy="-42" r="4" />
        <circle cx="22" cy="-34" r="4" />
      </g>
      {/* The cutlass, raised on the other side. */}
      <path d="M-46 42 Q-90 -2 -62 -68 Q-56 -8 -32 34 Z" fill="#eef3f6" stroke={INK} stroke-width="3.5" />
      <path d="M-60 46 L-30 28" stroke="#d4a017" stroke-width="9" stroke-linecap="round" />
      <path d="M-46 40 L-54 60" stroke="#6b3f1f" stroke-width="9" stroke-linecap="round" />
    </g>
  );
}

function Walter(props: { owner: Seat }) {
  return (
    <g>
      <Bust owner={props.owner} skin={SKIN.light} />
      <Eyes y={-10} />
      {/* A big moustache. */}
      <path
        d="M-28 12 Q-14 -2 0 8 Q14 -2 28 12 Q14 10 0 15 Q-14 10 -28 12 Z"
        fill="#3a2414"
        stroke={INK}
        stroke-width="3"
      />
      {/* The hat: a wide brown brim. */}
      <path d="M-30 -34 Q-30 -70 0 -68 Q30 -70 30 -34 Z" fill="#8a5526" stroke={INK} stroke-width="3.5" />
      <path d="M-31 -40 L31 -40" stroke="#3e2410" stroke-width="7" />
      <ellipse cx="0" cy="-33" rx="54" ry="10" fill="#8a5526" stroke={INK} stroke-width="3.5" />
      {/* The whip: a handle in his hand, the lash curling over the hat, and its crack. */}
      <path
        d="M-54 20 Q-88 -40 -44 -78 Q6 -104 50 -74 Q78 -50 62 -24 Q54 -12 66 -6"
        stroke="#5a3212"
        stroke-width="9"
        fill="none"
        stroke-linecap="round"
      />
      <path d="M-52 52 L-56 18" stroke="#2b1a0e" stroke-width="12" stroke-linecap="round" />
      <path d="M72 -14 L84 -20 M74 -4 L88 -2 M70 4 L78 14" stroke="#d4a017" stroke-width="4" />
    </g>
  );
}

function Ivan(props: { owner: Seat }) {
  return (
    <g>
      <Bust owner={props.owner} skin={SKIN.brown} />
      {/* Bald, with a shine. */}
      <ellipse cx="-14" cy="-32" rx="8" ry="5" fill="#fff" opacity="0.6" />
      <path d="M-22 -24 L-6 -20 M22 -24 L6 -20" stroke={INK} stroke-width="5" stroke-linecap="round" />
      <Eyes y={-11} />
      {/* A wide grin and one big tooth hanging over the lip. */}
      <path d="M-24 2 Q0 32 24 2 Z" fill="#5a1212" stroke={INK} stroke-width="3.5" />
      <path d="M-10 2 L10 2 L9 26 Q0 31 -9 26 Z" fill="#fff" stroke={INK} stroke-width="3.5" />
    </g>
  );
}

function Eddy(props: { owner: Seat }) {
  return (
    <g>
      <Bust owner={props.owner} skin={SKIN.dark} />
      {/* Short curly hair. */}
      <path
        d="M-36 -16 Q-44 -30 -32 -36 Q-30 -50 -16 -46 Q-8 -56 4 -48 Q16 -56 24 -44 Q38 -46 36 -32 Q44 -24 36 -16 Q0 -32 -36 -16 Z"
        fill="#151515"
      />
      <circle cx="-13" cy="-12" r="5.5" fill={INK} />
      {/* The eye patch and its strap. */}
      <path d="M-34 -28 L36 -2" stroke="#111" stroke-width="4" />
      <ellipse cx="13" cy="-11" rx="11" ry="10" fill="#111" />
      <path d="M-12 10 Q0 20 12 10" stroke="#f3e3c8" stroke-width="4.5" fill="none" stroke-linecap="round" />
      {/* The big gold earring. */}
      <circle cx="-40" cy="14" r="14" fill="none" stroke="#6b4e00" stroke-width="10" />
      <circle cx="-40" cy="14" r="14" fill="none" stroke="#ffcc1f" stroke-width="6" />
    </g>
  );
}

function Boris(props: { owner: Seat }) {
  return (
    <g>
      <Bust owner={props.owner} skin={SKIN.light} />
      <Eyes y={-10} />
      <path d="M-12 10 Q0 22 12 10" stroke={INK} stroke-width="4" fill="none" stroke-linecap="round" />
      <g fill="#e8a08a">
        <circle cx="-22" cy="4" r="5" />
        <circle cx="22" cy="4" r="5" />
      </g>
      {/* An orange cap, its peak to one side. */}
      <path d="M-36 -20 Q-36 -56 0 -56 Q36 -56 36 -20 Z" fill="#f08a1c" stroke={INK} stroke-width="3.5" />
      <path d="M-34 -20 Q-62 -24 -68 -12 Q-44 -8 -14 -18 Z" fill="#c0610b" stroke={INK} stroke-width="3.5" />
      {/* The catcher's mitt, held up. */}
      <path
        d="M-76 42 Q-82 4 -62 -4 Q-44 -10 -30 6 Q-20 26 -32 50 Q-50 68 -68 60 Q-74 54 -76 42 Z"
        fill="#c98a48"
        stroke={INK}
        stroke-width="4"
      />
      <path
        d="M-62 8 Q-50 24 -58 46 M-46 10 Q-36 26 -44 48"
        stroke="#6b3f1f"
        stroke-width="3.5"
        fill="none"
      />
    </g>
  );
}

function Aden(props: { owner: Seat }) {
  return (
    <g>
      <Bust owner={props.owner} skin={SKIN.tan} />
      {/* A mop of brown hair, one tuft sticking up. */}
      <path
        d="M-37 -12 Q-44 -46 -10 -50 L-4 -66 L8 -50 Q22 -58 26 -46 Q44 -40 37 -12 Q20 -30 2 -26 Q-20 -32 -37 -12 Z"
        fill="#7a4a1c"
        stroke={INK}
        stroke-width="3.5"
        stroke-linejoin="round"
      />
      <Eyes />
      <path d="M-8 10 Q0 17 8 10" stroke={INK} stroke-width="4" fill="none" stroke-linecap="round" />
      {/* The adder round his neck, its head up by his cheek, tongue out. */}
      <path
        d="M44 58 Q10 24 -28 46 Q-64 64 -62 18 Q-62 -2 -54 -14"
        stroke="#145a1f"
        stroke-width="17"
        fill="none"
        stroke-linecap="round"
      />
      <path
        d="M44 58 Q10 24 -28 46 Q-64 64 -62 18 Q-62 -2 -54 -14"
        stroke="#43b649"
        stroke-width="10"
        fill="none"
        stroke-linecap="round"
      />
      <ellipse cx="-54" cy="-20" rx="14" ry="11" fill="#43b649" stroke="#145a1f" stroke-width="4" />
      <circle cx="-50" cy="-23" r="3.5" fill={INK} />
      <path d="M-66 -22 L-80 -28 M-80 -28 L-86 -24 M-80 -28 L-84 -34" stroke="#d62020" stroke-width="3.5" />
    </g>
  );
}

function Bomb() {
  return (
    <g>
      {/* The fuse, burning. */}
      <path d="M34 -40 Q50 -66 32 -78" stroke="#a0672e" stroke-width="6" fill="none" stroke-linecap="round" />
      <path
        d="M32 -78 L38 -92 L40 -80 L54 -86 L44 -74 L56 -66 L40 -70 L34 -58 L30 -72 L16 -70 L28 -80 Z"
        fill="#ffb300"
        stroke="#d84315"
        stroke-width="3"
        stroke-linejoin="round"
      />
      <path d="M16 -34 L32 -50 L46 -36 L30 -20 Z" fill="#555" stroke={INK} stroke-width="3.5" />
      <circle cx="-6" cy="12" r="52" fill="#1f1f1f" stroke={INK} stroke-width="4" />
      <path
        d="M-38 -8 Q-32 -26 -14 -32"
        stroke="#fff"
        stroke-width="7"
        fill="none"
        stroke-linecap="round"
        opacity="0.7"
      />
    </g>
  );
}

/** The unknown pirate: a silhouette in the owner's colours and a question mark; the same for every kind. */
export function Silhouette(props: { owner: Seat; dark: string }) {
  return (
    <g>
      <path
        d="M-60 54 Q-50 30 -22 27 L22 27 Q50 30 60 54 Q40 76 0 79 Q-40 76 -60 54 Z"
        fill={`url(#pat-${props.owner}-token)`}
        stroke={INK}
        stroke-width="4"
      />
      <circle cx="0" cy="-6" r="39" fill={props.dark} />
      <path
        d="M-72 -30 Q-58 -62 -34 -58 Q-20 -90 0 -86 Q20 -90 34 -58 Q58 -62 72 -30 Q36 -46 0 -40 Q-36 -46 -72 -30 Z"
        fill={props.dark}
      />
      <text x="0" y="20" text-anchor="middle" font-size="72" font-weight="900" fill="#fff">
        ?
      </text>
    </g>
  );
}

/** The face of a known kind, in the token's frame. */
export function Face(props: { kind: PieceKind; owner: Seat }) {
  const { owner } = props;
  switch (props.kind) {
    case 'captain':
      return <Captain owner={owner} />;
    case 'swashbuckler':
      return <Sally owner={owner} />;
    case 'whip':
      return <Walter owner={owner} />;
    case 'incisor':
      return <Ivan owner={owner} />;
    case 'earring':
      return <Eddy owner={owner} />;
    case 'bombcatcher':
      return <Boris owner={owner} />;
    case 'adder':
      return <Aden owner={owner} />;
    case 'bomb':
      return <Bomb />;
  }
}
