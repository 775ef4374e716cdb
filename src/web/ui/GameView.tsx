/**
 * A game on the page: the bar (whose turn), the prompt with its buttons, the table (or setup, or the cannon),
 * the event log, and over them the scene on show, the hand-over screen or the end of the game. A function of
 * the state; every click goes to the controller.
 */
import { useEffect, useRef } from 'preact/hooks';
import { type Aim, type GameRecord, opponentOf, type PlayerView } from '../../engine/index.ts';
import type { Controller } from '../controller.ts';
import { aimKey, dragAim, nudge } from '../game/aim-view.ts';
import { choicesFor, NO_CHOICES } from '../game/choices.ts';
import { outcomeWords } from '../game/describe.ts';
import type { FairnessReportView } from '../game/fairness.ts';
import { SEAT_NAMES } from '../game/names.ts';
import { promptFor, turnWords } from '../game/prompt.ts';
import { revealedShips } from '../game/replay.ts';
import { waitingSign } from '../game/waiting.ts';
import { decimal, t } from '../i18n/i18n.ts';
import type { AimState, GameScreen } from '../state.ts';
import type { LessonStatus } from '../tutorial/link.ts';
import { CannonScene } from './Cannon.tsx';
import { Clocks } from './Clocks.tsx';
import { useFocus } from './focus.ts';
import { GameRating } from './GameRating.tsx';
import { OnlineBar } from './OnlineBar.tsx';
import { EmoteBar, RematchPanel } from './People.tsx';
import { WithNames } from './PlayerName.tsx';
import { touchFirst } from './pointer.ts';
import { ResignButton } from './Resign.tsx';
import { SceneOverlay } from './Scenes.tsx';
import { SettingsButton, SoundButton } from './Settings.tsx';
import { SetupPanel } from './Setup.tsx';
import { ShipLog } from './ShipLog.tsx';
import { Table } from './Table.tsx';
import { TiltReach } from './TiltReach.tsx';
import { useTableShape } from './table-shape.ts';

