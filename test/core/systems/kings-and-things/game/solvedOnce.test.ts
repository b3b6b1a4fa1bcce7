/**
 * A battle's solves share what they can (`spaceCache`, solve.ts): a game whose controls decide
 * the same values as one already solved (a loss order hitting the same counters in the same
 * order, the same retreat rule, the same loss turn) is not solved again, and its value is the
 * fresh solve's to the last bit; a different retreat rule or loss turn is solved anew.
 */
import { describe, expect, it } from 'vitest';
import { NEVER } from '../../../../../src/core/systems/kings-and-things/rules/retreat.js';
import {
  NAMED_LOSS_POLICIES,
  namedLossOrder,
  optimalPlayReport,
  orderControl,
  solveGame,
  spaceCache,
  type GameBattle,
} from '../../../../../src/core/systems/kings-and-things/game/index.js';
import { army } from './fixtures.js';

const battle: GameBattle = {
  attacker: army('Giant:4, Elves:2R, Knight:3C, Ogre:2'),
  defender: army('Goblin:1, Orc:2, Archer:2R, Castle'),
};

describe('solved once per battle', () => {
  it("a plan's order equal to a named policy's reads the table's pairing, bit for bit", () => {
    const spaces = spaceCache(battle);
    const report = optimalPlayReport(battle, { spaces });
    expect(report.ok).toBe(true);
    const before = spaces.solved.size;
    for (const policy of NAMED_LOSS_POLICIES) {
      // The same counters in the same order, as new objects (a compiled plan's counters are).
      const order = namedLossOrder(battle.defender, policy).map((c) => ({ ...c }));
      const defender = orderControl(order, 'plan order', NEVER);
      const shared = solveGame(battle, { defender, spaces });
      const fresh = solveGame(battle, { defender });
      if (!shared.ok || !fresh.ok) throw new Error('not solved');
      expect(shared.solution.pCapture).toBe(fresh.solution.pCapture);
      expect(shared.solution.defender).toBe(defender);
    }
    expect(spaces.solved.size).toBe(before);
  });

  it('another retreat rule or loss turn is another game', () => {
    const spaces = spaceCache(battle);
    const order = namedLossOrder(battle.defender, 'weakest-first');
    solveGame(battle, { defender: orderControl(order, 'a', NEVER), spaces });
    const outnumbered = orderControl(order, 'b', { ...NEVER, outnumbered: 2 });
    const shared = solveGame(battle, { defender: outnumbered, spaces });
    const fresh = solveGame(battle, { defender: outnumbered });
    solveGame(battle, { defender: orderControl(order, 'c', NEVER), lossTurn: 'defender-first', spaces });
    if (!shared.ok || !fresh.ok) throw new Error('not solved');
    expect(shared.solution.pCapture).toBe(fresh.solution.pCapture);
    expect(spaces.solved.size).toBe(3);
  });
});
