/**
 * The lobby with identities and its rated games (rated-lobby-suite.ts) on two servers sharing PostgreSQL and
 * Redis: each pairing's first seeker and socket on one, the second's on the other.
 */
import { afterAll } from 'vitest';
import { startTestServer } from '../server/harness.ts';
import { RATED_LOBBY_CONFIG, ratedLobbySuite } from '../server/rated-lobby-suite.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('rated-lobby-pg');
const isolated = isolation('ratedlobby');
afterAll(() => (skip ? undefined : isolated.drop()));

if (!skip)
  ratedLobbySuite(
    'the lobby with identities, and its rated games, on two processes (PostgreSQL, Redis)',
    async () => {
      const a = await startTestServer({ ...isolated.config, ...RATED_LOBBY_CONFIG });
      const b = await startTestServer({ ...isolated.config, ...RATED_LOBBY_CONFIG });
      return [a, b] as const;
    },
  );
