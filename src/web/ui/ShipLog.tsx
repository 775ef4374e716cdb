/**
 * The ship's log: every event of the game, each line a button that looks back at the table then. One tab stop
 * for the whole log (a roving focus, as in a WAI-ARIA listbox or toolbar): the arrow keys, Home and End move
 * between lines, so a keyboard player tabbing to the choices of a decision never walks through a long game's
 * history (issue 32, item 4: it took up to 106 presses).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n/i18n.ts';
import type { LogLine } from '../state.ts';

/** The line a key moves to from `at` in a log of `count` lines, or null for a key that is not the log's. */
function lineAfterKey(key: string, at: number, count: number): number | null {
  switch (key) {
    case 'ArrowUp':
    case 'ArrowLeft':
      return Math.max(0, at - 1);
    case 'ArrowDown':
    case 'ArrowRight':
      return Math.min(count - 1, at + 1);
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return count - 1;
    default:
      return null;
  }
}

export function ShipLog(props: { lines: readonly LogLine[]; onLine: (line: LogLine) => void }) {
  const ref = useRef<HTMLOListElement>(null);
  // The line that holds the log's one tab stop (its id): the newest unless the player moved to another.
  const [current, setCurrent] = useState<number | null>(null);
  useEffect(() => {
    const list = ref.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [props.lines.length]);
  const lines = props.lines;
  const found = lines.findIndex((line) => line.id === current);
  const at = found === -1 ? lines.length - 1 : found;
  return (
    <section class="log" aria-labelledby="log-title">
      <h2 id="log-title">{t('game.log')}</h2>
      <p class="hint" id="log-hint">
        {t('game.logHint')} {t('game.logKeys')}
      </p>
      <ol
        ref={ref}
        aria-live="polite"
        aria-describedby="log-hint"
        onKeyDown={(e) => {
          const next = lineAfterKey(e.key, at, lines.length);
          const line = next === null ? undefined : lines[next];
          if (line === undefined) return;
          e.preventDefault();
          setCurrent(line.id);
          ref.current?.querySelectorAll<HTMLButtonElement>('button.log-line')[next ?? at]?.focus();
        }}
      >
        {lines.map((line, i) => (
          <li key={line.id} class={line.seat === null ? '' : `seat-${line.seat}`}>
            <button
              type="button"
              class="log-line"
              tabIndex={i === at ? 0 : -1}
              title={t('game.logLine')}
              data-v={line.v}
              onFocus={() => setCurrent(line.id)}
              onClick={() => props.onLine(line)}
            >
              {line.text}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
