/**
 * The browser game's entry: make the controller, draw the page from its state on every change, and route
 * from the address (/, /rules, /replay, /game for the local game kept on this device, /play/:id for online
 * games, /watch for the games in progress and /watch/:id to watch one).
 */

import { registerSW } from 'virtual:pwa-register';
import { render } from 'preact';
import { Controller } from './controller.ts';
import { titleFor } from './game/title.ts';
import { setLanguage } from './i18n/i18n.ts';
import { connectChallenges } from './online/challenges.ts';
import { connectPeople } from './online/identity.ts';
import { connectLobby } from './online/lobby.ts';
import { connectOnline } from './online/session.ts';
import { languageOf, loadSettings, type Settings, saveSettings } from './settings.ts';
import { playEffects } from './ui/sound.ts';
import './styles.css';
import { App } from './ui/App.tsx';

const root = document.getElementById('app');
if (root === null) throw new Error('no #app element');

// Scenes keep their pace under prefers-reduced-motion (the stylesheet stills their motion, the results stay
// readable); the settings panel sets their pace, turns them off, and overrides the device's motion setting.
const storage = typeof localStorage === 'undefined' ? undefined : localStorage;
const settings = loadSettings(storage);

let ctl: Controller;
let pending = false;
const draw = () => {
  // Many changes in one task draw once.
  if (pending) return;
  pending = true;
  queueMicrotask(() => {
    pending = false;
    render(<App state={ctl.state} ctl={ctl} />, root);
    const motion = ctl.state.settings.motion;
    document.documentElement.classList.toggle('motion-reduce', motion === 'reduce');
    document.documentElement.classList.toggle('motion-full', motion === 'full');
    const title = titleFor(ctl.state);
    if (document.title !== title) document.title = title;
  });
};
// The page speaks the chosen language, else the browser's; a change loads its catalog, then draws again.
const browserLanguages = typeof navigator === 'undefined' ? [] : navigator.languages;
let spoken = languageOf(settings, browserLanguages);
const keep = (changed: Settings) => {
  saveSettings(storage, changed);
  const wanted = languageOf(changed, browserLanguages);
  if (wanted !== spoken) {
    spoken = wanted;
    void setLanguage(wanted).then(() => {
      // The ship's log was told in the old language: tell it again (issue 52 item 3), then draw.
      ctl.retell();
      draw();
    });
  }
};
ctl = new Controller(draw, settings, keep);
ctl.sound = playEffects;
// The first paint waits for the catalog (a few kB, precached): no flash of English before Dutch. Before the
// connections too: a first visit's identity gets its pirate name in the page's language.
await setLanguage(spoken);
connectOnline(ctl);
connectPeople(ctl);
connectLobby(ctl);
connectChallenges(ctl);

function route(): void {
  const path = location.pathname;
  const play = /^\/play\/([A-Za-z0-9_-]+)/.exec(path);
  const watch = /^\/watch\/([A-Za-z0-9_-]+)/.exec(path);
  if (watch?.[1] !== undefined) ctl.onlineHooks?.watch(watch[1]);
  else if (path === '/watch') ctl.showWatch();
  else if (play?.[1] !== undefined) {
    const invite = new URLSearchParams(location.search).get('invite');
    ctl.onlineJoin(play[1], invite);
  } else if (path.startsWith('/player/')) {
    ctl.go('player');
    ctl.people?.showPlayer(decodeURIComponent(path.slice('/player/'.length)));
    // `/player/<name>?challenge`: a link that opens the challenge form (issue 31).
    const challenging = new URLSearchParams(location.search).has('challenge');
    ctl.change((s) => {
      s.challenges.open = challenging;
      s.challenges.error = null;
    });
  } else if (path === '/rules') ctl.go('rules');
  else if (path === '/game') {
    // A reload or Forward to a local game: take up the one kept on this device (unless it is on the page).
    const game = ctl.state.game;
    if (game === null || game.mode === 'online') void ctl.continueLocal();
    else ctl.go('game');
  } else if (ctl.state.screen !== 'home' && path === '/') ctl.backHome();
  else draw();
}
// The service worker (vite.config.ts) keeps the page for offline play and updates itself quietly; under
// `vite` (development) the plugin's registerSW does nothing.
if ('serviceWorker' in navigator) registerSW({ immediate: true });

window.addEventListener('popstate', route);
route();
// "Continue your game" on the home page, when a local game is kept on this device.
void ctl.refreshKept();
