/**
 * Accounts that travel (accounts-suite.ts) on two servers sharing PostgreSQL and Redis: every passkey
 * ceremony and link code begun on one and finished on the other, sign-outs seen by both.
 */
import { afterAll } from 'vitest';
import { ACCOUNTS_CONFIG, accountsSuite } from '../server/accounts-suite.ts';
import { startTestServer } from '../server/harness.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('accounts-pg');
const isolated = isolation('accounts');
afterAll(() => (skip ? undefined : isolated.drop()));

if (!skip)
  accountsSuite('accounts that travel, on two processes (PostgreSQL, Redis)', async () => {
    const a = await startTestServer({ ...isolated.config, ...ACCOUNTS_CONFIG });
    const b = await startTestServer({ ...isolated.config, ...ACCOUNTS_CONFIG });
    return [a, b] as const;
  });
