/** `pirates serve`: the game server. Until the server issue lands it says what it will become. */
import type { Command } from './command.ts';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Run the game server and web page (http://localhost:3000)',
  usage: 'Usage: pirates serve\n\nRuns the game server with the web page on PORT (default 3000).',
  async run() {
    process.stdout.write(
      'The game server is not built yet: `npm start` will serve the game on http://localhost:3000 once it is.\n',
    );
    return 0;
  },
};
