/**
 * The clocks of a timed online game in the game bar: each seat's time, the running one counting down from
 * what the server last said (the server keeps the time; the page only draws it between messages).
 */
import { useEffect, useState } from 'preact/hooks';
import { SEATS, type Seat } from '../../engine/index.ts';
import { SEAT_NAMES } from '../game/names.ts';
import { t } from '../i18n/i18n.ts';
import type { OnlineStatus } from '../state.ts';

/** 281000 -> '4:41'; under 10 s, tenths ('0:07.3'); a day or more, '1 d 02 h'; an hour or more, '3 h 05 min'. */
export function clockWords(ms: number): string {
  const left = Math.max(0, ms);
  const seconds = Math.floor(left / 1000);
  if (seconds >= 86_400)
    return t('online.days', {
      d: Math.floor(seconds / 86_400),
      h: String(Math.floor((seconds % 86_400) / 3600)).padStart(2, '0'),
    });
  if (seconds >= 3600)
    return t('online.hours', {
      h: Math.floor(seconds / 3600),
      m: String(Math.floor((seconds % 3600) / 60)).padStart(2, '0'),
    });
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return left < 10_000 ? `${clock}.${Math.floor((left % 1000) / 100)}` : clock;
}

/** The time left of `seat` now, by this page's clock, from what the server last said. */
export function leftNow(clock: NonNullable<OnlineStatus['clock']>, seat: Seat, now: number): number {
  const told = clock.view.left[seat];
  // `now` may be older than the message (the page's tick last ran before it came): never count up.
  return clock.view.running === seat ? told - Math.max(0, now - clock.at) : told;
}

export function Clocks(props: { clock: NonNullable<OnlineStatus['clock']>; over: boolean }) {
  const { clock, over } = props;
  const [now, setNow] = useState(() => Date.now());
  const running = over ? null : clock.view.running;
  useEffect(() => {
    if (running === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(timer);
  }, [running]);
  return (
    <span class="clocks" data-clocks="">
      {SEATS.map((seat) => (
        <span key={seat} class={`clock seat-${seat}${running === seat ? ' running' : ''}`} data-clock={seat}>
          {SEAT_NAMES[seat]}{' '}
          {clockWords(running === seat ? leftNow(clock, seat, now) : clock.view.left[seat])}
        </span>
      ))}
    </span>
  );
}
