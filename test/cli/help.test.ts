import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFlags } from '../../src/cli/flags.ts';
import { main, usage } from '../../src/cli/main.ts';
import { pathsHere, withFlags } from '../../src/cli/serve.ts';
import { configFromEnv } from '../../src/server/config.ts';

describe('pirates command', () => {
  it('lists its commands in --help', () => {
    expect(usage()).toContain('Usage: pirates <command>');
    expect(usage()).toContain('serve');
  });

  it('refuses an unknown command with exit code 2', async () => {
    const writes: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      writes.push(chunk);
      return true;
    }) as typeof process.stderr.write;
    try {
      expect(await main(['no-such-command'])).toBe(2);
    } finally {
      process.stderr.write = original;
    }
    expect(writes.join('')).toContain("unknown command 'no-such-command'");
  });
});

/** Runs `pirates ...` in-process and returns the exit code with what it wrote. */
async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const original = {
    out: process.stdout.write.bind(process.stdout),
    err: process.stderr.write.bind(process.stderr),
  };
  process.stdout.write = ((chunk: string) => out.push(chunk) > 0) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => err.push(chunk) > 0) as typeof process.stderr.write;
  try {
    return { code: await main(args), out: out.join(''), err: err.join('') };
  } finally {
    process.stdout.write = original.out;
    process.stderr.write = original.err;
  }
}

describe('pirates habits', () => {
  it('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(await run(['--version'])).toEqual({ code: 0, out: `${version}\n`, err: '' });
  });

  it('help <command> prints the command usage; an unknown one is refused with exit 2', async () => {
    const help = await run(['help', 'tournament']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: pirates tournament');
    expect(help.out).toBe((await run(['tournament', '--help'])).out);
    const unknown = await run(['help', 'sail']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("no command 'sail'");
  });

  it('serve refuses an unknown flag and a bad value with exit 2, before starting anything', async () => {
    const unknown = await run(['serve', '--prot', '3000']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Unknown option '--prot'");
    const bad = await run(['serve', '--port', 'eighty', '--bot', 'My Bot=python3 x.py', '--bot', 'ok=']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--port must be a whole number from 0 to 65535, not 'eighty'");
    expect(bad.err).toContain("not 'My Bot=python3 x.py'");
    expect(bad.err).toContain("not 'ok='");
  });
});

describe('serve flags beat the environment', () => {
  it('--port, --host, --database (a file or a postgres URL) and --bot', () => {
    const env = configFromEnv({ PORT: '4000', HOST: '127.0.0.1', DATABASE_PATH: '/tmp/env.sqlite' });
    const read = (args: string[]) => {
      const reader = readFlags('serve', args, {
        port: 'string',
        host: 'string',
        database: 'string',
        bot: 'strings',
      });
      if (typeof reader === 'number') throw new Error('refused');
      return { config: withFlags(env, reader), problems: reader.problems };
    };
    expect(read([]).config).toMatchObject({ port: 4000, host: '127.0.0.1', databasePath: '/tmp/env.sqlite' });
    const flagged = read([
      '--port',
      '0',
      '--host',
      '::1',
      '--database',
      '/tmp/flag.sqlite',
      '--bot',
      'mybot=python3 mybot.py',
      '--bot',
      'hard=node examples/bot.mjs',
    ]);
    expect(flagged.problems).toEqual([]);
    expect(flagged.config).toMatchObject({
      port: 0,
      host: '::1',
      databasePath: '/tmp/flag.sqlite',
      databaseUrl: null,
      externalBots: { mybot: 'python3 mybot.py', hard: 'node examples/bot.mjs' },
    });
    expect(read(['--database', 'postgres://u@db/games']).config.databaseUrl).toBe('postgres://u@db/games');
    // A program runs in a scratch folder: serve warns of the paths of its command that are relative to here.
    const here = new URL('../../', import.meta.url).pathname;
    expect(pathsHere('node examples/bot.mjs --fast', here)).toEqual(['examples/bot.mjs']);
    expect(pathsHere(`node ${here}examples/bot.mjs`, here)).toEqual([]);
    expect(pathsHere('python3 mybot.py', here)).toEqual([]);
  });
});
