/**
 * Setup (R1.2-R1.4): order the three flag cards (click one, then the slot to swap it with, or drag it there)
 * and pick three pirates for the deck. The opponent's choices stay hidden; the button sends the listed setup
 * action that matches.
 */
import type { PlayerView } from '../../engine/index.ts';
import { FLAG_TITLE, kindName, SEAT_NAMES } from '../game/names.ts';
import { inRankOrder, type SetupDraft } from '../game/setup.ts';
import { t } from '../i18n/i18n.ts';
import { Defs, FlagArt, Pirate } from './art.tsx';
import { Trans } from './Trans.tsx';

export function SetupPanel(props: {
  view: PlayerView;
  draft: SetupDraft;
  onPirate: (id: number) => void;
  onSlot: (slot: number) => void;
  onMove: (from: number, to: number) => void;
  onConfirm: () => void;
  /** The setup was sent and its answer has not come yet. */
  busy?: boolean;
}) {
  const { view, draft } = props;
  const me = view.viewer;
  if (me === 'spectator') return null;
  const waiting = !view.toAct.includes(me);
  const pieces = inRankOrder([...view.ships[me].extras, ...view.ships[me].deck]);
  const opponent = me === 'red' ? 'blue' : 'red';
  if (view.pending.ask === 'contribute') {
    // Before the deal: both seats give their share of chance first (docs/fairness.md), so the cards wait too.
    return (
      <section class="panel setup" aria-labelledby="setup-title">
        <h2 id="setup-title">{t('setup.dealt', { seat: SEAT_NAMES[opponent] })}</h2>
        <p>{t('setup.dealtText')}</p>
      </section>
    );
  }
  if (waiting) {
    return (
      <section class="panel setup" aria-labelledby="setup-title">
        <h2 id="setup-title">{t('setup.ready')}</h2>
        <p>{t('setup.waiting', { seat: SEAT_NAMES[opponent] })}</p>
      </section>
    );
  }
  return (
    // The flags and the crew each in a box of their own: on a phone held sideways they stand side by side,
    // with "Set sail!" under the flags, so the whole setup is on the short screen (styles.css, issue 52).
    <section class="panel setup choosing" aria-labelledby="setup-title">
      <h2 id="setup-title">{t('setup.title', { seat: SEAT_NAMES[me] })}</h2>
      <div class="setup-flags">
        <h3>{t('setup.flags')}</h3>
        <p class="hint">
          <Trans text={t('setup.flagsHint')} />
        </p>
        <div class="flag-row">
          {draft.flags.map((card, slot) => (
            <button
              type="button"
              key={slot}
              class={`flag-slot ${draft.held === slot ? 'held' : ''}`}
              aria-pressed={draft.held === slot}
              draggable
              onDragStart={(e) => e.dataTransfer?.setData('text/plain', String(slot))}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                const from = Number(e.dataTransfer?.getData('text/plain'));
                if (Number.isInteger(from) && from !== slot) props.onMove(from, slot);
              }}
              onClick={() => props.onSlot(slot)}
            >
              <svg viewBox="0 0 46 64" width="46" height="64" aria-hidden="true">
                <Defs />
                <FlagArt x={1} y={1} w={44} h={62} card={card} owner={me} />
              </svg>
              {/* The name is the whole sentence; the short visible word is not read twice. A name given in
                aria-label would not contain what is seen (the card's name drawn on it), which confuses
                voice control users saying what they see. */}
              <span aria-hidden="true">{t('setup.place', { slot: slot + 1 })}</span>
              <span class="sr-only">
                {t(draft.held === slot ? 'setup.slotHeld' : 'setup.slot', {
                  slot: slot + 1,
                  card: FLAG_TITLE[card],
                })}
              </span>
            </button>
          ))}
        </div>
      </div>
      <div class="setup-crew">
        <h3>{t('setup.crew', { chosen: draft.deck.length })}</h3>
        <p class="hint">{t('setup.crewHint')}</p>
        <div class="crew">
          {pieces.map((piece) => {
            const chosen = draft.deck.includes(piece.id);
            const name = piece.kind === null ? t('setup.pirate', { id: piece.id }) : kindName(piece.kind);
            return (
              <button
                type="button"
                key={piece.id}
                class={`crew-member ${chosen ? 'chosen' : ''}`}
                aria-pressed={chosen}
                data-setup-piece={piece.id}
                onClick={() => props.onPirate(piece.id)}
              >
                <svg viewBox="0 0 40 40" width="44" height="44" aria-hidden="true">
                  <Defs />
                  <Pirate x={20} y={20} r={17} owner={me} kind={piece.kind} />
                </svg>
                <span aria-hidden="true">{piece.kind === null ? '?' : t(`names.piece.${piece.kind}`)}</span>
                <span class="sr-only">{chosen ? t('setup.onDeck', { name }) : name}</span>
              </button>
            );
          })}
        </div>
      </div>
      <button
        type="button"
        class="primary big"
        // Not `disabled`: a disabled button leaves the Tab order, and a Tab from the last pirate went to nothing
        // (issue 52). Pressed too early, it says what is missing ("Choose three pirates").
        aria-disabled={draft.deck.length !== 3 || props.busy === true}
        data-setup-confirm=""
        onClick={() => {
          if (props.busy !== true) props.onConfirm();
        }}
      >
        {t('setup.sail')}
      </button>
    </section>
  );
}
