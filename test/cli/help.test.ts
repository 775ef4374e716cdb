import { describe, expect, it } from 'vitest';
import { main, usage } from '../../src/cli/main.ts';

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
