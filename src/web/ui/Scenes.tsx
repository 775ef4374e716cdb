/**
 * The scene on show, over the table: a battle with both pieces, the coin, the plank, the hatch flinging a
 * pirate, a shot's flight, a flag card turning. A click (or Enter) skips it; the log keeps the words.
 */
import { opponentOf, ownerOf, type PieceKind, type PlayerView } from '../../engine/index.ts';
import { strikeWords } from '../game/aim-view.ts';
import { aimZero } from '../game/aim-zero.ts';
import { findPiece } from '../game/choices.ts';
import { FACE_TITLE, kindName, SEAT_NAMES } from '../game/names.ts';
import type { Scene } from '../game/scenes.ts';
import { t } from '../i18n/i18n.ts';
import { Coin, Defs, FaceIcon, FlagArt, Pirate } from './art.tsx';
import { CannonScene } from './Cannon.tsx';
import { useFocus } from './focus.ts';

/** A piece as this viewer may name it: "your Captain", "Blue's pirate". */
function whosePiece(owner: 'red' | 'blue', kind: PieceKind | null, view: PlayerView): string {
  if (kind === null)
    return owner === view.viewer ? t('names.yourPirate') : t('names.seatPirate', { seat: SEAT_NAMES[owner] });
  const piece = kindName(kind);
  return owner === view.viewer
    ? t('names.yourPiece', { piece })
    : t('names.seatPiece', { seat: SEAT_NAMES[owner], piece });
}

