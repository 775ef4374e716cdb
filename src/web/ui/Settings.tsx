/**
 * The settings panel: scenes on or off and their pace, and how much the page moves. Reached from the home page
 * and from the game bar; every change applies at once and is kept in this browser.
 */
import type { Controller } from '../controller.ts';
import type { Motion, ScenePace, Settings } from '../settings.ts';
import { useFocus } from './focus.ts';

const PACES: readonly { value: ScenePace; label: string }[] = [
  { value: 'slow', label: 'Slow' },
  { value: 'normal', label: 'Normal' },
  { value: 'fast', label: 'Fast' },
];

const MOTIONS: readonly { value: Motion; label: string }[] = [
  { value: 'system', label: 'As my device is set' },
  { value: 'reduce', label: 'Less motion' },
  { value: 'full', label: 'Full motion' },
];

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
        <h2 id="settings-title">Settings</h2>
        <label class="toggle">
          <input
            type="checkbox"
            checked={settings.scenes}
            onChange={(e) => ctl.setSettings({ scenes: (e.currentTarget as HTMLInputElement).checked })}
          />
          Show scenes (battles, the coin, the cannon's flight); the ship's log always keeps the words
        </label>
        <label class="toggle">
          <input
            type="checkbox"
            checked={settings.sound}
            onChange={(e) => ctl.setSettings({ sound: (e.currentTarget as HTMLInputElement).checked })}
          />
          Sound (the cards, the coin, the cannon, the splash)
        </label>
        <fieldset class="choice" disabled={!settings.scenes}>
          <legend>Scene speed</legend>
          <div class="choice-row">
            {PACES.map((p) => (
              <label key={p.value} class={settings.pace === p.value ? 'on' : ''}>
                <input
                  type="radio"
                  name="settings-pace"
                  checked={settings.pace === p.value}
                  onChange={() => ctl.setSettings({ pace: p.value })}
                />
                {p.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset class="choice">
          <legend>Motion</legend>
          <div class="choice-row">
            {MOTIONS.map((m) => (
              <label key={m.value} class={settings.motion === m.value ? 'on' : ''}>
                <input
                  type="radio"
                  name="settings-motion"
                  checked={settings.motion === m.value}
                  onChange={() => ctl.setSettings({ motion: m.value })}
                />
                {m.label}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="button" class="primary" ref={focus} onClick={close}>
          Done
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
      aria-label="Mute"
      data-mute=""
      onClick={() => props.ctl.setSettings({ sound: !props.on })}
    >
      {props.on ? '🔊' : '🔇'}
    </button>
  );
}

/** The small button that opens the panel, for the home page and the game bar. */
export function SettingsButton(props: { ctl: Controller }) {
  return (
    <button type="button" class="link" data-open-settings="" onClick={() => props.ctl.showSettings(true)}>
      Settings
    </button>
  );
}
