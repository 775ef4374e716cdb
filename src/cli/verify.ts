/**
 * `pirates verify <record file | game URL>`: checks a finished game as docs/fairness.md describes, with the
 * engine's own `checkGame` (the page's "Check this game" runs the same). This file reads the input and
 * prints; the checks live in the engine.
 */
import { readFile, writeFile } from 'node:fs/promises';
import {
  checkGame,
  type FairnessReport,
  type GameToCheck,
  type HistoryStep,
  historyFor,
  isContribution,
  type Seat,
  type Viewer,
} from '../engine/index.ts';
import type { Command } from './command.ts';
import { readFlags, refuse } from './flags.ts';

const USAGE = [
  'Usage: pirates verify <record.json | game URL> [options]',
  '',
  'Checks a finished game: the published seed matches the commitment, each seat contributed, and the record',
  'alone replays under the rules to the outcome announced (docs/fairness.md). The input is a file holding',
  "what GET /api/games/<id>/record answers (or a bare record), or a game's address, e.g.",
  'http://localhost:3000/play/AbC123xYz0 (the record is fetched from that server once the game is over).',
  '',
  'Options:',
  '  --seed-hash H       the commitment you were shown during the game (else the one published with the record)',
  '  --seat red|blue     your seat, with --contribution',
  '  --contribution HEX  the contribution your page gave (the page checks this for you)',
  "  --computer SEAT     the seat (red or blue) you know the computer held: its share must be the server's derived one",
  '  --seed-only         accept a game whose chance came from the seed alone (a game from before keyed chance,',
  '                      or one made in code); without it such a record fails, as a server that chose the dice would',
  '  --events VIEWER     also print every event VIEWER (red, blue or spectator) was shown, one JSON per line',
  '  --json              print the report as one JSON object { verdict, fair, finished, checks }, verdict being',
  '                      fair, not-fair or unfinished (as the exit code below)',
  '  --bundle FILE       write the verification bundle of a finished game to FILE: the record, the commitment,',
  '                      the outcome and the events each viewer (red, blue, spectator) was shown in the replay,',
  '                      numbered as the socket\'s history is (docs/fairness.md "The verification bundle");',
  '                      never for a game that is not over',
  '',
  'The checks are for a finished game. A record that stops before the end (a game still being played, or a',
  'record cut short) is reported NOT FINISHED, with what was checked (its actions replay, the commitment and',
  'the contributions it holds) and what was not (how the game ends, and any chance after its last action).',
  '',
  'Exit code: 0 when the game is finished and every check passes, 1 when a check fails, 2 when the input cannot',
  'be read, 3 when every check passes but the record is not of a finished game. Output piped into a reader that',
  'stops early (| head) ends quietly; the exit code is still the verdict.',
].join('\n');

const fail = (message: string): number => refuse('verify', message);

/** What a record answer holds; a bare record is taken as `record` alone. */
interface Published {
  readonly record: unknown;
  readonly seedHash?: string;
  readonly outcome?: GameToCheck['outcome'];
}

function publishedOf(data: unknown): Published | string {
  if (typeof data !== 'object' || data === null) return 'the input is not a JSON object.';
  const object = data as Record<string, unknown>;
  if ('record' in object) {
    return {
      record: object.record,
      ...(typeof object.seedHash === 'string' ? { seedHash: object.seedHash } : {}),
      ...('outcome' in object ? { outcome: object.outcome as GameToCheck['outcome'] } : {}),
    };
  }
  if ('options' in object && 'actions' in object) return { record: object };
  return 'the input is neither a record { format, options, actions } nor a record answer { record, seedHash }.';
}

/** The record endpoint of a game address: /play/<id>, /api/games/<id> or /api/games/<id>/record. */
export function recordUrlOf(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const match = /^\/(?:play|api\/games)\/([A-Za-z0-9_-]{6,40})(?:\/record)?\/?$/.exec(url.pathname);
  return match === null ? null : `${url.origin}/api/games/${match[1]}/record`;
}

