/**
 * No time lost to the server (issue 35 item 4). A clock must not run while no process could hear the seat,
 * yet a clock is stored as "running since": after a crash every running clock has been charged for the
 * outage. So each process beats every `BEAT_MS` in the store, and a starting process that finds no beat newer
 * than `STALE_MS` knows the whole server was down since the last one, and gives every running clock that time
 * back (clock.ts `resumedAfter`) before any game is loaded. With other processes up (a rolling restart),
 * their beats are fresh and nothing is given back: they heard the seats all along.
 */
import { newGameId } from '../secrets.ts';
import type { GameStore } from '../store/game-store.ts';
import { resumedAfter } from './clock.ts';

/** How often a process notes that it is up. */
export const BEAT_MS = 1000;
/** No beat for this long: no process was up. A restart quicker than this gives nothing back. */
export const STALE_MS = 3 * BEAT_MS;

export class ClockBeats {
  readonly #timer: NodeJS.Timeout;
  /** Notes that this process is up now. */
  readonly #beat: () => Promise<void>;

  private constructor(timer: NodeJS.Timeout, beat: () => Promise<void>) {
    this.#timer = timer;
    this.#beat = beat;
  }

  /**
   * Gives back an outage's time to the running clocks (resolving with the outage's start, or null), then beats
   * until stopped.
   */
  static async start(
    store: GameStore,
    now: () => number,
    failed: (error: unknown) => void,
  ): Promise<{ beats: ClockBeats; downSince: number | null }> {
    const process = newGameId();
    const at = now();
    const downSince = await store.resumeClocks(process, at, STALE_MS, (clock, from) =>
      resumedAfter(clock, from, at),
    );
    const beat = () => store.beat(process, now()).catch(failed);
    const timer = setInterval(beat, BEAT_MS);
    timer.unref();
    return { beats: new ClockBeats(timer, beat), downSince };
  }

  /**
   * Stops beating, after a last beat: a process closed in good order heard its seats until now, so a restart
   * soon after gives nothing back (only the time nobody was up is given back).
   */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#beat();
  }
}
