/**
 * The scenes of a table (a battle, a shot, the plank) shown one after another, each for its time at the
 * chosen speed. One timer for the page: a scene waits for the one before, and none plays while the device is
 * being handed over, so the next seat sees its own.
 */
import type { Scene } from '../game/scenes.ts';
import { type Effect, effectsOf } from '../game/sounds.ts';
import { changeGame, type Page } from './page.ts';

/** How long each scene shows at speed 1, ms. */
const SCENE_MS: Readonly<Record<Scene['kind'], number>> = {
  card: 1100,
  battle: 2200,
  coin: 1800,
  plank: 2200,
  hatch: 2000,
  shot: 2400,
  flag: 2200,
  over: 1800,
};

export class SceneQueue {
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** `sound` reads the controller's sound hook at each call: it plugs in after the controller is made. */
  constructor(
    private readonly page: Page,
    private readonly sound: () => ((effects: readonly Effect[]) => void) | null,
  ) {}

  /** Starts the first scene waiting, unless one is on show or the device is being handed over. */
  next(): void {
    const game = this.page.state.game;
    if (this.timer !== null || game === null || game.handover !== null) return;
    const scene = game.scenes[0];
    if (scene === undefined) return;
    this.sounds([scene]);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.skip();
    }, SCENE_MS[scene.kind] * this.page.state.speed);
  }

  /** Ends the scene on show (a click on it, or its time is up). */
  skip(): void {
    this.stop();
    changeGame(this.page, (g) => {
      g.scenes = g.scenes.slice(1);
    });
    this.next();
  }

  /** Stops the timer of the scene on show; what is queued stays for the caller to keep or drop. */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Plays the sounds of these scenes now, when sound is on. */
  sounds(scenes: readonly Scene[]): void {
    const play = this.sound();
    if (play === null || !this.page.state.settings.sound || scenes.length === 0) return;
    play(scenes.flatMap(effectsOf));
  }
}