async function load(source: string): Promise<unknown> {
  const recordUrl = recordUrlOf(source);
  if (recordUrl !== null) {
    const response = await fetch(recordUrl);
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    if (!response.ok) {
      const why = typeof body?.message === 'string' ? body.message : `the server answered ${response.status}`;
      throw new Error(`could not fetch the record from ${recordUrl}: ${why}`);
    }
    return body;
  }
  if (/^[a-z]+:\/\//i.test(source)) {
    throw new Error(`'${source}' is not a game address (expected …/play/<game id>).`);
  }
  const text = await readFile(source, 'utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${source} is not JSON.`);
  }
}

/** docs/fairness.md "The verification bundle": what a second implementation needs besides the page. */
export interface VerificationBundle {
  readonly bundle: typeof BUNDLE_FORMAT;
  readonly seedHash: string | null;
  readonly outcome: GameToCheck['outcome'] | null;
  readonly record: unknown;
  /** What each viewer was shown, as the socket's `history` answers: `[{ v, events }]`. */
  readonly events: Readonly<Record<Viewer, readonly HistoryStep[]>>;
}
export const BUNDLE_FORMAT = 'pirates-stratego/verification/1';

function bundleOf(report: FairnessReport, published: Published): VerificationBundle | null {
  const final = report.final;
  if (final === null || final.outcome === null) return null;
  return {
    bundle: BUNDLE_FORMAT,
    seedHash: published.seedHash ?? null,
    outcome: published.outcome ?? final.outcome,
    record: published.record,
    events: {
      red: historyFor(final, 'red'),
      blue: historyFor(final, 'blue'),
      spectator: historyFor(final, 'spectator'),
    },
  };
}

/** The verdict as an exit code (see USAGE): a failed check outweighs an unfinished record. */
export const VERDICT_CODES = { fair: 0, 'not-fair': 1, unfinished: 3 } as const;
type Verdict = keyof typeof VERDICT_CODES;

function verdictOf(report: FairnessReport): Verdict {
  if (!report.fair) return 'not-fair';
  return report.final?.outcome == null ? 'unfinished' : 'fair';
}

let quiet = false;
/**
 * A reader that closes early (`pirates verify … | head`) has read all it wanted: the rest of the output is
 * dropped instead of dying on EPIPE with a stack trace (and exit 1, which would read as "a check failed").
 */
