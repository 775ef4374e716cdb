/** Issue 19 on the page: how the clocks and a seek read, and the running clock counted down between messages. */
import { describe, expect, it } from 'vitest';
import { CLOCKS } from '../../src/web/online/lobby.ts';
import { clockWords, leftNow } from '../../src/web/ui/Clocks.tsx';
import { clockControlWords, seekWords } from '../../src/web/ui/FindOpponent.tsx';

describe('the lobby and the clocks, in words', () => {
  it('clocks read as minutes and seconds, tenths at the end, hours and days for daily games', () => {
    expect(clockWords(281_000)).toBe('4:41');
    expect(clockWords(60_000)).toBe('1:00');
    expect(clockWords(7_349)).toBe('0:07.3');
    expect(clockWords(-5)).toBe('0:00.0');
    expect(clockWords(3 * 3600_000 + 5 * 60_000)).toBe('3 h 05 min');
    expect(clockWords(26 * 3600_000)).toBe('1 d 02 h');
  });

  it('only the running clock counts down from what the server said, by the page clock', () => {
    const clock = {
      view: {
        control: { kind: 'live', minutes: 5, increment: 5 } as const,
        left: { red: 100_000, blue: 50_000 },
        running: 'red' as const,
      },
      at: 1_000,
    };
    expect(leftNow(clock, 'red', 4_000)).toBe(97_000);
    expect(leftNow(clock, 'blue', 4_000)).toBe(50_000);
    // The page's last tick came before the message: the clock shows what the server said, never more
    // (a 15 s clock once read 0:16 in a browser test).
    expect(leftNow(clock, 'red', 400)).toBe(100_000);
  });

  it('a seek says its rules, cannon and clock', () => {
    expect(seekWords({ variant: 'standard', shots: 'quick', clock: CLOCKS.none })).toBe(
      'Standard rules, quick shots, no clock',
    );
    expect(seekWords({ variant: 'any', shots: 'any', clock: CLOCKS.daily })).toBe(
      'Any rules, any cannon, 1 day a turn',
    );
    expect(seekWords({ variant: 'advanced', shots: 'aimed', clock: CLOCKS.live })).toBe(
      'Advanced rules, aimed shots, 5 min + 5 s',
    );
  });

  it('a seek placed through the API with a clock the card does not offer is listed with that clock', () => {
    const live = { kind: 'live', minutes: 1.5, increment: 2 } as const;
    expect(seekWords({ variant: 'standard', shots: 'aimed', clock: live })).toBe(
      'Standard rules, aimed shots, 1.5 min + 2 s',
    );
    expect(clockControlWords({ kind: 'daily', days: 3 })).toBe('3 days a turn');
    expect(clockControlWords({ kind: 'live', minutes: 15, increment: 0 })).toBe('15 min + 0 s');
  });
});
