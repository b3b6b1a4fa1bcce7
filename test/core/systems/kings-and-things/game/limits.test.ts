/**
 * Sizes and the state limit: a battle too big for the limit is refused at once with the
 * number of states, before anything is built; fixed policies need far fewer compositions.
 */
import { describe, expect, it } from 'vitest';
import {
  gameSize,
  namedControl,
  solveGame,
  DEFAULT_MAX_STATES,
} from '../../../../../src/core/systems/kings-and-things/game/index.js';
import { battleOf } from './fixtures.js';
import { work } from '../../../../helpers/work.js';

describe('state counts and the limit', () => {
  const big = battleOf(
    'A:1, B:2, C:3, D:4, E:5, F:2R, G:3R, H:2*, I:3*, J:3C',
    'P:1, Q:2, R:3, S:2R, T:3*, U:4C, V:4R, W:1*, X:5, Y:2C, Castle',
  );

  it('counts compositions as products of (count + 1) and (building value + 1)', () => {
    const size = gameSize(big);
    expect(size.attackerCompositions).toBe(2 ** 10);
    expect(size.defenderCompositions).toBe(2 ** 10 * 4);
    expect(size.states).toBe(2 ** 10 * 2 ** 12 * 4);
  });

  it('refuses a battle over the limit at once, saying how many states', () => {
    // At once: in under 200 ms of work (CPU time, test/helpers/work.ts).
    const { value: result, ms } = work(() => solveGame(big));
    expect(ms).toBeLessThan(200);
    expect(result).toMatchObject({
      ok: false,
      reason: `cannot solve: 16777216 states exceed the limit of ${DEFAULT_MAX_STATES}`,
    });
  });

  it('refuses on the work estimate too (many dice per step mean many loss options)', () => {
    const battle = battleOf('Giant:4, Elves:2R, Knight:3C, Nomads:1', 'Ogre:2, Wolf:3, Keep');
    const size = gameSize(battle);
    expect(size.states).toBeLessThan(1000);
    expect(solveGame(battle, { maxWork: size.work - 1 })).toMatchObject({
      ok: false,
      reason: `cannot solve: 768 states need about ${size.work} steps of work, over the limit of ${size.work - 1}`,
    });
    expect(solveGame(battle, { maxWork: size.work }).ok).toBe(true);
  });

  it('a fixed defender order needs only its chain: the same battle fits the limit', () => {
    const defender = namedControl(big.defender, 'buildings-first');
    const size = gameSize(big, undefined, defender);
    expect(size.defenderCompositions).toBe(10 + 3 + 1);
    expect(size.states).toBeLessThan(DEFAULT_MAX_STATES);
  });
});