export function GameView(props: { game: GameScreen; ctl: Controller }) {
  const { game, ctl } = props;
  const shape = useTableShape();
  if (game.handover !== null) return <Handover game={game} ctl={ctl} />;
  const view = game.view;
  if (view === null) {
    return (
      <main class="game loading">
        <p>{t('game.settingUp')}</p>
        {game.online !== null && <OnlineBar game={game} ctl={ctl} />}
        {game.error !== null && <p class="error">{game.error}</p>}
        {game.error !== null && (
          <button type="button" onClick={() => ctl.leaveGame()}>
            {t('game.home')}
          </button>
        )}
      </main>
    );
  }
  // While a decision is on its way nothing more can be chosen: a second click would answer the old question.
  // Looking back at an earlier move, nothing of the present is offered either.
  const choices = game.waiting || game.review !== null ? NO_CHOICES : choicesFor(view, game.selected);
  const scene = game.scenes[0];
  const waiting = waitingSign(game);
  const over = view.outcome !== null;
  const setup = view.phase === 'setup';
  const prompt = promptFor(view, game.selected);
  const myTurn = view.viewer !== 'spectator' && view.toAct.includes(view.viewer);
  const coach = game.tutorial !== null && <Coach status={game.tutorial} ctl={ctl} selected={game.selected} />;
  return (
    <main
      class={`game seat-${game.seat}`}
      data-updates={game.updates}
      data-waiting={game.waiting ? '' : undefined}
    >
      {myTurn && !over && <SkipToChoices />}
      <header class="game-bar">
        <button type="button" class="link" onClick={() => ctl.askLeave()}>
          {t('game.backHome')}
        </button>
        <div class="status" aria-live="polite">
          {game.watching ? (
            <>
              <span class="seat-tag" data-watching="">
                {t('game.watching')}
              </span>
              <Pair game={game} />
            </>
          ) : (
            <span class={`seat-tag seat-${game.seat}`}>{t('game.you', { seat: SEAT_NAMES[game.seat] })}</span>
          )}
          {!game.watching && <Opponent game={game} />}
          {view.mover !== null && !over && (
            <span>
              {turnWords(view)} ·{' '}
              <strong>
                {view.mover === game.seat && !game.watching
                  ? t('game.yourTurn')
                  : t('game.seatTurn', { seat: SEAT_NAMES[view.mover] })}
              </strong>
            </span>
          )}
          {game.online?.clock != null && <Clocks clock={game.online.clock} over={over} />}
        </div>
        {/* Emotes are the players' own: a spectator is offered none (the server refuses them). */}
        {game.online !== null && !game.watching && <EmoteBar game={game} ctl={ctl} />}
        <SoundButton on={ctl.state.settings.sound} ctl={ctl} />
        <SettingsButton ctl={ctl} />
        {!over && game.mode !== 'tutorial' && !game.watching && (
          <ResignButton ctl={ctl} online={game.mode === 'online'} />
        )}
      </header>
      {game.online !== null && <OnlineBar game={game} ctl={ctl} />}
      <NextFocus
        moment={`${game.updates}/${game.scenes.length}/${game.handTo}/${game.waiting}/${game.selected}/${game.review?.v}`}
        selected={game.selected}
      />
      <div class="game-main">
        <div class="board-col">
          {shape === 'portrait' && coach}
          <div class={`prompt ${myTurn ? 'mine' : ''}`} role="status" aria-live="polite">
            <p data-prompt="">{prompt}</p>
            <div class="prompt-buttons">
              {choices.buttons.map((b) => (
                <button
                  type="button"
                  key={b.label}
                  data-choice={JSON.stringify(b.action)}
                  onClick={() => ctl.act(b.action)}
                >
                  {b.label}
                </button>
              ))}
              {game.selected !== null && (
                <button type="button" data-another="" onClick={() => ctl.select(null)}>
                  {t('game.another')}
                </button>
              )}
              {game.handTo !== null && (
                <button type="button" class="primary" data-pass-device="" onClick={() => ctl.passDevice()}>
                  {t('game.passDevice', { seat: SEAT_NAMES[game.handTo] })}
                </button>
              )}
            </div>
            {waiting !== null && (
              <p class="waiting" data-waiting-sign="">
                <span class="spinner" aria-hidden="true" />
                {waiting}
              </p>
            )}
            {game.error !== null && (
              <p class="error" role="alert">
                {game.error}
              </p>
            )}
          </div>
          {game.review !== null ? (
            <ReviewPanel game={game} ctl={ctl} />
          ) : setup ? (
            <SetupPanel
              view={view}
              draft={game.setup}
              onPirate={(id) => ctl.togglePirate(id)}
              onSlot={(slot) => ctl.clickFlagSlot(slot)}
              onMove={(from, to) => ctl.moveFlag(from, to)}
              onConfirm={() => ctl.confirmSetup()}
              busy={game.waiting}
            />
          ) : game.aiming !== null && scene === undefined ? (
            <CannonPanel view={view} aiming={game.aiming} ctl={ctl} busy={game.waiting} />
          ) : (
            <Table
              view={view}
              bottom={game.seat}
              choices={choices}
              selected={game.selected}
              flipped={game.flipped}
              turning={game.turning}
              moved={game.moved}
              onPiece={(id) => {
                const choice = choices.pieces.get(id);
                if (choice === undefined) return;
                if (choice.kind === 'send') ctl.act(choice.action);
                else if (choice.kind === 'select') ctl.select(id);
                else ctl.select(null);
              }}
              onCard={(i) => {
                const action = choices.cards.get(i);
                if (action) ctl.act(action);
                else ctl.refuseCard(i);
              }}
              onFlag={(slot) => {
                const action = choices.flags.get(slot);
                if (action) ctl.act(action);
              }}
            />
          )}
        </div>
        <aside class="side-col">
          {/* Beside a landscape or wide table the lesson reads in the side column: above it, it took the table's height. */}
          {shape !== 'portrait' && coach}
          {game.bot !== null && (
            <p class="bot-note">{t('game.computer', { level: t(`home.levels.${game.form.level}`) })}</p>
          )}
          <ShipLog lines={game.log} onLine={(line) => ctl.reviewAt(line)} />
        </aside>
      </div>
      {scene !== undefined && (
        <SceneOverlay
          key={`${game.updates}-${game.scenes.length}`}
          scene={scene}
          view={view}
          onSkip={() => ctl.skipScene()}
        />
      )}
      {over && scene === undefined && game.mode !== 'tutorial' && (
        <EndPanel view={view} game={game} ctl={ctl} />
      )}
      {game.leaving && <LeaveDialog game={game} ctl={ctl} />}
    </main>
  );
}

