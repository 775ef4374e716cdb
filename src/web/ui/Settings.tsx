/**
 * The settings panel: scenes on or off and their pace, and how much the page moves. Reached from the home page
 * and from the game bar; every change applies at once and is kept in this browser.
 */
import type { Controller } from '../controller.ts';
import { t } from '../i18n/i18n.ts';
import type { Motion, ScenePace, Settings } from '../settings.ts';
import { useFocus } from './focus.ts';
import { LanguageChoice } from './Language.tsx';

const PACES: readonly ScenePace[] = ['slow', 'normal', 'fast'];

const MOTIONS: readonly Motion[] = ['system', 'reduce', 'full'];

export function SettingsPanel(props: { settings: Settings; ctl: Controller }) {
  const { settings, ctl } = props;
  const focus = useFocus<HTMLButtonElement>();
  const close = () => ctl.showSettings(false);
  return (
    <div
      class="settings-overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="settings-title"
      data-settings=""
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <section class="panel settings">
        <h2 id="settings-title">{t('settings.title')}</h2>
        <LanguageChoice settings={settings} ctl={ctl} />
        <label class="toggle">
          <input
            type="checkbox"
            checked={settings.scenes}
            onChange={(e) => ctl.setSettings({ scenes: (e.currentTarget as HTMLInputElement).checked })}
          />
          {t('settings.scenes')}
        </label>
        <label class="toggle">
          <input
            type="checkbox"
            checked={settings.sound}
            onChange={(e) => ctl.setSettings({ sound: (e.currentTarget as HTMLInputElement).checked })}
          />
          {t('settings.sound')}
        </label>
        <fieldset class="choice" disabled={!settings.scenes}>
          <legend>{t('settings.sceneSpeed')}</legend>
          <div class="choice-row">
            {PACES.map((p) => (
              <label key={p} class={settings.pace === p ? 'on' : ''}>
                <input
                  type="radio"
                  name="settings-pace"
                  checked={settings.pace === p}
                  onChange={() => ctl.setSettings({ pace: p })}
                />
                {t(`settings.pace.${p}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset class="choice">
          <legend>{t('settings.motionLegend')}</legend>
          <div class="choice-row">
            {MOTIONS.map((m) => (
              <label key={m} class={settings.motion === m ? 'on' : ''}>
                <input
                  type="radio"
                  name="settings-motion"
                  checked={settings.motion === m}
                  onChange={() => ctl.setSettings({ motion: m })}
                />
                {t(`settings.motion.${m}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="button" class="primary" ref={focus} onClick={close}>
          {t('settings.done')}
        </button>
      </section>
    </div>
  );
}

/** The game bar's mute button: one press to silence the table, remembered like every setting. */
export function SoundButton(props: { on: boolean; ctl: Controller }) {
  return (
    <button
      type="button"
      class="link"
      aria-pressed={!props.on}
      aria-label={t('settings.mute')}
      data-mute=""
      onClick={() => props.ctl.setSettings({ sound: !props.on })}
    >
      <SpeakerIcon on={props.on} />
    </button>
  );
}

/**
 * The page's own speaker, drawn in the text's colour: the emoji it replaces showed an empty box on a device
 * without an emoji font (issue 52). Waves when the sound is on, a cross when it is off.
 */
function SpeakerIcon(props: { on: boolean }) {
  return (
    <svg class="speaker" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
      {props.on ? (
        <path
          d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13"
          fill="none"
          stroke="currentColor"
          stroke-width="2"
          stroke-linecap="round"
        />
      ) : (
        <path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
      )}
    </svg>
  );
}

/** The small button that opens the panel, for the home page and the game bar. */
export function SettingsButton(props: { ctl: Controller }) {
  return (
    <button type="button" class="link" data-open-settings="" onClick={() => props.ctl.showSettings(true)}>
      {t('settings.title')}
    </button>
  );
}
