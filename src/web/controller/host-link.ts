/**
 * The one link this page holds to a game's host at a time (the local Worker, a lesson, a socket). Opening a
 * table closes the last one's link first, so an old host's news never reaches the new table.
 */
import type { GameLink } from '../link.ts';
import type { LocalLink } from '../local/link.ts';

export class HostLink {
  /** Where decisions go and news comes from; null with no table open. */
  current: GameLink | null = null;
  /** The local game's link, for pass-and-play's hand-over; null online and in lessons. */
  local: LocalLink | null = null;

  /** `closed` hears every close: what was shown of the old table (its scenes) stops with it. */
  constructor(private readonly closed: () => void) {}

  attach(link: GameLink): void {
    this.close();
    this.current = link;
  }

  /** A local game's link is both the link and the hand-over's (after `close`, which the caller did first). */
  useLocal(local: LocalLink): void {
    this.local = local;
    this.current = local;
  }

  close(): void {
    this.current?.close();
    this.current = null;
    this.local = null;
    this.closed();
  }
}