function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Body(props: { scene: Scene; view: PlayerView }) {
  const { scene, view } = props;
  switch (scene.kind) {
    case 'card':
      return (
        <>
          <h2>
            {scene.seat === view.viewer
              ? t('scenes.cardTurnedYou', { card: scene.card + 1 })
              : t('scenes.cardTurned', { who: SEAT_NAMES[scene.seat], card: scene.card + 1 })}
          </h2>
          <svg viewBox="0 0 120 150" class="scene-art flip-in" aria-hidden="true">
            <Defs />
            <rect
              x="10"
              y="5"
              width="100"
              height="140"
              rx="10"
              fill="url(#parchment)"
              stroke="#6b3f1f"
              stroke-width="3"
            />
            <FaceIcon face={scene.face} x={60} y={62} s={1.4} />
            <text x="60" y="122" text-anchor="middle" font-size="14" font-weight="800" fill="#3b2410">
              {FACE_TITLE[scene.face]}
            </text>
          </svg>
        </>
      );
    case 'battle': {
      const { attacker, defender, losers } = scene;
      const outcome =
        losers.length === 2
          ? t('scenes.bothLeave')
          : t('scenes.wins', {
              piece: kindName(losers.includes(attacker.id) ? defender.kind : attacker.kind),
            });
      const aOwner = ownerOf(attacker.id);
      const dOwner = ownerOf(defender.id);
      return (
        <>
          <h2>{t('scenes.battle')}</h2>
          <svg viewBox="0 0 240 110" class="scene-art" aria-hidden="true">
            <Defs />
            <g class={`fighter left ${losers.includes(attacker.id) ? 'loses' : 'wins'}`}>
              <Pirate x={50} y={50} r={36} owner={aOwner} kind={attacker.kind} />
            </g>
            <Versus word={t('scenes.versus')} />
            <g class={`fighter right ${losers.includes(defender.id) ? 'loses' : 'wins'}`}>
              <Pirate x={190} y={50} r={36} owner={dOwner} kind={defender.kind} />
            </g>
          </svg>
          <p>
            {t('scenes.attacks', {
              attacker: t('names.seatPiece', { seat: SEAT_NAMES[aOwner], piece: kindName(attacker.kind) }),
              defender: t('names.seatPiece', { seat: SEAT_NAMES[dOwner], piece: kindName(defender.kind) }),
            })}
          </p>
          <p class="result">{outcome}</p>
        </>
      );
    }
    case 'coin':
      return (
        <>
          <h2>{t('scenes.coin')}</h2>
          <svg viewBox="0 0 120 120" class="scene-art" aria-hidden="true">
            <g class="coin-spin">
              <Coin side={scene.side} x={60} y={60} r={46} />
            </g>
          </svg>
          <p class="result">
            {scene.first === null
              ? ''
              : scene.first === view.viewer
                ? t('scenes.startsYou')
                : t('scenes.starts', { who: SEAT_NAMES[scene.first] })}
          </p>
        </>
      );
    case 'plank': {
      const owner = ownerOf(scene.piece);
      const kind = scene.lost ?? findPiece(view, scene.piece)?.kind ?? null;
      const walker = whosePiece(owner, kind, view);
      return (
        <>
          <h2>{t('scenes.plank')}</h2>
          <svg viewBox="0 0 240 130" class="scene-art" aria-hidden="true">
            <Defs />
            <rect x="0" y="95" width="240" height="35" fill="url(#sea)" />
            <rect x="20" y="58" width="150" height="10" fill="#a0673a" stroke="#4a2a12" />
            <g class={scene.saved ? 'walker saved' : 'walker falls'}>
              <Pirate x={150} y={40} r={18} owner={owner} kind={kind} />
            </g>
            <path d="M185 110 L198 84 L206 110 Z" fill="#607d8b" class="shark" />
            <g class="coin-spin">
              <Coin side={scene.saved ? 'pirate' : 'shark'} x={40} y={30} r={20} />
            </g>
          </svg>
          <p class="result">
            {scene.saved ? t('scenes.saved', { walker }) : t('scenes.gone', { walker: capitalised(walker) })}
          </p>
        </>
      );
    }
    case 'hatch': {
      const owner = ownerOf(scene.piece);
      const kind = scene.lost ?? findPiece(view, scene.piece)?.kind ?? null;
      const target = whosePiece(owner, kind, view);
      return (
        <>
          <h2>{t('scenes.hatch')}</h2>
          <svg viewBox="0 0 240 130" class="scene-art" aria-hidden="true">
            <Defs />
            <rect x="60" y="80" width="120" height="40" fill="url(#wood)" />
            <rect x="100" y="74" width="40" height="8" fill="#5b3418" />
            <g class={scene.result === 'flung' ? 'flung' : 'stays'}>
              <Pirate x={120} y={55} r={18} owner={owner} kind={kind} />
            </g>
          </svg>
          <p class="result">
            {scene.result === 'waits'
              ? scene.seat === view.viewer
                ? t('scenes.hatchWaitsYou', { target: capitalised(target) })
                : t('scenes.hatchWaits', { target: capitalised(target), who: SEAT_NAMES[scene.seat] })
              : scene.result === 'flung'
                ? t('scenes.flung', { target })
                : t('scenes.missed', { target })}
          </p>
        </>
      );
    }
    case 'shot': {
      const mine = scene.seat === view.viewer;
      const yours = view.viewer === opponentOf(scene.seat);
      const seat = SEAT_NAMES[opponentOf(scene.seat)];
      const target =
        scene.target === 'sail'
          ? yours
            ? t('scenes.sailYours')
            : t('scenes.sailOf', { seat })
          : yours
            ? t('scenes.skullYours')
            : t('scenes.skullOf', { seat });
      return (
        <>
          <h2>
            {mine
              ? t('scenes.firesYou', { target })
              : t('scenes.fires', { who: SEAT_NAMES[scene.seat], target })}
          </h2>
          {scene.flight === null && <QuickShot target={scene.target} hit={scene.hit} />}
          {scene.flight !== null && (
            <CannonScene
              cannon={view.rules.cannon}
              target={scene.target}
              aim={aimZero(scene.flight)}
              shot={scene.flight}
              label={t('scenes.flight', { words: strikeWords(scene.flight, view.rules.cannon) })}
            />
          )}
          <p class={`result big ${scene.hit ? 'hit' : 'miss'}`}>
            {scene.hit ? t('scenes.hit') : t('scenes.miss')}{' '}
            {scene.flight !== null && (
              <span class="strike-words">{strikeWords(scene.flight, view.rules.cannon)}</span>
            )}
          </p>
        </>
      );
    }
    case 'flag':
      return (
        <>
          <h2>
            {scene.seat === view.viewer
              ? t('scenes.flagTurnsYou', { owner: SEAT_NAMES[scene.owner], slot: scene.slot + 1 })
              : t('scenes.flagTurns', {
                  who: SEAT_NAMES[scene.seat],
                  owner: SEAT_NAMES[scene.owner],
                  slot: scene.slot + 1,
                })}
          </h2>
          <svg viewBox="0 0 120 160" class="scene-art flip-in" aria-hidden="true">
            <Defs />
            <FlagArt x={20} y={10} w={80} h={120} card={scene.card} owner={scene.owner} />
          </svg>
          <p class="result">{t(`scenes.flagResult.${scene.card}`)}</p>
        </>
      );
    case 'over':
      return (
        <h2>
          {scene.winner === null
            ? t('scenes.draw')
            : scene.winner === view.viewer
              ? t('scenes.overWinsYou')
              : t('scenes.overWins', { who: SEAT_NAMES[scene.winner] })}
        </h2>
      );
  }
}

