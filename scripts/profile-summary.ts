/**
 * Where a server process's time went, from a V8 CPU profile (`node --cpu-prof`, e.g. the benchmark's
 * `BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'`): each sample goes to the first part of an
 * action's path, in PARTS' order, that has a frame on its stack (so the socket writes made inside an update
 * count as writes, not as the update), and each part is printed as a share of the busy samples (idle left out).
 * A measurement, not a test (docs/deploy.md, "Where an action's CPU goes"):
 *   npx tsx scripts/profile-summary.ts /tmp/prof/CPU.*.cpuprofile [--top 30] [--from S] [--to S] [--timeline]
 * A profile covers the process's whole life (start-up, games made, the benchmark's ramp-up): `--from`/`--to`
 * keep only the samples taken that many seconds after the profile began (the benchmark's measured window, found
 * with `--timeline`, which prints each second's busy share), so the steady state is what is summarised.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
  readonly startTime: number;
}

/** A part of the path: its name, and whether a frame belongs to it. Looked for in this order. */
const PARTS: readonly { readonly part: string; readonly has: (frame: CallFrame) => boolean }[] = [
  { part: 'garbage collection', has: (f) => f.functionName === '(garbage collector)' },
  {
    part: 'socket writes (ws frames, streams, the write system calls)',
    has: (f) => /\/ws\/lib\/sender\.js$/.test(f.url) || f.functionName === 'writev',
  },
  {
    part: 'the store (SQLite statements and commits, PostgreSQL client)',
    has: (f) =>
      /\/server\/store\//.test(f.url) || /node_modules\/(better-sqlite3|pg|pg-protocol)\//.test(f.url),
  },
  {
    part: 'Redis (hints, presence)',
    has: (f) => /node_modules\/(ioredis|@ioredis)\/|\/server\/fanout\/redis/.test(f.url),
  },
  { part: 'the engine (judging and applying the action)', has: (f) => f.functionName === 'applyAction' },
  {
    part: "each viewer's update view (viewFor, its text, digest, patch)",
    has: (f) => f.functionName === 'updateViewOf' || f.functionName === 'viewFor',
  },
  { part: "updates' messages (events, JSON)", has: (f) => f.functionName === '#notice' },
  { part: 'presence (who is here, timers)', has: (f) => /\/server\/rooms\/presence\.ts$/.test(f.url) },
  {
    part: 'reading messages (ws frames, JSON.parse, zod)',
    has: (f) => /\/ws\/lib\/receiver\.js$/.test(f.url) || /\/server\/socket\/session\.ts$/.test(f.url),
  },
  {
    part: 'HTTP (creating games, sockets opening)',
    has: (f) => /node_modules\/(fastify|@fastify|find-my-way|light-my-request)\/|node:_http/.test(f.url),
  },
  { part: 'logging', has: (f) => /node_modules\/(pino|sonic-boom|@pinojs)/.test(f.url) },
  {
    part: 'start-up (loading modules)',
    has: (f) => /node:internal\/modules|node_modules\/tsx\//.test(f.url),
  },
  { part: 'the rest of the rooms and the room registry', has: (f) => /\/server\/rooms\//.test(f.url) },
];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '0' },
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: 'Infinity' },
    timeline: { type: 'boolean', default: false },
  },
});
const from = Number(values.from) * 1e6;
const to = Number(values.to) * 1e6;

for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const timeOf = new Map<number, number>();
  /** Busy and idle microseconds in each second since the profile began (for --timeline). */
  const seconds: { busy: number; idle: number }[] = [];
  let at = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    const index = Math.floor(at / 1e6);
    const second = seconds[index] ?? { busy: 0, idle: 0 };
    seconds[index] = second;
    if (byId.get(id)?.callFrame.functionName === '(idle)') second.idle += delta;
    else second.busy += delta;
    if (at < from || at >= to) return;
    timeOf.set(id, (timeOf.get(id) ?? 0) + delta);
  });
  const parts = new Map<string, number>();
  const selfOf = new Map<string, number>();
  let busy = 0;
  for (const [id, time] of timeOf) {
    const leaf = byId.get(id);
    if (leaf === undefined || leaf.callFrame.functionName === '(idle)') continue;
    busy += time;
    const where = `${leaf.callFrame.functionName || '(anonymous)'} ${leaf.callFrame.url.replace(/^.*\/(src|node_modules)\//, '$1/')}`;
    selfOf.set(where, (selfOf.get(where) ?? 0) + time);
    const stack: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (node !== undefined) stack.push(node.callFrame);
    }
    const found = PARTS.find(({ has }) => stack.some(has))?.part ?? 'other';
    parts.set(found, (parts.get(found) ?? 0) + time);
  }
  const share = (time: number) => `${((100 * time) / busy).toFixed(1)}%`.padStart(6);
  if (values.timeline) {
    seconds.forEach((second, i) => {
      const share = (100 * second.busy) / Math.max(1, second.busy + second.idle);
      process.stdout.write(`  second ${String(i).padStart(3)}: ${share.toFixed(0).padStart(3)}% busy\n`);
    });
  }
  const window = Number.isFinite(to) || from > 0 ? ` (from ${values.from} s to ${values.to} s)` : '';
  process.stdout.write(`${file}${window}: ${(busy / 1e6).toFixed(2)} s busy\n`);
  for (const [part, time] of [...parts].sort((a, b) => b[1] - a[1]))
    process.stdout.write(`${share(time)}  ${part}\n`);
  const top = Number(values.top);
  if (top > 0) {
    process.stdout.write('  functions by their own time:\n');
    for (const [where, time] of [...selfOf].sort((a, b) => b[1] - a[1]).slice(0, top))
      process.stdout.write(`  ${share(time)}  ${where}\n`);
  }
}