/**
 * Where the keyboard goes next (issue 21): when the control that had the focus went away with the last change
 * (a choice made, a scene closed), the focus moves to the first thing to do now instead of falling to the page.
 * A control the player moved to themselves keeps the focus.
 */
const NEXT_FOCUS = [
  '[data-scene] button',
  '[data-next-lesson]',
  '[data-leave] button',
  '[data-end] button',
  '[data-review-back]',
  '[data-pass-device]',
  '[data-setup-piece]',
  '.prompt-buttons button',
  'svg.table [data-choice]',
  '[data-fire]',
];

function NextFocus(props: { moment: string; selected: number | null }) {
  useEffect(() => {
    void props.moment;
    const active = document.activeElement;
    if (active !== null && active !== document.body && active.isConnected) return;
    focusFirst(NEXT_FOCUS);
  }, [props.moment]);
  // A pirate just chosen to act with asks the second half of the decision: its targets take the focus, so
  // the keyboard does not have to find them past the rest of the page (issue 32, item 4).
  useEffect(() => {
    if (props.selected !== null) focusFirst([TARGETS]);
  }, [props.selected]);
  return null;
}

/** The targets offered once a pirate is chosen: the table's choices that answer (their action is JSON). */
const TARGETS = 'svg.table [data-choice^="{"]';

/** Focuses the first enabled element of the first selector that finds one; false when none does. */
function focusFirst(selectors: readonly string[]): boolean {
  for (const selector of selectors) {
    const next = document.querySelector<HTMLElement | SVGElement>(selector);
    if (next !== null && !(next instanceof HTMLButtonElement && next.disabled)) {
      next.focus();
      return true;
    }
  }
  return false;
}

/**
 * "Skip to your choices": the page's first tab stop while a decision is offered, hidden until focused, as on
 * any well-made page with a long bar before its content. Tab from the end of the page wraps to it.
 */
function SkipToChoices() {
  return (
    <button
      type="button"
      class="skip-link"
      data-skip=""
      onClick={() =>
        focusFirst([
          TARGETS,
          '.prompt-buttons button',
          'svg.table [data-choice]',
          '[data-setup-piece]',
          '[data-fire]',
        ])
      }
    >
      {t('game.skipToChoices')}
    </button>
  );
}

