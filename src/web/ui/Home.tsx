/** The home page: play the computer, a friend online, pass and play, watch a replay, learn the rules. */
import { useState } from 'preact/hooks';
import type { Controller } from '../controller.ts';
import { SEAT_NAMES } from '../game/names.ts';
import { t } from '../i18n/i18n.ts';
import type { KeptSummary } from '../local/kept.ts';
import { LEVELS } from '../local/messages.ts';
import type { AppState, HomeCard, HomeForm } from '../state.ts';
import { LESSONS } from '../tutorial/lessons.ts';
import { loadProgress } from '../tutorial/progress.ts';
import { AccountPanel } from './Account.tsx';
import { Defs, Pirate, Ship } from './art.tsx';
import { ChallengesPanel } from './Challenges.tsx';
import { FindOpponent } from './FindOpponent.tsx';
import { LanguageChoice } from './Language.tsx';
import { MePanel } from './People.tsx';
import { SettingsButton } from './Settings.tsx';
import { YourGames } from './YourGames.tsx';

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
        legend={t('home.rules')}
        options={[
          { value: 'standard', label: t('home.standard') },
          { value: 'advanced', label: t('home.advanced') },
        ]}
      />
      <Choice
        {...props}
        field="shots"
        name={`${props.card}-shots`}
        legend={t('home.cannon')}
        options={[
          { value: 'aimed', label: t('home.aimed') },
          { value: 'quick', label: t('home.quick') },
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
      legend={t('home.colour')}
      options={[
        { value: 'red', label: t('home.red') },
        { value: 'blue', label: t('home.blue') },
      ]}
    />
  );
}

