/**
 * The table in SVG: the opponent's extras and ship at the top, the ten action cards on the sea between,
 * the viewer's ship and extras below, the out-of-play pile at the bottom; on a wide window (table-shape.ts)
 * the cards stand in two columns beside the ships instead. It draws what the view says and reports clicks on
 * what `choices` offers; it knows no rules.
 */

import { opponentOf, type PieceView, type PlayerView, type Seat } from '../../engine/index.ts';
import { type Choices, cardLabel } from '../game/choices.ts';
import { FLAG_TITLE, pieceName, SEAT_NAMES } from '../game/names.ts';
import { t } from '../i18n/i18n.ts';
import { CardArt, Defs, FlagArt, PieceName, Pirate, Ship } from './art.tsx';
import { Hit, Named } from './hit.tsx';
import { type TableShape, useTableShape } from './table-shape.ts';

/** Where one seat's ship and extras lie: `dx` shifts the whole side (drawn across x 30-370) to the right. */
interface Side {
  readonly dx: number;
  readonly extrasY: number;
  readonly deckY: number;
}

/** Where things lie on the table of one shape (SVG units; a ship is drawn across x 30-370 of its side). */
interface Layout {
  readonly w: number;
  readonly h: number;
  readonly top: Side;
  readonly bottom: Side;
  /** Card `i`'s top-left corner. */
  card(i: number): { x: number; y: number };
  readonly outY: number;
  /** The out-of-play band's width (beside the landscape cards it stops under the ships). */
  readonly outW: number;
  readonly waves: readonly number[];
}

const LAYOUTS: Readonly<Record<TableShape, Layout>> = {
  portrait: {
    w: 400,
    h: 724,
    top: { dx: 0, extrasY: 34, deckY: 204 },
    bottom: { dx: 0, extrasY: 660, deckY: 584 },
    card: (i) => ({ x: 14 + (i % 5) * 75, y: 266 + Math.floor(i / 5) * 100 }),
    outY: 686,
    outW: 400,
    waves: [60, 250, 300, 350, 400, 450, 640],
  },
  // The ships one above the other on the left, the cards in reading order in two columns on the right.
  landscape: {
    w: 564,
    h: 532,
    top: { dx: 0, extrasY: 34, deckY: 204 },
    bottom: { dx: 0, extrasY: 466, deckY: 390 },
    card: (i) => ({ x: 412 + (i % 2) * 76, y: 16 + Math.floor(i / 2) * 100 }),
    outY: 494,
    outW: 400,
    waves: [60, 160, 260, 360, 460],
  },
  // A phone held sideways (issue 52): the ships side by side, the opponent's on the left, the cards in one row
  // under them; twice as wide as tall, so the table fills the short window's height.
  wide: {
    w: 800,
    h: 404,
    top: { dx: 0, extrasY: 34, deckY: 204 },
    bottom: { dx: 400, extrasY: 34, deckY: 204 },
    card: (i) => ({ x: 24 + i * 76, y: 262 }),
    outY: 366,
    outW: 800,
    waves: [60, 160, 260, 360],
  },
};

/** The table's size in SVG units for a shape (the page gives its box the same proportions). */
export function tableSize(shape: TableShape): { w: number; h: number } {
  const { w, h } = LAYOUTS[shape];
  return { w, h };
}

export interface TableProps {
  view: PlayerView;
  /** The seat drawn at the bottom (the viewer's, or red for spectators). */
  bottom: Seat;
  choices: Choices;
  selected: number | null;
  flipped: number | null;
  /** The card turned in the turn under way, if any: it carries the "just turned" tag (else R2.2's card). */
  turning?: number | null;
  /** Pieces that just arrived on a deck (swing, new pirate), drawn arriving. */
  moved?: readonly number[];
  onPiece: (id: number) => void;
  onCard: (index: number) => void;
  onFlag: (slot: number) => void;
  /** The table's shape; by default the window's (table-shape.ts). */
  shape?: TableShape;
}

function deckXs(n: number): number[] {
  const spacing = Math.min(34, 300 / Math.max(n, 1));
  const start = 200 - (spacing * (n - 1)) / 2;
  return Array.from({ length: n }, (_, i) => start + i * spacing);
}