/** "← Home" during a game: the page asks first and says what becomes of the game. */
function LeaveDialog(props: { game: GameScreen; ctl: Controller }) {
  const { game, ctl } = props;
  const focus = useFocus<HTMLButtonElement>();
  const kept = game.mode === 'online' ? t('game.keptOnline') : t('game.keptLocal');
  return (
    <div
      class="end-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="leave-title"
      aria-describedby="leave-text"
      data-leave=""
      onKeyDown={(e) => {
        if (e.key === 'Escape') ctl.stay();
      }}
    >
      <div class="panel end">
        <h1 id="leave-title">{t('game.leaveTitle')}</h1>
        <p id="leave-text">{kept}</p>
        <div class="end-buttons">
          <button type="button" class="primary big" ref={focus} onClick={() => ctl.stay()}>
            {t('game.stay')}
          </button>
          <button type="button" onClick={() => ctl.leaveGame()}>
            {t('game.goHome')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Looking back at an earlier move: the table as this seat saw it then, nothing to click but the way back. */
function ReviewPanel(props: { game: GameScreen; ctl: Controller }) {
  const { game, ctl } = props;
  const review = game.review;
  const focus = useFocus<HTMLButtonElement>();
  if (review === null) return null;
  return (
    <section class="panel review" aria-labelledby="review-title" data-review={review.v}>
      <h2 id="review-title" class="review-title">
        {t('game.lookingBack', { line: review.text })}
      </h2>
      <p class="hint">{t('game.lookingHint')}</p>
      <button type="button" class="primary" ref={focus} data-review-back="" onClick={() => ctl.endReview()}>
        {t('game.backToGame')}
      </button>
      {review.view === null ? (
        <p>{t('game.finding')}</p>
      ) : (
        <Table
          view={review.view}
          bottom={game.seat}
          choices={choicesFor(review.view, null)}
          selected={null}
          flipped={null}
          onPiece={() => undefined}
          onCard={() => undefined}
          onFlag={() => undefined}
        />
      )}
    </section>
  );
}

function CannonPanel(props: { view: PlayerView; aiming: AimState; ctl: Controller; busy: boolean }) {
  const { view, aiming, ctl } = props;
  const cannon = view.rules.cannon;
  // Where the drag began and the aim then: the drag changes the aim by how far it went (dragAim).
  const press = useRef<{ x: number; y: number; aim: Aim } | null>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const inField = target?.tagName === 'INPUT' || target?.tagName === 'BUTTON';
      if (e.key === ' ' && target?.tagName !== 'BUTTON') {
        e.preventDefault();
        ctl.fire();
        return;
      }
      if (inField) return;
      const delta = aimKey(e.key, e.shiftKey);
      if (delta !== null) {
        e.preventDefault();
        const aim = ctl.state.game?.aiming?.aim;
        if (aim) ctl.setAim(nudge(aim, delta));
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [ctl]);
  const slider = (
    field: 'x' | 'back' | 'yaw' | 'pitch',
    label: string,
    min: number,
    max: number,
    unit: string,
  ) => (
    <label class="slider">
      <span>
        {/* The tilt to a tenth: the stretches that reach a target are told to a tenth too. Degrees stick to
            their number ('26.3°', as the reach says them), centimetres stand apart ('12 cm'). */}
        {label}
        {t('game.colon')} {field === 'pitch' ? decimal(aiming.aim.pitch) : Math.round(aiming.aim[field])}
        {unit === '°' ? unit : ` ${unit}`}
      </span>
      <input
        type="range"
        min={min}
        max={max}
        step={0.5}
        value={aiming.aim[field]}
        aria-label={label}
        onInput={(e) => ctl.setAim({ [field]: Number((e.currentTarget as HTMLInputElement).value) })}
      />
    </label>
  );
  const target = t(`prompt.target.${aiming.target}`);
  // The scene beside its controls on a desktop, above them on a phone: all of it on one screen (styles.css).
  return (
    <section class="panel cannon" aria-labelledby="cannon-title">
      <CannonScene
        cannon={cannon}
        target={aiming.target}
        aim={aiming.aim}
        shot={null}
        label={t('game.cannonLabel', {
          yaw: Math.round(aiming.aim.yaw),
          side: aiming.aim.yaw < 0 ? t('game.left') : t('game.right'),
          pitch: Math.round(aiming.aim.pitch),
          x: Math.round(aiming.aim.x),
          back: Math.round(aiming.aim.back),
        })}
        pull={aiming.pull}
        onPointer={(phase, x, y, screen) => {
          const aim = aiming.aim;
          const drag = ctl.state.game?.aiming?.drag ?? null;
          const start = press.current;
          if (phase === 'down-cannon') ctl.setAim({}, 'move');
          else if (phase === 'down') {
            press.current = { x: screen.x, y: screen.y, aim };
            ctl.setAim({}, 'aim', null);
          } else if (phase === 'move' && drag === 'move') ctl.setAim({ x, back: -y });
          else if (phase === 'move' && drag === 'aim' && start !== null)
            ctl.setAim(dragAim(start.aim, screen.x - start.x, screen.y - start.y), 'aim', null);
          else if (phase === 'up') {
            // Letting go keeps the aim: a drag that went too far is dragged back, and nothing fires by itself.
            press.current = null;
            ctl.setAim({}, null, null);
          }
        }}
      />
      <div class="cannon-controls">
        <h2 id="cannon-title">{t('game.aimAt', { target })}</h2>
        <p class="hint" data-cannon-hint="">
          {touchFirst() ? t('game.cannonHintTouch') : t('game.cannonHint')}
        </p>
        <div class="sliders">
          {slider('x', t('game.sideways'), -cannon.maxSideways, cannon.maxSideways, 'cm')}
          {slider('back', t('game.back'), 0, cannon.maxBack, 'cm')}
          {slider('yaw', t('game.direction'), -cannon.maxYaw, cannon.maxYaw, '°')}
          {slider('pitch', t('game.tilt'), cannon.minPitch, cannon.maxPitch, '°')}
        </div>
        <TiltReach cannon={cannon} aim={aiming.aim} target={aiming.target} />
        <button
          type="button"
          class="primary big"
          data-fire=""
          disabled={props.busy}
          onClick={() => ctl.fire()}
        >
          {t('game.fire')}
        </button>
      </div>
    </section>
  );
}

function Handover(props: { game: GameScreen; ctl: Controller }) {
  const seat = props.game.handover ?? 'red';
  const focus = useFocus<HTMLButtonElement>();
  return (
    <main class={`handover seat-${seat}`} data-handover={seat}>
      <div class="panel">
        <h1>{t('game.handoverTitle', { seat: SEAT_NAMES[seat] })}</h1>
        <p>{t('game.handoverText', { other: SEAT_NAMES[opponentOf(seat)] })}</p>
        <button
          type="button"
          class="primary big"
          ref={focus}
          // Until the next seat's news has come (a moment), there is nothing of its own to show.
          disabled={props.game.seat !== seat}
          onClick={() => props.ctl.takeDevice()}
        >
          {t('game.handoverButton', { seat: SEAT_NAMES[seat] })}
        </button>
      </div>
    </main>
  );
}

/** For a spectator: both players' names and ratings, each with its colour, when known. */
function Pair(props: { game: GameScreen }) {
  const players = props.game.online?.players;
  const red = players?.red;
  const blue = players?.blue;
  if (red == null || blue == null) return null;
  return (
    <span data-players="">
      <WithNames
        names={{ red: red.name, blue: blue.name }}
        say={(marks) =>
          t('game.watchingPair', {
            red: marks.red,
            blue: marks.blue,
            redSeat: SEAT_NAMES.red,
            blueSeat: SEAT_NAMES.blue,
            redRating: Math.round(red.rating.rating),
            blueRating: Math.round(blue.rating.rating),
          })
        }
      />
    </span>
  );
}

/** The other player's name and rating, when both are known (online games between named players). */
function Opponent(props: { game: GameScreen }) {
  const players = props.game.online?.players;
  const other = players?.[props.game.seat === 'red' ? 'blue' : 'red'];
  if (other == null) return null;
  return (
    <span data-opponent="">
      <WithNames
        names={{ name: other.name }}
        say={(marks) => t('game.versus', { name: `${marks.name} (${other.rating.rating})` })}
      />
    </span>
  );
}

function EndPanel(props: { view: PlayerView; game: GameScreen; ctl: Controller }) {
  const { view, game, ctl } = props;
  const outcome = view.outcome;
  if (outcome === null) return null;
  const won = outcome.winner === game.seat;
  // A seat that never came: the game is aborted (the server says so at the end), not won or lost.
  const aborted = game.online?.players?.rating?.neverCame != null;
  const title = aborted
    ? t('game.aborted')
    : outcome.winner === null
      ? t('game.draw')
      : game.mode === 'pass' || game.watching
        ? t('game.seatWins', { seat: SEAT_NAMES[outcome.winner] })
        : won
          ? t('game.victory')
          : t('game.defeat');
  const record = game.record;
  const focus = useFocus<HTMLButtonElement>();
  return (
    <div class="end-overlay" role="dialog" aria-labelledby="end-title" data-end="">
      <div class="panel end">
        <h1 id="end-title">{title}</h1>
        <p>{outcomeWords(outcome)}</p>
        <GameRating game={game} />
        {game.mode === 'online' && !game.watching && <RematchPanel game={game} ctl={ctl} />}
        <div class="end-buttons">
          <button type="button" class="primary big" ref={focus} onClick={() => ctl.playAgain()}>
            {game.watching ? t('game.watchAnother') : t('game.playAgain')}
          </button>
          {record !== null && (
            <button type="button" onClick={() => ctl.openReplay(record)}>
              {t('game.watchReplay')}
            </button>
          )}
          {record !== null && (
            <button type="button" data-analysis-open="" onClick={() => ctl.openAnalysis(record)}>
              {t('game.analysis')}
            </button>
          )}
          {record !== null && (
            <a
              class="button"
              download="pirates-game.json"
              href={`data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(record))}`}
            >
              {t('game.saveRecord')}
            </a>
          )}
          {record !== null && (
            <button type="button" data-check-game="" onClick={() => ctl.checkGame()}>
              {t('game.check')}
            </button>
          )}
          <button type="button" onClick={() => ctl.leaveGame()}>
            {t('game.home')}
          </button>
        </div>
        {/* The answer sits right under the button that asked for it, and is announced: below the revealed
            crews it was out of sight and the button seemed to do nothing. */}
        <div class="fairness-answer" aria-live="polite">
          {game.fairness.report !== null && <FairnessReport report={game.fairness.report} />}
        </div>
        {record !== null && <Revealed record={record} />}
      </div>
    </div>
  );
}

/** The result of "Check this game": one line per check (docs/fairness.md). */
function FairnessReport(props: { report: FairnessReportView }) {
  const { report } = props;
  // Focus brings the answer into view in the dialog's scroll and takes the reader there.
  const focus = useFocus<HTMLElement>();
  return (
    <section
      class="fairness"
      ref={focus}
      tabIndex={-1}
      aria-label={t('game.fairness')}
      data-fair={report.fair ? 'yes' : 'no'}
    >
      <h2>{report.fair ? t('game.fair') : t('game.unfair')}</h2>
      <ul>
        {report.lines.map((line) => (
          <li key={line.text} class={line.ok ? 'ok' : 'bad'}>
            <span aria-hidden="true">{line.ok ? '✓ ' : '✗ '}</span>
            {line.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** At the end every secret is told (R11.3): each seat's flag cards in their places, and its whole crew. */
function Revealed(props: { record: GameRecord }) {
  const shown = revealedShips(props.record);
  if (shown === null) return null;
  return (
    <section class="revealed" aria-label={t('game.revealed')} data-revealed="">
      <h2>{t('game.revealed')}</h2>
      {(['red', 'blue'] as const).map((seat) => (
        <p key={seat} class={`seat-${seat}`}>
          <strong>{SEAT_NAMES[seat]}</strong>
          {t('game.colon')}{' '}
          {t('game.revealedLine', {
            flags: shown[seat].flags.join(', '),
            deck: shown[seat].deck.join(', ') || t('game.nobody'),
            boarding: shown[seat].boarding.join(', ') || t('game.nobody'),
            extras: shown[seat].extras.join(', ') || t('game.noneLeft'),
            out: shown[seat].out.join(', ') || t('game.noneLeft'),
          })}
        </p>
      ))}
    </section>
  );
}

/** "Learn to play": the lesson, what to do now, and once done, what happened and the way on. */
function Coach(props: { status: LessonStatus; ctl: Controller; selected: number | null }) {
  const { status, ctl, selected } = props;
  // After the first click of an attack the lesson asks for the second (it kept asking for the first).
  const ask = selected !== null && status.askChosen !== null ? status.askChosen : status.ask;
  const last = status.lesson + 1 >= status.total;
  return (
    <section
      class="panel coach"
      aria-labelledby="coach-title"
      data-lesson={status.lesson}
      data-lessons={status.total}
    >
      <h2 id="coach-title">
        {t('game.lesson', { lesson: status.lesson + 1, total: status.total, title: status.title })}
      </h2>
      <p>{status.intro}</p>
      {ask !== null && (
        <p class="coach-ask" data-lesson-ask="">
          <strong>{ask}</strong>
        </p>
      )}
      {status.done !== null && (
        <>
          <p class="coach-done" data-lesson-done="">
            {status.done}
          </p>
          <button type="button" class="primary" data-next-lesson="" onClick={() => ctl.nextLesson()}>
            {last ? t('game.finish') : t('game.nextLesson')}
          </button>
        </>
      )}
    </section>
  );
}
