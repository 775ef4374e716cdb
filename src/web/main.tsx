/**
 * The browser game's entry: make the controller, draw the page from its state on every change, and route
 * from the address (/, /rules, /replay, /play/:id for online games).
 */
import { render } from 'preact';
import { Controller } from './controller.ts';
import { connectOnline } from './online/session.ts';
import './styles.css';
import { App } from './ui/App.tsx';

const root = document.getElementById('app');
if (root === null) throw new Error('no #app element');

const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
const stored = Number(localStorage.getItem('pirates.speed') ?? 'NaN');
const speed = Number.isFinite(stored) ? stored : reduced ? 0 : 1;

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
  else if (ctl.state.screen !== 'home' && path === '/') ctl.go('home');
  else draw();
}
window.addEventListener('popstate', route);
route();
