/** The home page: play the computer, a friend online, pass and play, watch a replay, learn the rules. */
import { useState } from 'preact/hooks';
import type { Controller } from '../controller.ts';
import { SEAT_NAMES } from '../game/names.ts';
import type { KeptSummary } from '../local/kept.ts';
import { LEVELS } from '../local/messages.ts';
import type { AppState, HomeCard, HomeForm } from '../state.ts';
import { LESSONS } from '../tutorial/lessons.ts';
import { loadProgress } from '../tutorial/progress.ts';
import { Defs, Pirate, Ship } from './art.tsx';
import { FindOpponent } from './FindOpponent.tsx';
import { MePanel } from './People.tsx';
import { SettingsButton } from './Settings.tsx';

function Choice<K extends keyof HomeForm>(props: {
  form: HomeForm;
  card: HomeCard;
  field: K;
  legend: string;
  options: readonly { value: HomeForm[K]; label: string }[];
  ctl: Controller;
  name: string;
}) {
  return (
    <fieldset class="choice">
      <legend>{props.legend}</legend>
      <div class="choice-row">
        {props.options.map((o) => (
          <label key={String(o.value)} class={props.form[props.field] === o.value ? 'on' : ''}>
            <input
              type="radio"
              name={props.name}
              checked={props.form[props.field] === o.value}
              onChange={() => props.ctl.setForm(props.card, { [props.field]: o.value } as Partial<HomeForm>)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function RulesChoices(props: { form: HomeForm; ctl: Controller; card: HomeCard }) {
  return (
    <>
      <Choice
        {...props}
        field="variant"
        name={`${props.card}-variant`}
        legend="Rules"
        options={[
          { value: 'standard', label: 'Standard' },
          { value: 'advanced', label: 'Advanced' },
        ]}
      />
      <Choice
        {...props}
        field="shots"
        name={`${props.card}-shots`}
        legend="Cannon"
        options={[
          { value: 'aimed', label: 'Aim it yourself' },
          { value: 'quick', label: 'Quick shots' },
        ]}
      />
    </>
  );
}

function SeatChoice(props: { form: HomeForm; ctl: Controller; card: HomeCard }) {
  return (
    <Choice
      {...props}
      field="seat"
      name={`${props.card}-seat`}
      legend="Your colour"
      options={[
        { value: 'red', label: 'Red (stripes)' },
        { value: 'blue', label: 'Blue (dots)' },
      ]}
    />
  );
}

function MoreOptions(props: { form: HomeForm; ctl: Controller; card: HomeCard }) {
  const { form, ctl, card } = props;
  return (
    <details class="more">
      <summary>More options</summary>
      <label>
        Turn limit (a draw after it){' '}
        <select
          aria-label="Turn limit"
          value={form.turnLimit === null ? '' : String(form.turnLimit)}
          onChange={(e) => {
            const value = (e.currentTarget as HTMLSelectElement).value;
            ctl.setForm(card, { turnLimit: value === '' ? null : Number(value) });
          }}
        >
          <option value="">None</option>
          <option value="20">20 turns</option>
          <option value="40">40 turns</option>
          <option value="80">80 turns</option>
          <option value="150">150 turns</option>
        </select>
      </label>
      {card === 'friend' && (
        <label>
          Clock{' '}
          <select
            aria-label="Clock"
            value={form.clock ?? 'none'}
            onChange={(e) => {
              const value = (e.currentTarget as HTMLSelectElement).value;
              ctl.setForm(card, { clock: value === 'live' || value === 'daily' ? value : 'none' });
            }}
          >
            <option value="none">None</option>
            <option value="live">5 min each + 5 s a turn</option>
            <option value="daily">1 day a turn</option>
          </select>
        </label>
      )}
    </details>
  );
}

function Hero() {
  return (
    <svg viewBox="0 0 400 170" class="hero-art" aria-hidden="true">
      <Defs />
      <rect width="400" height="170" fill="url(#sea)" rx="14" />
      <path
        d="M0 150 q25 -8 50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0"
        stroke="#fff"
        stroke-opacity="0.2"
        fill="none"
        stroke-width="3"
      />
      <g transform="translate(-20 10) scale(0.55)">
        <Ship seat="red" x0={60} x1={340} deckY={220} label="Red" />
        <Pirate x={150} y={202} r={16} owner="red" kind="captain" />
        <Pirate x={200} y={202} r={16} owner="red" kind="bomb" />
        <Pirate x={250} y={202} r={16} owner="red" kind={null} />
      </g>
      <g transform="translate(200 10) scale(0.55)">
        <Ship seat="blue" x0={60} x1={340} deckY={220} label="Blue" />
        <Pirate x={150} y={202} r={16} owner="blue" kind={null} />
        <Pirate x={200} y={202} r={16} owner="blue" kind="adder" />
        <Pirate x={250} y={202} r={16} owner="blue" kind={null} />
      </g>
      <path d="M170 90 Q200 40 230 80" stroke="#222" stroke-width="2" stroke-dasharray="2 5" fill="none" />
      <circle cx="230" cy="80" r="4" fill="#222" />
    </svg>
  );
}

/** What the kept game is, in a few words, e.g. "Against the computer (hard), you are Red · turn 7". */
export function keptLabel(kept: KeptSummary): string {
  const who =
    kept.mode === 'computer'
      ? `Against the computer (${kept.level}), you are ${SEAT_NAMES[kept.human]}`
      : 'Pass and play, two players on this device';
  const rules = `${kept.variant === 'advanced' ? 'advanced' : 'standard'} rules, ${kept.shots === 'aimed' ? 'aimed' : 'quick'} shots`;
  const when =
    kept.turn === 0
      ? 'setting up'
      : `turn ${kept.turn}${kept.turnLimit === null ? '' : ` of ${kept.turnLimit}`}`;
  return `${who} · ${rules} · ${when}`;
}

/** "Continue your game": the local game kept on this device, to take up or abandon (two clicks). */
function KeptGamePanel(props: { kept: KeptSummary; ctl: Controller }) {
  const { kept, ctl } = props;
  const [abandoning, setAbandoning] = useState(false);
  return (
    <section class="panel kept" aria-labelledby="h-kept" data-kept="">
      <h2 id="h-kept">Your game is waiting</h2>
      <p>{keptLabel(kept)}</p>
      <div class="kept-buttons">
        <button type="button" class="primary big" data-continue="" onClick={() => void ctl.continueLocal()}>
          Continue your game
        </button>
        {abandoning ? (
          <>
            <span>Abandon it for good?</span>
            <button type="button" onClick={() => void ctl.abandonKept()}>
              Yes, abandon it
            </button>
            <button type="button" onClick={() => setAbandoning(false)}>
              No, keep it
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setAbandoning(true)}>
            Abandon it
          </button>
        )}
      </div>
      <p class="hint">Starting a new game against the computer or pass and play replaces it.</p>
    </section>
  );
}

export function Home(props: { state: AppState; ctl: Controller }) {
  const { state, ctl } = props;
  const { forms } = state;
  return (
    <main class="home">
      <header class="home-head">
        <h1>
          Pirates! <span>Stratego</span>
        </h1>
        <SettingsButton ctl={ctl} />
        <p class="tagline">
          Hide your flag, board the enemy ship, and fire the cannon through the hole in their sail.
        </p>
        <Hero />
      </header>
      {state.notice !== null && (
        <p class="notice" role="alert">
          {state.notice}
        </p>
      )}
      {state.kept !== null && <KeptGamePanel kept={state.kept} ctl={ctl} />}
      <div class="home-grid">
        <section class="panel" aria-labelledby="h-computer">
          <h2 id="h-computer">Play the computer</h2>
          <Choice
            form={forms.computer}
            card="computer"
            ctl={ctl}
            field="level"
            name="level"
            legend="Level"
            options={LEVELS.map((l) => ({ value: l, label: l[0]?.toUpperCase() + l.slice(1) }))}
          />
          <RulesChoices form={forms.computer} ctl={ctl} card="computer" />
          <SeatChoice form={forms.computer} ctl={ctl} card="computer" />
          <MoreOptions form={forms.computer} ctl={ctl} card="computer" />
          <button
            type="button"
            class="primary big"
            data-start="computer"
            onClick={() => ctl.startLocal('computer')}
          >
            Play the computer
          </button>
        </section>
        <section class="panel" aria-labelledby="h-friend">
          <h2 id="h-friend">Play a friend online</h2>
          <p>Start a game and send your friend the link.</p>
          <RulesChoices form={forms.friend} ctl={ctl} card="friend" />
          <SeatChoice form={forms.friend} ctl={ctl} card="friend" />
          <MoreOptions form={forms.friend} ctl={ctl} card="friend" />
          <button
            type="button"
            class="primary big"
            data-start="friend"
            onClick={() => ctl.onlineHooks?.create(forms.friend)}
          >
            Play a friend online
          </button>
        </section>
        <section class="panel" aria-labelledby="h-pass">
          <h2 id="h-pass">Pass and play</h2>
          <p>Two people, one device. The screen hides each player's pirates while you hand it over.</p>
          <RulesChoices form={forms.pass} ctl={ctl} card="pass" />
          <MoreOptions form={forms.pass} ctl={ctl} card="pass" />
          <button type="button" class="primary big" data-start="pass" onClick={() => ctl.startLocal('pass')}>
            Pass and play
          </button>
        </section>
        {/* Decision: the three ways to start a game come first, so all three show on a desktop's first screen
            (issue 21); finding a stranger and the pirate name follow. */}
        <FindOpponent lobby={state.lobby} ctl={ctl} />
        <section class="panel" aria-labelledby="h-replay">
          <h2 id="h-replay">Watch a replay</h2>
          <p>Open a saved game record (a .json file from the end of a game).</p>
          <label class="file">
            <span>Open a record file</span>
            <input
              type="file"
              accept="application/json,.json"
              onChange={async (e) => {
                const file = (e.currentTarget as HTMLInputElement).files?.[0];
                if (file) ctl.openReplayText(await file.text());
              }}
            />
          </label>
        </section>
        <section class="panel" aria-labelledby="h-watch">
          <h2 id="h-watch">Watch a game</h2>
          <p>See the games being played online right now, as a spectator.</p>
          <button type="button" class="big" data-watch="" onClick={() => ctl.go('watch', '/watch')}>
            Watch
          </button>
        </section>
        <section class="panel" aria-labelledby="h-rules">
          <h2 id="h-rules">How to play</h2>
          <p>
            Five short lessons at the table, one move at a time, or the rules in plain words with pictures.
          </p>
          <LearnButtons ctl={ctl} />
          <button type="button" class="big" onClick={() => ctl.go('rules', '/rules')}>
            Read the rules
          </button>
        </section>
      </div>
      <MePanel me={state.me} ctl={ctl} />
    </main>
  );
}

/** "Learn to play", or "Continue the lessons" where the player left them, with a way to start over. */
function LearnButtons(props: { ctl: Controller }) {
  const { ctl } = props;
  const next = loadProgress(ctl.storage);
  const midway = next > 0 && next < LESSONS.length;
  return (
    <>
      <button type="button" class="primary big" data-start="tutorial" onClick={() => ctl.startTutorial()}>
        {midway ? `Continue the lessons (lesson ${next + 1} of ${LESSONS.length})` : 'Learn to play'}
      </button>
      {midway && (
        <button type="button" class="link" onClick={() => ctl.startTutorial(0)}>
          Start the lessons over
        </button>
      )}
    </>
  );
}
