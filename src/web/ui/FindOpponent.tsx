/**
 * The home page's "Find an opponent" card: choose rules, shots and clock (or "any"), look, wait on a visible
 * seek with a Cancel button, take up the computer when nobody comes; and the other players' seeks to accept.
 */
import { useEffect } from 'preact/hooks';
import type { Controller } from '../controller.ts';
import type { OpenSeek } from '../online/wire.ts';
import type { LobbyState, SeekForm } from '../state.ts';

/** How often the others' seeks are fetched while the card shows (ms). */
const REFRESH_MS = 3000;

const LABELS = {
  variant: { standard: 'Standard', advanced: 'Advanced', any: 'Any rules' },
  shots: { aimed: 'Aim it yourself', quick: 'Quick shots', any: 'Any cannon' },
  clock: { none: 'No clock', live: '5 min + 5 s', daily: '1 day a turn' },
} as const;

/** 'Advanced rules, quick shots, 5 min + 5 s' */
export function seekWords(seek: { variant: string; shots: string; clock: SeekForm['clock'] }): string {
  const rules = seek.variant === 'any' ? 'any rules' : `${seek.variant} rules`;
  const shots = seek.shots === 'any' ? 'any cannon' : seek.shots === 'aimed' ? 'aimed shots' : 'quick shots';
  return `${rules[0]?.toUpperCase()}${rules.slice(1)}, ${shots}, ${LABELS.clock[seek.clock].toLowerCase()}`;
}

function clockOf(seek: OpenSeek): SeekForm['clock'] {
  if (seek.clock === null) return 'none';
  return seek.clock.kind === 'daily' ? 'daily' : 'live';
}

function Pick<K extends keyof SeekForm>(props: {
  field: K;
  legend: string;
  lobby: LobbyState;
  ctl: Controller;
}) {
  const { field, lobby, ctl } = props;
  const options = Object.entries(LABELS[field]) as [SeekForm[K], string][];
  return (
    <fieldset class="choice">
      <legend>{props.legend}</legend>
      <div class="choice-row">
        {options.map(([value, label]) => (
          <label key={String(value)} class={lobby.form[field] === value ? 'on' : ''}>
            <input
              type="radio"
              name={`seek-${field}`}
              checked={lobby.form[field] === value}
              onChange={() =>
                ctl.change((s) => {
                  s.lobby.form = { ...s.lobby.form, [field]: value };
                })
              }
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function FindOpponent(props: { lobby: LobbyState; ctl: Controller }) {
  const { lobby, ctl } = props;
  useEffect(() => {
    ctl.lobbyHooks?.refreshSeeks();
    const timer = setInterval(() => ctl.lobbyHooks?.refreshSeeks(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [ctl]);
  const seeking = lobby.seeking;
  return (
    <section class="panel find" aria-labelledby="h-find" data-find="">
      <h2 id="h-find">Find an opponent</h2>
      {seeking === null ? (
        <>
          <p>Play someone online now: the first player who wants the same game is yours.</p>
          <Pick field="variant" legend="Rules" lobby={lobby} ctl={ctl} />
          <Pick field="shots" legend="Cannon" lobby={lobby} ctl={ctl} />
          <Pick field="clock" legend="Clock" lobby={lobby} ctl={ctl} />
          <button type="button" class="primary big" data-seek="" onClick={() => ctl.lobbyHooks?.seek()}>
            Find an opponent
          </button>
        </>
      ) : (
        <div class="seeking" role="status" aria-live="polite" data-seeking={seeking.seekId}>
          <p class="waiting">
            <span class="spinner" aria-hidden="true" />
            Looking for an opponent: {seekWords(seeking.form)}…
          </p>
          {seeking.lonely && (
            <div class="lonely" data-lonely="">
              <p>Nobody has come yet. Play the computer instead? (This stops the search.)</p>
              <button type="button" class="primary" onClick={() => ctl.lobbyHooks?.computerInstead()}>
                Play the computer instead
              </button>
              <button type="button" onClick={() => ctl.lobbyHooks?.keepWaiting()}>
                Keep waiting
              </button>
            </div>
          )}
          <button type="button" data-cancel-seek="" onClick={() => ctl.lobbyHooks?.cancel()}>
            Cancel
          </button>
        </div>
      )}
      {lobby.error !== null && (
        <p class="error" role="alert">
          {lobby.error}
        </p>
      )}
      {lobby.open.length > 0 && (
        <div class="open-seeks">
          <h3>Players waiting</h3>
          <ul class="listing">
            {lobby.open.map((seek) => (
              <li key={seek.seekId} class="listing-row" data-open-seek={seek.seekId}>
                <span>
                  {seek.name ?? 'A player'}
                  {seek.rating === null ? '' : ` (${seek.rating})`}:{' '}
                  {seekWords({ ...seek, clock: clockOf(seek) })}
                </span>{' '}
                <button type="button" onClick={() => ctl.lobbyHooks?.accept(seek.seekId)}>
                  Play
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
