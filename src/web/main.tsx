/**
 * The browser game's entry: make the controller, draw the page from its state on every change, and route
 * from the address (/, /rules, /replay, /game for the local game kept on this device, /play/:id for online
 * games).
 */
import { render } from 'preact';
import { Controller } from './controller.ts';
import { connectOnline } from './online/session.ts';
import './styles.css';
import { App } from './ui/App.tsx';

const root = document.getElementById('app');
if (root === null) throw new Error('no #app element');

// Scenes keep their pace under prefers-reduced-motion (the stylesheet stills their motion, the results stay
// readable); `pirates.speed` in localStorage sets the pace: 0 shows none, 0.5 is twice as fast.
const stored = Number(localStorage.getItem('pirates.speed') ?? 'NaN');
const speed = Number.isFinite(stored) && stored >= 0 ? stored : 1;

let ctl: Controller;
let pending = false;
const draw = () => {
  // Many changes in one task draw once.
  if (pending) return;
  pending = true;
  queueMicrotask(() => {
    pending = false;
    render(<App state={ctl.state} ctl={ctl} />, root);
  });
};
ctl = new Controller(draw, speed);
connectOnline(ctl);

function route(): void {
  const path = location.pathname;
  const play = /^\/play\/([A-Za-z0-9_-]+)/.exec(path);
  if (play?.[1] !== undefined) {
    const invite = new URLSearchParams(location.search).get('invite');
    ctl.onlineJoin(play[1], invite);
  } else if (path === '/rules') ctl.go('rules');
  else if (path === '/game') {
    // A reload or Forward to a local game: take up the one kept on this device (unless it is on the page).
    const game = ctl.state.game;
    if (game === null || game.mode === 'online') void ctl.continueLocal();
    else ctl.go('game');
  } else if (ctl.state.screen !== 'home' && path === '/') ctl.backHome();
  else draw();
}
window.addEventListener('popstate', route);
route();
// "Continue your game" on the home page, when a local game is kept on this device.
void ctl.refreshKept();
