/**
 * The systemd unit shipped in deploy/ (docs/deploy.md, "Production install") as systemd itself reads it:
 * `systemd-analyze verify` parses every setting and checks that the program it starts exists, so a
 * misspelt setting or a wrong path fails here rather than on an operator's machine. The unit starts the
 * production install's bin/pirates.js, which test/package/production.test.ts runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const UNIT = new URL('../../deploy/pirates@.service', import.meta.url).pathname;

function verify(text: string): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pirates-unit-'));
  try {
    // An instance of the template, as `systemctl start pirates@3000` names it.
    const file = join(dir, 'pirates@3000.service');
    writeFileSync(file, text);
    const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('deploy/pirates@.service', () => {
  it('is a unit systemd accepts as it is, starting the production install with its port', () => {
    const text = readFileSync(UNIT, 'utf8');
    expect(verify(text)).toEqual({ status: 0, output: '' });
    expect(text).toMatch(/^ExecStart=\/usr\/bin\/node \/opt\/pirates\/bin\/pirates\.js serve$/m);
    expect(text).toMatch(/^Environment=PORT=%i DATABASE_PATH=\/var\/lib\/pirates\/pirates\.sqlite$/m);
    expect(text).toMatch(/^KillSignal=SIGTERM$/m);
  });

  it('is checked for real: a misspelt setting or a missing program is reported', () => {
    const text = readFileSync(UNIT, 'utf8');
    const wrong = verify(text.replace('KillSignal=SIGTERM', 'KillSignal=SIGTERMINATE'));
    expect(wrong.output).toContain('SIGTERMINATE');
    const missing = verify(text.replace('/usr/bin/node ', '/usr/bin/no-such-node '));
    expect(missing.status).not.toBe(0);
    expect(missing.output).toContain('no-such-node');
  });
});
