/** The settings panel (issue 21, item 11): scenes on or off, their pace, motion; kept, and applied at once. */
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { type GameEvent, viewFor } from '../../src/engine/index.ts';
import { Controller } from '../../src/web/controller.ts';
import {
  DEFAULT_SETTINGS,
  languageOf,
  parseSettings,
  type Settings,
  sceneSpeed,
} from '../../src/web/settings.ts';
import { SettingsPanel } from '../../src/web/ui/Settings.tsx';
import { setUp, updateNews } from './fixtures.ts';

const BATTLE: GameEvent = {
  type: 'battle',
  seat: 'blue',
  ship: 'red',
  attacker: 13,
  attackerKind: 'adder',
  defender: 4,
  defenderKind: 'captain',
  losers: [4],
  audience: 'all',
};

function game(settings: Settings) {
  const kept: Settings[] = [];
  const ctl = new Controller(
    () => {},
    settings,
    (s) => kept.push(s),
  );
  ctl.change((s) => {
    s.game = ctl.newGameScreen('computer', 'red', s.forms.computer);
    s.screen = 'game';
  });
  const hear = () => ctl.hear(updateNews('red', viewFor(setUp(), 'red'), [BATTLE]));
  return { ctl, kept, hear };
}

describe('settings', () => {
  it('read back what was kept, and fall back to the default field by field', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{"scenes":false,"pace":"fast","motion":"reduce"}')).toEqual({
      scenes: false,
      pace: 'fast',
      motion: 'reduce',
      sound: true,
      emotes: true,
      language: null,
    });
    expect(parseSettings('{"emotes":false}').emotes).toBe(false);
    // The language chosen (issue 20), one the page speaks; anything else follows the browser again.
    expect(parseSettings('{"language":"nl"}').language).toBe('nl');
    expect(parseSettings('{"language":"tlh"}').language).toBe(null);
    expect(languageOf(parseSettings('{"language":"fr"}'), ['de-DE'])).toBe('fr');
    expect(languageOf(DEFAULT_SETTINGS, ['de-DE', 'en'])).toBe('de');
    expect(parseSettings('{"scenes":"yes","pace":"warp","motion":"full"}')).toEqual({
      ...DEFAULT_SETTINGS,
      motion: 'full',
    });
  });

  it('scenes off: none play, the queued ones go, and the choice is kept', () => {
    const { ctl, kept, hear } = game(DEFAULT_SETTINGS);
    expect(ctl.state.speed).toBe(1);
    ctl.setSettings({ pace: 'fast' });
    expect(ctl.state.speed).toBe(0.5);
    ctl.setSettings({ scenes: false });
    ctl.setSettings({ scenes: true });
    hear();
    expect(ctl.state.game?.scenes.map((s) => s.kind)).toEqual(['battle']);
    ctl.setSettings({ scenes: false });
    expect(ctl.state.game?.scenes).toEqual([]);
    hear();
    expect(ctl.state.game?.scenes).toEqual([]);
    expect(kept.at(-1)).toEqual({
      scenes: false,
      pace: 'fast',
      motion: 'system',
      sound: true,
      emotes: true,
      language: null,
    });
    expect(sceneSpeed(kept.at(-1) ?? DEFAULT_SETTINGS)).toBe(0);
  });

  it('the panel shows the settings in force', () => {
    const { ctl } = game({
      scenes: true,
      pace: 'slow',
      motion: 'reduce',
      sound: false,
      emotes: true,
      language: null,
    });
    const markup = renderToString(h(SettingsPanel, { settings: ctl.state.settings, ctl }));
    expect(markup).toContain('aria-labelledby="settings-title"');
    const checked = [
      ...markup.matchAll(/<label[^>]*><input type="radio" name="([^"]+)" checked\/>([^<]+)</g),
    ].map((m) => `${m[1]}=${m[2]}`);
    expect(checked).toEqual(['settings-pace=Slow', 'settings-motion=Less motion']);
  });

  it('sound: each scene is heard as it shows, your own card at once, and nothing when muted', () => {
    const { ctl } = game({ ...DEFAULT_SETTINGS, scenes: false });
    const heard: string[][] = [];
    ctl.sound = (effects) => heard.push([...effects]);
    ctl.hear(
      updateNews('red', viewFor(setUp(), 'red'), [
        { type: 'cardTurned', seat: 'red', card: 2, face: 'shootSail', back: 'attack', audience: 'all' },
        { type: 'shot', seat: 'red', target: 'sail', hit: true, aim: null, flight: null, audience: 'all' },
      ]),
    );
    expect(heard).toEqual([['card', 'cannon', 'hit']]);
    ctl.setSettings({ sound: false });
    ctl.hear(updateNews('red', viewFor(setUp(), 'red'), [BATTLE]));
    expect(heard).toHaveLength(1);
  });

  it('with scenes on, a scene is heard when it starts to show', () => {
    const { ctl, hear } = game(DEFAULT_SETTINGS);
    const heard: string[][] = [];
    ctl.sound = (effects) => heard.push([...effects]);
    hear();
    expect(heard).toEqual([['hit']]);
    ctl.closeLink();
  });
});