export function Table(props: TableProps) {
  const { bottom } = props;
  const top = opponentOf(bottom);
  const windowShape = useTableShape();
  const shape = props.shape ?? windowShape;
  const layout = LAYOUTS[shape];
  return (
    <svg
      class={`table ${shape}`}
      viewBox={`0 0 ${layout.w} ${layout.h}`}
      style={{ aspectRatio: `${layout.w} / ${layout.h}` }}
      aria-label={t('table.label')}
      preserveAspectRatio="xMidYMin meet"
    >
      <Defs />
      <rect width={layout.w} height={layout.h} fill="url(#sea)" />
      <Waves layout={layout} />
      <g transform={shift(layout.top)}>
        <Extras {...props} seat={top} y={layout.top.extrasY} />
        <ShipBlock {...props} seat={top} deckY={layout.top.deckY} />
      </g>
      <Cards {...props} layout={layout} />
      <g transform={shift(layout.bottom)}>
        <ShipBlock {...props} seat={bottom} deckY={layout.bottom.deckY} />
        <Extras {...props} seat={bottom} y={layout.bottom.extrasY} />
      </g>
      <OutPile {...props} layout={layout} />
    </svg>
  );
}

/** The transform that puts a side where the layout says (none for a side at the left edge). */
function shift(side: Side): string | undefined {
  return side.dx === 0 ? undefined : `translate(${side.dx} 0)`;
}

function Waves(props: { layout: Layout }) {
  const { layout } = props;
  const crests = ' t50 0'.repeat(Math.ceil(layout.w / 50) - 1);
  return (
    <g stroke="#ffffff" stroke-opacity="0.13" fill="none" stroke-width="2">
      {layout.waves.map((y) => (
        <path key={y} d={`M0 ${y} q25 -8 50 0${crests}`} />
      ))}
    </g>
  );
}

function PieceSpot(props: TableProps & { piece: PieceView; x: number; y: number; r: number; where: string }) {
  const { piece, x, y, r, view } = props;
  const choice = props.choices.pieces.get(piece.id);
  const pending = view.pending;
  const onHatch = pending.ask === 'shoot' && pending.hatch === piece.id;
  const arriving = props.moved?.includes(piece.id) === true;
  const drawn = (
    <g class={`${onHatch ? 'on-hatch' : ''} ${arriving ? 'arrive' : ''}`}>
      <Pirate x={x} y={y} r={r} owner={piece.owner} kind={piece.kind} named={false} />
      <PieceName x={x} y={y} r={r} kind={piece.kind} />
      {piece.boarded && piece.kind === null && (
        // It has boarded once, so it is not the Bomb: a small anchor says so.
        <g
          transform={`translate(${x + r * 0.85} ${y - r * 0.85})`}
          stroke="#fff"
          stroke-width="1.4"
          fill="none"
        >
          <circle cx="0" cy="-3.2" r="1.3" />
          <path d="M0 -2 v6 M-2.2 -0.5 h4.4 M-3.2 1.8 q3.2 4 6.4 0" />
        </g>
      )}
    </g>
  );
  const known = pieceName(piece, view.viewer);
  const boarded = piece.boarded && piece.kind === null ? t('table.boarded', { name: known }) : known;
  const name = t('table.pieceWhere', { name: boarded, where: props.where });
  if (choice === undefined) {
    return (
      <Named role="img" label={name}>
        {drawn}
      </Named>
    );
  }
  const selected = props.selected === piece.id;
  return (
    <Hit
      label={choice.label}
      choice={choice.kind === 'send' ? JSON.stringify(choice.action) : choice.kind}
      pressed={choice.kind === 'deselect' ? true : undefined}
      class={`piece-choice ${selected ? 'selected' : ''}`}
      onPress={() => props.onPiece(piece.id)}
    >
      <circle cx={x} cy={y} r={r + 5} class="ring" />
      {drawn}
    </Hit>
  );
}

