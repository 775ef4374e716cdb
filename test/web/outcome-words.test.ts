/**
 * The end panel's sentence tells how a game given up was given up: by the player, by a flag on time, or by the
 * away claim (the engine's outcome says which; its English message is not what the page shows).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { outcomeWords } from '../../src/web/game/describe.ts';
import { setLanguage } from '../../src/web/i18n/i18n.ts';
import { act, position } from '../engine/positions.ts';

const resignedBy = (action: { type: 'resign'; time?: true; away?: true }) => {
  const p = position({ mover: 'red', red: { deck: ['whip', 'captain'] }, card: 'plank' });
  const { outcome } = act(p.state, 'red', action).state;
  if (outcome === null) throw new Error('the game did not end');
  return outcome;
};

describe('the end of a game given up, in words', () => {
  beforeAll(async () => {
    await setLanguage('en');
  });

  it('says whether the player gave up, ran out of time or was away', () => {
    expect(outcomeWords(resignedBy({ type: 'resign' }))).toBe('Red gave up: Blue wins.');
    expect(outcomeWords(resignedBy({ type: 'resign', time: true }))).toBe('Red ran out of time: Blue wins.');
    expect(outcomeWords(resignedBy({ type: 'resign', away: true }))).toBe(
      'Red was away too long: Blue claimed the win.',
    );
  });

  it('in Dutch too', async () => {
    await setLanguage('nl');
    expect(outcomeWords(resignedBy({ type: 'resign', time: true }))).toBe(
      'Rood heeft geen tijd meer: Blauw wint.',
    );
    await setLanguage('en');
  });
});