/** A quick shot has no flight to draw: the target, and the ball through it or beside it. */
function QuickShot(props: { target: 'sail' | 'skull'; hit: boolean }) {
  const bx = props.hit ? 150 : 178;
  const by = props.target === 'sail' ? (props.hit ? 45 : 30) : props.hit ? 98 : 80;
  return (
    <svg viewBox="0 0 240 130" class="scene-art" aria-hidden="true">
      <Defs />
      <rect x="0" y="110" width="240" height="20" fill="url(#sea)" />
      <rect x="110" y="20" width="80" height="60" rx="6" fill="url(#sailcloth)" stroke="#b9a47a" />
      <circle cx="150" cy="45" r="8" fill="#1f7aa0" stroke="#8b7550" stroke-width="2" />
      <rect x="95" y="80" width="110" height="32" rx="8" fill="url(#wood)" />
      <circle cx="150" cy="98" r="8" fill="#f7d13d" stroke="#4a3520" />
      <rect x="10" y="96" width="24" height="12" rx="3" fill="#5b3a1e" />
      <path
        d={`M30 98 Q${(30 + bx) / 2} ${by - 70} ${bx} ${by}`}
        fill="none"
        stroke="#222"
        stroke-width="2"
        stroke-dasharray="3 4"
        class="flight"
      />
      <circle cx={bx} cy={by} r="5" fill="#111" />
    </svg>
  );
}

/**
 * "VS" between the fighters, in the page's words: a longer word ("GEGEN", "CONTRE") is set smaller and kept to
 * the gap between the left fighter's rank and the right fighter (issue 32 item 5: it ran over the rank).
 */
function Versus(props: { word: string }) {
  const long = props.word.length > 3;
  return (
    <text
      x="120"
      y="58"
      text-anchor="middle"
      font-size={long ? 17 : 22}
      font-weight="900"
      fill="#b8860b"
      {...(long ? { textLength: 60, lengthAdjust: 'spacingAndGlyphs' } : {})}
    >
      {props.word}
    </text>
  );
}

export function SceneOverlay(props: { scene: Scene; view: PlayerView; onSkip: () => void }) {
  const focus = useFocus<HTMLButtonElement>();
  return (
    <div
      class="scene-overlay"
      role="dialog"
      aria-live="assertive"
      aria-label={t('scenes.overlay')}
      data-scene={props.scene.kind}
      tabIndex={-1}
      onClick={props.onSkip}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === 'Escape' || e.key === ' ') {
          e.preventDefault();
          props.onSkip();
        }
      }}
    >
      <div class="scene-card">
        <Body scene={props.scene} view={props.view} />
        <button type="button" class="link" ref={focus} onClick={props.onSkip}>
          {t('scenes.continue')}
        </button>
      </div>
    </div>
  );
}
