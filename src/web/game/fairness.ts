/**
 * What the page keeps to check a game after its end (docs/fairness.md): the first commitment it was shown
 * (a later, different one is itself a failed check), the contributions it gave, which seat the computer
 * held, and what each seat was shown (runs of events, and whole views). The check itself is the engine's
 * `checkGame`, the same one `pirates verify` runs.
 */

import {
  checkGame,
  type FairnessCheck,
  type GameEvent,
  type GameRecord,
  type Outcome,
  type PlayerView,
  type Seat,
  viewDigest,
} from '../../engine/index.ts';
import { language, t } from '../i18n/i18n.ts';
import { randomHex256 } from './random.ts';

/** A fresh contribution: 256 bits from the browser's cryptographic generator, as hex. The player never sees it. */
export function newContribution(): string {
  return randomHex256();
}

/**
 * What one seat was shown on this page, e.g. `{ runs: [{ from: 0, events: [...] }], views: [...], last: {...} }`:
 * a run of events starts at each (re)connection; `views` holds the view at the start of each run and `last`
 * the newest, so the check compares whole views (rules included) without keeping every one.
 */
export interface Seen {
  runs: { from: number; events: GameEvent[] }[];
  views: { v: number; view: PlayerView }[];
  last: { v: number; view: PlayerView } | null;
  /** The fingerprint of every view shown, e.g. `[{ v: 14, digest: '9c…' }]` (whole views cost too much to keep). */
  digests: { v: number; digest: string }[];
}

/** e.g. `{ seedHash: '5be1…', changed: null, mine: { red: '9f2c…', blue: null }, computer: 'blue', ... }` */
export interface Fairness {
  /** The first commitment to the secret seed shown for this game, or null before it arrived. */
  seedHash: string | null;
  /** A different commitment shown later (a server that swapped its seed), or null. */
  changed: string | null;
  /** The contributions this page gave, by seat (null for a seat it did not play). */
  mine: { red: string | null; blue: string | null };
  /** The seat the computer held from the start (a local game against it), or null. */
  computer: Seat | null;
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

export function noFairness(
  mine: { red: string | null; blue: string | null },
  seedHash: string | null = null,
  computer: Seat | null = null,
): Fairness {
  return { seedHash, changed: null, mine, computer, seen: { red: null, blue: null }, report: null };
}

/** Keeps the commitment (the first one stays; another is remembered as a change). */
export function keepCommitment(fairness: Fairness, seedHash: string): void {
  if (fairness.seedHash === null) fairness.seedHash = seedHash;
  else if (seedHash !== fairness.seedHash) fairness.changed = seedHash;
}

/**
 * Keeps what `seat` was just shown: `since` not null starts a new run after that many actions (the first
 * update, or an online snapshot); `v` is how many actions the view comes after.
 */
export function keepSeen(
  fairness: Fairness,
  seat: Seat,
  since: number | null,
  v: number,
  events: readonly GameEvent[],
  view: PlayerView,
): void {
  let seen = fairness.seen[seat];
  if (seen === null) {
    seen = { runs: [], views: [], last: null, digests: [] };
    fairness.seen[seat] = seen;
  }
  const run = seen.runs[seen.runs.length - 1];
  if (since !== null || run === undefined) {
    seen.runs.push({ from: since ?? 0, events: [...events] });
    seen.views.push({ v, view });
  } else {
    run.events.push(...events);
  }
  seen.last = { v, view };
  seen.digests.push({ v, digest: viewDigest(view) });
}

/**
 * A check in the page's language. The engine words each check in English with its figures ("The published
 * seed matches the commitment …"): an English page shows that sentence; another language says the check's
 * finding in its own words, and a failed check keeps the engine's detail for a bug report.
 */
function checkWords(check: FairnessCheck): string {
  if (language() === 'en') return check.message;
  const words = t(`fairness.${check.name}.${check.ok ? 'ok' : 'bad'}`);
  return check.ok ? words : `${words} (${check.message})`;
}

/** Runs every check the page can make: the commitment, its contributions, each seat's events and views, the outcome. */
export function checkFairness(
  fairness: Fairness,
  record: GameRecord,
  outcome: Outcome | null,
): FairnessReportView {
  const lines: { ok: boolean; text: string }[] = [];
  let fair = true;
  if (fairness.changed !== null) {
    fair = false;
    lines.push({
      ok: false,
      text: t('fairness.changed', {
        first: fairness.seedHash?.slice(0, 16),
        later: fairness.changed.slice(0, 16),
      }),
    });
  }
  const said = new Set<string>();
  const seats: Seat[] = ['red', 'blue'];
  const checked = seats.filter((seat) => fairness.mine[seat] !== null || fairness.seen[seat] !== null);
  for (const seat of checked.length > 0 ? checked : [null]) {
    const contribution = seat === null ? null : fairness.mine[seat];
    const seen = seat === null ? null : fairness.seen[seat];
    const report = checkGame({
      record,
      outcome,
      ...(fairness.seedHash === null ? {} : { seedHash: fairness.seedHash }),
      ...(fairness.computer === null ? {} : { computerSeats: [fairness.computer] }),
      ...(seat === null || contribution === null ? {} : { mine: { seat, contribution } }),
      ...(seat === null || seen === null
        ? {}
        : {
            seen: {
              viewer: seat,
              runs: seen.runs,
              views: seen.last === null ? seen.views : [...seen.views, seen.last],
              digests: seen.digests,
            },
          }),
    });
    fair &&= report.fair;
    for (const check of report.checks) {
      // In pass-and-play both seats are checked; say each shared finding once.
      if (said.has(check.message)) continue;
      said.add(check.message);
      lines.push({ ok: check.ok, text: checkWords(check) });
    }
  }
  return { fair, lines };
}
