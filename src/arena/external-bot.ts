/**
 * An external bot: a program started from a shell command that plays by the bot protocol
 * (src/protocol/bot-lines.ts, docs/bots.md): one JSON line in on stdin per decision, one line out on stdout.
 * One process per game and seat. A bot that does not answer in time, or whose process ends, fails the
 * question as a value (`timeout`, `crash`) rather than an exception; what it wrote on stderr last is kept
 * for the sentence. Its whole process group is ended when the game is, so a shell's children go too.
 * Start-up has its own limit: a program may say `ready` before it is asked anything, and its first decision's
 * clock starts then; one that never says it (an old bot) has the start-up limit added to its first decision.
 * The ready line also says which protocol the program speaks (`hello`): when it asks for protocol 2 while a
 * protocol-1 question waits, that question is answered `protocol`, to be asked again in protocol 2.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { type Hello, readReady } from '../protocol/bot-lines-2.ts';

export type Asked =
  | { readonly ok: true; readonly answer: string }
  | { readonly ok: false; readonly kind: 'timeout' | 'crash'; readonly message: string }
  /** The program's ready line asked for another protocol than the question's (see `hello`): ask again. */
  | { readonly ok: false; readonly kind: 'protocol'; readonly message: string };

export interface ExternalBotOptions {
  /** Where the command runs (default: this process's directory). */
  readonly cwd?: string;
  /**
   * The program's whole environment (default: this process's). A plain record, not `NodeJS.ProcessEnv`: the
   * package's .d.ts files must type-check for a program without Node's types.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Milliseconds the program has from its start to say `ready` (default STARTUP_MS). */
  readonly startupMs?: number;
}

/** The default start-up limit: a Python through a version shim, or one importing numpy or torch, needs seconds. */
export const STARTUP_MS = 30_000;

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
  readonly #startedAt = performance.now();
  readonly #startupMs: number;
  /** True once the program said `ready` or answered: from then on only the decision's own time counts. */
  #started = false;
  /** Re-arms the waiting question's timer when the program says `ready` while it is asked. */
  #onReady: (() => void) | null = null;
  /**
   * What its ready line asked for: protocol 1 until it says otherwise (an old program never says `ready`),
   * or the sentence saying why this host cannot play what it asked for.
   */
  #hello: { readonly ok: true; readonly value: Hello } | { readonly ok: false; readonly message: string } = {
    ok: true,
    value: { protocol: 1 },
  };

  constructor(command: string, options: ExternalBotOptions = {}) {
    this.command = command;
    this.#startupMs = options.startupMs ?? STARTUP_MS;
    this.#child = spawn(command, {
      shell: true,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      ...(options.env === undefined ? {} : { env: options.env }),
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
        if (!this.#started) {
          this.#started = true;
          const ready = readReady(line);
          if (ready !== null) {
            this.#hello = ready.ok ? ready : { ok: false, message: ready.error.message };
            if (!ready.ok || ready.value.protocol !== 1) {
              this.#answer({ ok: false, kind: 'protocol', message: 'it asked for another protocol' });
            } else this.#onReady?.();
            return;
          }
        }
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

  /**
   * Writes one line and waits for the answer line, at most `deadlineMs`; while the program has not yet said
   * `ready` nor answered, what is left of its start-up limit is added (and `ready` starts the `deadlineMs`).
   */
  ask(line: unknown, deadlineMs: number): Promise<Asked> {
    if (this.#ended !== null) {
      return Promise.resolve({ ok: false, kind: 'crash', message: this.#crashSentence() });
    }
    return new Promise<Asked>((resolve) => {
      const startupLeft = this.#started
        ? 0
        : Math.max(0, this.#startupMs - (performance.now() - this.#startedAt));
      const late = (message: string) => () => {
        this.#waiting = null;
        this.#onReady = null;
        resolve({ ok: false, kind: 'timeout', message });
      };
      let timer = setTimeout(
        late(
          !this.#started
            ? `it neither said ready nor answered within its start-up limit (${this.#startupMs} ms) and ${deadlineMs} ms`
            : `it did not answer within ${deadlineMs} ms`,
        ),
        startupLeft + deadlineMs,
      );
      if (!this.#started) {
        // Ready within its start-up limit: the decision's own time starts now (never later than it would have).
        this.#onReady = () => {
          this.#onReady = null;
          clearTimeout(timer);
          const left = Math.min(
            deadlineMs,
            this.#startupMs + deadlineMs - (performance.now() - this.#startedAt),
          );
          timer = setTimeout(
            late(`it said ready but did not answer within ${deadlineMs} ms`),
            Math.max(0, left),
          );
        };
      }
      this.#waiting = (asked) => {
        this.#onReady = null;
        clearTimeout(timer);
        resolve(asked);
      };
      this.#child.stdin?.write(`${JSON.stringify(line)}\n`);
    });
  }

  /** What its ready line asked for so far (protocol 1 before it says, and for ever if it never does). */
  get hello():
    | { readonly ok: true; readonly value: Hello }
    | { readonly ok: false; readonly message: string } {
    return this.#hello;
  }

  /** Whether its process has ended (a crash, an exit, or `close`). */
  get ended(): boolean {
    return this.#ended !== null;
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

/** The line a program may write before anything else to say it has started: `ready`, or `{"type":"ready"}`. */
export function isReadyLine(line: string): boolean {
  return readReady(line) !== null;
}