function ShipBlock(props: TableProps & { seat: Seat; deckY: number }) {
  const { view, seat, deckY } = props;
  const ship = view.ships[seat];
  const xs = deckXs(ship.deck.length);
  const mine = seat === view.viewer;
  const label = mine ? t('table.shipYou', { seat: SEAT_NAMES[seat] }) : SEAT_NAMES[seat];
  return (
    <Named role="group" label={t('table.ship', { seat: SEAT_NAMES[seat] })}>
      <Ship seat={seat} x0={30} x1={370} deckY={deckY} label={label} />
      {ship.flagSlots.map((card, slot) => {
        const x = 58 + slot * 27;
        const y = deckY + 7;
        const action = mine ? undefined : props.choices.flags.get(slot);
        const known = card === null ? t('table.unknown') : FLAG_TITLE[card];
        const art = <FlagArt x={x} y={y} w={23} h={32} card={card} owner={seat} />;
        if (action === undefined) {
          return (
            <Named
              key={slot}
              role="img"
              label={t('table.flagCard', { seat: SEAT_NAMES[seat], slot: slot + 1, card: known })}
            >
              {art}
            </Named>
          );
        }
        return (
          <Hit
            key={slot}
            label={t(card === null ? 'table.turnFlag' : 'table.turnFlagKnown', {
              seat: SEAT_NAMES[seat],
              slot: slot + 1,
              card: known,
            })}
            choice={JSON.stringify(action)}
            class="flag-choice"
            onPress={() => props.onFlag(slot)}
          >
            <rect x={x - 3} y={y - 3} width={29} height={38} rx="4" class="ring" />
            {art}
          </Hit>
        );
      })}
      {ship.deck.map((piece, i) => (
        <PieceSpot
          key={piece.id}
          {...props}
          piece={piece}
          x={xs[i] ?? 200}
          y={deckY - 17}
          r={15}
          where={mine ? t('table.onYourDeck') : t(`table.onDeck.${seat}`)}
        />
      ))}
    </Named>
  );
}

function Extras(props: TableProps & { seat: Seat; y: number }) {
  const { view, seat, y } = props;
  const extras = view.ships[seat].extras;
  const mine = seat === view.viewer;
  return (
    <Named
      role="group"
      label={
        mine
          ? t('table.yourExtras', { count: extras.length })
          : t('table.seatExtras', { seat: SEAT_NAMES[seat], count: extras.length })
      }
    >
      <text x={8} y={y - 18} font-size="9" font-weight="700" fill="#e8f4fa">
        {mine
          ? t('table.yourExtrasTitle', { count: extras.length })
          : t('table.seatExtrasTitle', { seat: SEAT_NAMES[seat], count: extras.length })}
      </text>
      {extras.map((piece, i) => (
        <PieceSpot
          key={piece.id}
          {...props}
          piece={piece}
          x={24 + i * 35}
          y={y}
          r={13}
          where={t('table.amongExtras')}
        />
      ))}
    </Named>
  );
}

function Cards(props: TableProps & { layout: Layout }) {
  const { view, layout } = props;
  return (
    <Named role="group" label={t('table.cards')}>
      {view.cards.map((card, i) => {
        const { x, y } = layout.card(i);
        const action = props.choices.cards.get(i);
        const art = (
          <CardArt
            x={x}
            y={y}
            w={68}
            h={92}
            index={i}
            up={card.up}
            down={card.down}
            aside={card.aside}
            blocked={(props.turning ?? view.lastTurned) === i}
          />
        );
        const flip = props.flipped === i ? 'flip' : '';
        const origin = { transformOrigin: `${x + 34}px ${y + 46}px` };
        if (action === undefined) {
          return (
            <Named key={`${i}-${card.up}`} role="img" label={cardLabel(view, i)}>
              {/* A click on a card that may not be turned says why (issue 52); its name says it to a keyboard. */}
              {/* biome-ignore lint/a11y/noStaticElementInteractions: the card is no choice, only its reason is. */}
              <g class={flip} style={origin} onClick={() => props.onCard(i)}>
                {art}
              </g>
            </Named>
          );
        }
        return (
          <Hit
            key={`${i}-${card.up}`}
            label={cardLabel(view, i, true)}
            choice={JSON.stringify(action)}
            class={`card-choice ${flip}`}
            onPress={() => props.onCard(i)}
          >
            <rect x={x - 3} y={y - 3} width={74} height={98} rx="9" class="ring" />
            <g style={origin}>{art}</g>
          </Hit>
        );
      })}
    </Named>
  );
}

function OutPile(props: TableProps & { layout: Layout }) {
  const { view, layout } = props;
  const y = layout.outY;
  return (
    <Named role="group" label={t('table.out', { count: view.out.length })}>
      <rect x={0} y={y} width={layout.outW} height={38} fill="#0e3d52" opacity="0.85" />
      <text x={8} y={y + 12} font-size="9" font-weight="700" fill="#e8f4fa">
        {t('table.outTitle', { count: view.out.length })}
      </text>
      {view.out.map((piece, i) => (
        <Named key={piece.id} role="img" label={pieceName(piece, view.viewer)}>
          <Pirate
            x={96 + i * Math.min(22, 296 / view.out.length)}
            y={y + 22}
            r={10}
            owner={piece.owner}
            kind={piece.kind}
          />
        </Named>
      ))}
    </Named>
  );
}
