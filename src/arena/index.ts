/**
 * The arena (Node only): external bots that speak the bot protocol (docs/bots.md) and tournaments on every
 * core. The package exports it as `pirates-stratego/arena`.
 */
export { externalCommand, refusedName } from './contestants.ts';
export { type Asked, ExternalBot, type ExternalBotOptions } from './external-bot.ts';
export { type ArenaFitOptions, type ArenaSetupFitOptions, fitOnCores, fitSetupOnCores } from './fit.ts';
export { type ArenaGameOptions, playArenaGame } from './play-game.ts';
export { type Decided, type ProgramGame, ProgramPlayer, ProgramPlayers } from './program-player.ts';
export {
  type ArenaTournamentOptions,
  DEFAULT_DEADLINE_MS,
  defaultWorkers,
  runArenaTournament,
} from './tournament.ts';