function MoreOptions(props: { form: HomeForm; ctl: Controller; card: HomeCard }) {
  const { form, ctl, card } = props;
  return (
    <details class="more">
      <summary>{t('home.more')}</summary>
      <label>
        {t('home.turnLimitLabel')}{' '}
        <select
          aria-label={t('home.turnLimit')}
          value={form.turnLimit === null ? '' : String(form.turnLimit)}
          onChange={(e) => {
            const value = (e.currentTarget as HTMLSelectElement).value;
            ctl.setForm(card, { turnLimit: value === '' ? null : Number(value) });
          }}
        >
          <option value="">{t('home.none')}</option>
          {[20, 40, 80, 150].map((count) => (
            <option key={count} value={String(count)}>
              {t('home.turns', { count })}
            </option>
          ))}
        </select>
      </label>
      {card === 'friend' && (
        <label>
          {t('home.clock')}{' '}
          <select
            aria-label={t('home.clock')}
            value={form.clock ?? 'none'}
            onChange={(e) => {
              const value = (e.currentTarget as HTMLSelectElement).value;
              ctl.setForm(card, { clock: value === 'live' || value === 'daily' ? value : 'none' });
            }}
          >
            <option value="none">{t('home.none')}</option>
            <option value="live">{t('home.clockLive')}</option>
            <option value="daily">{t('home.clockDaily')}</option>
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
        <Ship seat="red" x0={60} x1={340} deckY={220} label={SEAT_NAMES.red} />
        <Pirate x={150} y={202} r={16} owner="red" kind="captain" />
        <Pirate x={200} y={202} r={16} owner="red" kind="bomb" />
        <Pirate x={250} y={202} r={16} owner="red" kind={null} />
      </g>
      <g transform="translate(200 10) scale(0.55)">
        <Ship seat="blue" x0={60} x1={340} deckY={220} label={SEAT_NAMES.blue} />
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
      ? t('home.keptComputer', {
          level: t(`home.levels.${kept.level}`).toLowerCase(),
          seat: SEAT_NAMES[kept.human],
        })
      : t('home.keptPass');
  const rules = t('home.keptRules', {
    variant: kept.variant === 'advanced' ? t('home.keptAdvanced') : t('home.keptStandard'),
    shots: kept.shots === 'aimed' ? t('home.keptAimed') : t('home.keptQuick'),
  });
  const when =
    kept.turn === 0
      ? t('home.keptSettingUp')
      : kept.turnLimit === null
        ? t('home.keptTurn', { turn: kept.turn })
        : t('home.keptTurnOf', { turn: kept.turn, limit: kept.turnLimit });
  return `${who} · ${rules} · ${when}`;
}

/** "Continue your game": the local game kept on this device, to take up or abandon (two clicks). */
function KeptGamePanel(props: { kept: KeptSummary; ctl: Controller }) {
  const { kept, ctl } = props;
  const [abandoning, setAbandoning] = useState(false);
  return (
    <section class="panel kept" aria-labelledby="h-kept" data-kept="">
      <h2 id="h-kept">{t('home.keptTitle')}</h2>
      <p>{keptLabel(kept)}</p>
      <div class="kept-buttons">
        <button type="button" class="primary big" data-continue="" onClick={() => void ctl.continueLocal()}>
          {t('home.continue')}
        </button>
        {abandoning ? (
          <>
            <span>{t('home.abandonAsk')}</span>
            <button type="button" onClick={() => void ctl.abandonKept()}>
              {t('home.abandonYes')}
            </button>
            <button type="button" onClick={() => setAbandoning(false)}>
              {t('home.abandonNo')}
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setAbandoning(true)}>
            {t('home.abandon')}
          </button>
        )}
      </div>
      <p class="hint">{t('home.keptHint')}</p>
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
        <div class="home-tools">
          <SettingsButton ctl={ctl} />
          <LanguageChoice settings={state.settings} ctl={ctl} />
        </div>
        <p class="tagline">{t('home.tagline')}</p>
        {/* A newcomer's first screen offers the lessons (issue 32 item 1): they were the seventh card. */}
        <p class="newcomer">
          <span>{t('home.newHere')}</span>
          <LearnButtons ctl={ctl} />
        </p>
        <Hero />
      </header>
      {state.notice !== null && (
        <p class="notice" role="alert">
          {state.notice}
        </p>
      )}
      {state.kept !== null && <KeptGamePanel kept={state.kept} ctl={ctl} />}
      <div class="home-lists">
        <YourGames me={state.me} ctl={ctl} />
        <ChallengesPanel challenges={state.challenges} me={state.me} ctl={ctl} />
      </div>
      <div class="home-grid">
        <section class="panel" aria-labelledby="h-computer">
          <h2 id="h-computer">{t('home.playComputer')}</h2>
          <Choice
            form={forms.computer}
            card="computer"
            ctl={ctl}
            field="level"
            name="level"
            legend={t('home.level')}
            options={LEVELS.map((l) => ({ value: l, label: t(`home.levels.${l}`) }))}
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
            {t('home.playComputer')}
          </button>
        </section>
        <section class="panel" aria-labelledby="h-friend">
          <h2 id="h-friend">{t('home.playFriend')}</h2>
          <p>{t('home.friendText')}</p>
          <RulesChoices form={forms.friend} ctl={ctl} card="friend" />
          <SeatChoice form={forms.friend} ctl={ctl} card="friend" />
          <MoreOptions form={forms.friend} ctl={ctl} card="friend" />
          <button
            type="button"
            class="primary big"
            data-start="friend"
            onClick={() => ctl.onlineHooks?.create(forms.friend)}
          >
            {t('home.playFriend')}
          </button>
        </section>
        <section class="panel" aria-labelledby="h-pass">
          <h2 id="h-pass">{t('home.pass')}</h2>
          <p>{t('home.passText')}</p>
          <RulesChoices form={forms.pass} ctl={ctl} card="pass" />
          <MoreOptions form={forms.pass} ctl={ctl} card="pass" />
          <button type="button" class="primary big" data-start="pass" onClick={() => ctl.startLocal('pass')}>
            {t('home.pass')}
          </button>
        </section>
        {/* Decision: the three ways to start a game come first, so all three show on a desktop's first screen
            (issue 21); finding a stranger and the pirate name follow. */}
        <FindOpponent lobby={state.lobby} ctl={ctl} />
        <section class="panel" aria-labelledby="h-replay">
          <h2 id="h-replay">{t('home.replayTitle')}</h2>
          <p>{t('home.replayText')}</p>
          <label class="file">
            <span>{t('home.openRecord')}</span>
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
          <h2 id="h-watch">{t('home.watchTitle')}</h2>
          <p>{t('home.watchText')}</p>
          <button type="button" class="big" data-watch="" onClick={() => ctl.go('watch', '/watch')}>
            {t('home.watch')}
          </button>
        </section>
        <section class="panel" aria-labelledby="h-rules">
          <h2 id="h-rules">{t('home.howTitle')}</h2>
          <p>{t('home.howText')}</p>
          <button type="button" class="big" onClick={() => ctl.go('rules', '/rules')}>
            {t('home.readRules')}
          </button>
        </section>
      </div>
      <MePanel me={state.me} ctl={ctl} />
      <AccountPanel me={state.me} ctl={ctl} />
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
      <button type="button" class="primary" data-start="tutorial" onClick={() => ctl.startTutorial()}>
        {midway ? t('home.continueLessons', { lesson: next + 1, total: LESSONS.length }) : t('home.learn')}
      </button>
      {midway && (
        <button type="button" class="link" onClick={() => ctl.startTutorial(0)}>
          {t('home.restartLessons')}
        </button>
      )}
    </>
  );
}