function quietWhenReaderCloses(): void {
  if (quiet) return;
  quiet = true;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

function printReport(report: FairnessReport, fromAnswer: boolean, actions: number): void {
  for (const check of report.checks) {
    process.stdout.write(`${check.ok ? '✓' : '✗'} ${check.name}: ${check.message}\n`);
    if (check.name === 'commitment' && fromAnswer) {
      process.stdout.write(
        '  (that commitment came with the record: compare it with the one you were shown, or pass --seed-hash)\n',
      );
    }
  }
  const shown = report.shown;
  if (shown !== null) {
    const count = (viewer: Viewer) => shown[viewer].reduce((sum, list) => sum + list.length, 0);
    process.stdout.write(
      `  Events each saw in the replay: Red ${count('red')}, Blue ${count('blue')}, a spectator ${count('spectator')} (print them with --events).\n`,
    );
  }
  switch (verdictOf(report)) {
    case 'fair':
      process.stdout.write('Fair: every check passed.\n');
      return;
    case 'not-fair':
      process.stdout.write('NOT FAIR: a check failed.\n');
      return;
    case 'unfinished':
      process.stdout.write(
        [
          `NOT FINISHED: the record stops after ${actions} actions and the game is not over, so this is not the check of a finished game.`,
          `  Checked (above): ${report.checks.map((check) => check.name).join(', ')}, on the ${actions} actions the record holds.`,
          `  Not checked: how the game ends (there is no outcome to compare), nor any chance after action ${actions}.`,
          "  Check the game's record again once it is over.",
          '',
        ].join('\n'),
      );
      return;
  }
}

export const verifyCommand: Command = {
  name: 'verify',
  summary: "Check a finished game's fairness from its record file or address",
  usage: USAGE,
  async run(args) {
    const read = readFlags(
      'verify',
      args,
      {
        'seed-hash': 'string',
        seat: 'string',
        contribution: 'string',
        events: 'string',
        computer: 'string',
        'seed-only': 'boolean',
        json: 'boolean',
        bundle: 'string',
      },
      undefined,
      true,
    );
    if (typeof read === 'number') return read;
    const { values, positionals } = read;
    if (positionals.length !== 1) read.problems.push('give one record file or game address.');
    const seedHash = values['seed-hash'];
    if (seedHash !== undefined && !/^[0-9a-fA-F]{64}$/.test(seedHash))
      read.problems.push('--seed-hash is the 64 hex digits you were shown.');
    if ((values.seat === undefined) !== (values.contribution === undefined))
      read.problems.push('--seat and --contribution go together.');
    const seat = values.seat === undefined ? undefined : read.choice('seat', 'red', ['red', 'blue'] as const);
    const contribution = values.contribution;
    if (contribution !== undefined && !isContribution(contribution))
      read.problems.push('--contribution is 32 to 128 lowercase hex digits.');
    const computer =
      values.computer === undefined ? undefined : read.choice('computer', 'red', ['red', 'blue'] as const);
    const events =
      values.events === undefined
        ? undefined
        : read.choice('events', 'spectator', ['red', 'blue', 'spectator'] as const);
    if (read.problems.length > 0) return read.refuse();
    const mine: { seat: Seat; contribution: string } | undefined =
      seat !== undefined && contribution !== undefined ? { seat, contribution } : undefined;
    const source = positionals[0] ?? '';
    let published: Published;
    try {
      const loaded = publishedOf(await load(source));
      if (typeof loaded === 'string') return fail(loaded);
      published = loaded;
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
    const report = checkGame({
      record: published.record,
      ...(seedHash !== undefined
        ? { seedHash }
        : published.seedHash !== undefined
          ? { seedHash: published.seedHash }
          : {}),
      ...(published.outcome !== undefined ? { outcome: published.outcome } : {}),
      ...(mine !== undefined ? { mine } : {}),
      ...(computer !== undefined ? { computerSeats: [computer] } : {}),
      seedOnly: values['seed-only'] === true,
    });
    quietWhenReaderCloses();
    const verdict = verdictOf(report);
    if (values.json === true) {
      const finished = report.final?.outcome != null;
      process.stdout.write(
        `${JSON.stringify({ verdict, fair: report.fair, finished, checks: report.checks })}\n`,
      );
    } else {
      const actions = Array.isArray((published.record as { actions?: unknown }).actions)
        ? (published.record as { actions: unknown[] }).actions.length
        : 0;
      printReport(report, seedHash === undefined && published.seedHash !== undefined, actions);
    }
    if (events !== undefined && report.shown !== null) {
      for (const [index, list] of report.shown[events].entries()) {
        for (const event of list) process.stdout.write(`${JSON.stringify({ action: index, event })}\n`);
      }
    }
    const bundlePath = values.bundle;
    if (bundlePath !== undefined) {
      const bundle = bundleOf(report, published);
      if (bundle === null) {
        process.stderr.write(
          `pirates verify: no bundle written: ${report.final === null ? 'the record does not replay' : 'the game is not over, and a bundle is only for a finished game'}.\n`,
        );
      } else {
        try {
          await writeFile(bundlePath, `${JSON.stringify(bundle)}\n`);
        } catch (error) {
          return fail(
            `could not write ${bundlePath}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
    }
    return VERDICT_CODES[verdict];
  },
};
