/** What every subcommand of `pirates` provides. */
export interface Command {
  /** The word typed after `pirates`, e.g. 'tournament'. */
  readonly name: string;
  /** One line for `pirates --help`. */
  readonly summary: string;
  /** The full option list for `pirates <name> --help`. */
  readonly usage: string;
  /** Runs the command; resolves to the process exit code. */
  run(args: readonly string[]): Promise<number>;
}
