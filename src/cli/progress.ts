/**
 * A progress bar on stderr with a time estimate, for the long commands (tournament, fit-evaluation). Only
 * when stderr is a terminal and the output is not --json: piped or machine-read output gets no bar, and no
 * carriage returns in a log file.
 */
export interface Progress {
  /** `done` of `total` finished. */
  tick(done: number, total: number): void;
  /** Writes a line of news on stderr (always), above the bar when there is one. */
  note(line: string): void;
  /** Ends the bar's line (nothing when there was no bar). */
  end(): void;
}

const WIDTH = 30;

export function progressBar(
  options: { readonly json?: boolean | undefined; readonly unit: string },
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  if (options.json === true || stream.isTTY !== true) {
    return { tick() {}, note: (line) => stream.write(`${line}\n`), end() {} };
  }
  const began = Date.now();
  let drawn = false;
  return {
    tick(done, total) {
      drawn = true;
      stream.write(`\r${barLine(done, total, Date.now() - began, options.unit)}`);
    },
    note(line) {
      // Clear the bar's line, write the news, and let the next tick draw the bar again below it.
      stream.write(`${drawn ? '\r\x1b[2K' : ''}${line}\n`);
    },
    end() {
      if (drawn) stream.write('\n');
    },
  };
}

/** e.g. "[###############...............] 12/24 games, 30 s, about 30 s left". */
export function barLine(done: number, total: number, elapsedMs: number, unit: string): string {
  const filled = total > 0 ? Math.round((done / total) * WIDTH) : WIDTH;
  const left =
    done > 0 && done < total ? `, about ${duration((elapsedMs / done) * (total - done))} left` : '';
  return `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${total} ${unit}, ${duration(elapsedMs)}${left}`;
}

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
