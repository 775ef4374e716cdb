/**
 * The game server's parts (Fastify, the stores, pg, Redis) load only when a command runs them. The package a
 * bot author installs holds the library and this command without the server's libraries: its `serve` and
 * `bench-server` say so in a sentence instead of failing at start-up with a stack trace.
 */
export async function loadServerPart<T>(command: string, load: () => Promise<T>): Promise<T | number> {
  try {
    return await load();
  } catch (error) {
    const missing = /Cannot find package '([^']+)'/.exec(String((error as Error).message))?.[1];
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND' || missing === undefined) throw error;
    process.stderr.write(
      `pirates ${command}: this install lacks the game server's libraries ('${missing}' is not installed). ` +
        'The pirates-stratego package holds the library and the pirates command for bots (tournament, ' +
        'cannon, verify, bench, fit-evaluation, fit-setup); the server runs from a clone of the repository or from its ' +
        'production build (its docs/deploy.md, "Production install").\n',
    );
    return 1;
  }
}
