/**
 * An external bot: a program started from a shell command that plays by the bot protocol
 * (src/protocol/bot-lines.ts, docs/bots.md): one JSON line in on stdin per decision, one line out on stdout.
 * One process per game and seat. A bot that does not answer in time, or whose process ends, fails the
 * question as a value (`timeout`, `crash`) rather than an exception; what it wrote on stderr last is kept
 * for the sentence. Its whole process group is ended when the game is, so a shell's children go too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export type Asked =
  | { readonly ok: true; readonly answer: string }
  | { readonly ok: false; readonly kind: 'timeout' | 'crash'; readonly message: string };

export interface ExternalBotOptions {
  /** Where the command runs (default: this process's directory). */
  readonly cwd?: string;
}

/** How many of the bot's last stderr lines a crash's sentence quotes. */
const STDERR_KEPT = 5;
/** How long a bot may take to leave after its stdin closes before it is killed. */
const LEAVE_MS = 1000;

export class ExternalBot {
  readonly command: string;
  readonly #child: ChildProcess;
  readonly #stderr: string[] = [];
  #waiting: ((asked: Asked) => void) | null = null;
  #ended: string | null = null;
  readonly #exited: Promise<void>;

  constructor(command: string, options: ExternalBotOptions = {}) {
    this.command = command;
    this.#child = spawn(command, {
      shell: true,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    });
    this.#exited = new Promise((resolve) => {
      this.#child.once('close', (code, signal) => {
        this.#ended = signal === null ? `it exited with code ${code}` : `it was stopped by ${signal}`;
        this.#answer({ ok: false, kind: 'crash', message: this.#crashSentence() });
        resolve();
      });
    });
    this.#child.once('error', (error) => {
      this.#ended = `it could not be started (${error.message})`;
      this.#answer({ ok: false, kind: 'crash', message: this.#crashSentence() });
    });
    // A bot that has died before reading its line makes the write fail: the exit says why.
    this.#child.stdin?.on('error', () => {});
    if (this.#child.stdout !== null) {
      createInterface({ input: this.#child.stdout }).on('line', (line) => {
        // Only the first line after a question is its answer; anything else is dropped.
        this.#answer({ ok: true, answer: line });
      });
    }
    if (this.#child.stderr !== null) {
      createInterface({ input: this.#child.stderr }).on('line', (line) => {
        this.#stderr.push(line);
        if (this.#stderr.length > STDERR_KEPT) this.#stderr.shift();
      });
    }
  }

  /** Writes one line and waits for the answer line, at most `deadlineMs`. */
  ask(line: unknown, deadlineMs: number): Promise<Asked> {
    if (this.#ended !== null) {
      return Promise.resolve({ ok: false, kind: 'crash', message: this.#crashSentence() });
    }
    return new Promise<Asked>((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting = null;
        resolve({ ok: false, kind: 'timeout', message: `it did not answer within ${deadlineMs} ms` });
      }, deadlineMs);
      this.#waiting = (asked) => {
        clearTimeout(timer);
        resolve(asked);
      };
      this.#child.stdin?.write(`${JSON.stringify(line)}\n`);
    });
  }

  /** Writes one line that wants no answer (the game's end). */
  tell(line: unknown): void {
    if (this.#ended === null) this.#child.stdin?.write(`${JSON.stringify(line)}\n`);
  }

  /** Closes its stdin, gives it a moment to leave, then ends its process group. */
  async close(): Promise<void> {
    this.#child.stdin?.end();
    if (this.#ended === null) {
      const left = await Promise.race([
        this.#exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), LEAVE_MS).unref()),
      ]);
      if (!left) this.#kill();
    }
    // A shell's children may outlive the shell: end the group either way.
    this.#kill();
  }

  #kill(): void {
    const pid = this.#child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }

  #answer(asked: Asked): void {
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.(asked);
  }

  #crashSentence(): string {
    const said = this.#stderr.length > 0 ? `; its last words on stderr: ${this.#stderr.join(' | ')}` : '';
    return `${this.#ended ?? 'it stopped'}${said}`;
  }
}
