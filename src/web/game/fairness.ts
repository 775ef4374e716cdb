/**
 * What the page keeps to check a game after its end (docs/fairness.md): the commitment it was shown, the
 * contributions it gave, and the events each seat was shown. The check itself is the engine's `checkGame`,
 * the same one `pirates verify` runs.
 */
import { checkGame, type GameEvent, type GameRecord, type Outcome, type Seat } from '../../engine/index.ts';

/** A fresh contribution: 256 bits from the browser's cryptographic generator, as hex. The player never sees it. */
export function newContribution(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The events one seat was shown on this page, from action `from` on, e.g. `{ from: 0, events: [...] }`. */
export interface Seen {
  /** How many actions came before the first event kept (0, or where an online page picked up). */
  from: number;
  events: GameEvent[];
}

/** e.g. `{ seedHash: '5be1…', mine: { red: '9f2c…', blue: null }, seen: { red: {...}, blue: null }, report: null }` */
export interface Fairness {
  /** The commitment to the secret seed shown when the game began, or null before it arrived. */
  seedHash: string | null;
  /** The contributions this page gave, by seat (null for a seat it did not play). */
  mine: { red: string | null; blue: string | null };
  /** What each seat was shown here, or null for a seat the page never showed. */
  seen: { red: Seen | null; blue: Seen | null };
  /** The last check, or null before "Check this game". */
  report: FairnessReportView | null;
}

/** A check's result as the page shows it, e.g. `{ fair: true, lines: [{ ok: true, text: '…' }] }`. */
export interface FairnessReportView {
  fair: boolean;
  lines: { ok: boolean; text: string }[];
}

export function noFairness(mine: { red: string | null; blue: string | null }): Fairness {
  return { seedHash: null, mine, seen: { red: null, blue: null }, report: null };
}

/** Keeps what a seat was just shown; `since` not null starts its list afresh (see FromHost 'update'). */
export function keepSeen(
  fairness: Fairness,
  seat: Seat,
  since: number | null,
  events: readonly GameEvent[],
): void {
  const kept = fairness.seen[seat];
  if (since !== null || kept === null) fairness.seen[seat] = { from: since ?? 0, events: [...events] };
  else kept.events.push(...events);
}

/** Runs every check the page can make: the commitment, its contributions, each seat's events, the outcome. */
export function checkFairness(
  fairness: Fairness,
  record: GameRecord,
  outcome: Outcome | null,
): FairnessReportView {
  const lines: { ok: boolean; text: string }[] = [];
  const seats: Seat[] = ['red', 'blue'];
  let fair = true;
  const seen = new Set<string>();
  for (const seat of seats) {
    const contribution = fairness.mine[seat];
    const shown = fairness.seen[seat];
    if (contribution === null && shown === null) continue;
    const report = checkGame({
      record,
      ...(fairness.seedHash === null ? {} : { seedHash: fairness.seedHash }),
      outcome,
      ...(contribution === null ? {} : { mine: { seat, contribution } }),
      ...(shown === null ? {} : { seen: { viewer: seat, from: shown.from, events: shown.events } }),
    });
    fair &&= report.fair;
    for (const check of report.checks) {
      // In pass-and-play both seats are checked; say each shared finding once.
      if (seen.has(check.message)) continue;
      seen.add(check.message);
      lines.push({ ok: check.ok, text: check.message });
    }
  }
  if (lines.length === 0) {
    const report = checkGame({
      record,
      outcome,
      ...(fairness.seedHash === null ? {} : { seedHash: fairness.seedHash }),
    });
    fair = report.fair;
    for (const check of report.checks) lines.push({ ok: check.ok, text: check.message });
  }
  return { fair, lines };
}
