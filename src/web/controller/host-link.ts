/**
 * The one link this page holds to a game's host at a time (the local Worker, a lesson, a socket). Opening a
 * table closes the last one's link first, so an old host's news never reaches the new table. A local Worker
 * closed is let finish keeping its game (local/link.ts): the kept game is read, and a new Worker started,
 * only once the old one has ended.
 */
import type { GameLink } from '../link.ts';
import type { LocalLink } from '../local/link.ts';

export class HostLink {
  /** Where decisions go and news comes from; null with no table open. */
  current: GameLink | null = null;
  /** The local game's link, for pass-and-play's hand-over; null online and in lessons. */
  local: LocalLink | null = null;
  /** Settles once every local Worker closed so far has ended (and so kept its game). */
  private ending: Promise<void> = Promise.resolve();
  /** Counts opens and closes: a local game waiting for the old Worker to end is not opened once outdated. */
  private opened = 0;

  /** `closed` hears every close: what was shown of the old table (its scenes) stops with it. */
  constructor(private readonly closed: () => void) {}

  attach(link: GameLink): void {
    this.close();
    this.current = link;
  }

  /**
   * A local game's link is both the link and the hand-over's (after `close`, which the caller did first),
   * started once the Worker closed before has ended; not at all if another table is opened meanwhile.
   */
  useLocal(start: () => LocalLink): void {
    const ticket = ++this.opened;
    void this.ending.then(() => {
      if (ticket !== this.opened) return;
      const local = start();
      this.local = local;
      this.current = local;
    });
  }

  /** Settles once the local Workers closed so far have ended: what they kept can be read. */
  ended(): Promise<void> {
    return this.ending;
  }

  close(): void {
    this.opened++;
    const local = this.local;
    this.current?.close();
    if (local !== null) this.ending = Promise.all([this.ending, local.ended]).then(() => undefined);
    this.current = null;
    this.local = null;
    this.closed();
  }
}
