/**
 * The few dice tables one turn needs, compiled once (never per state): one per modifier combination,
 * attacker leader (no, yes) x defender (nothing, fortress, leader, leader on a fortress).
 */
import { compileTables, type BattleTables } from '../rules/tables.js';
import type { TurnRules } from './turnRules.js';

/** Index of the defender's modifiers: +1 for a fortress, +2 for a defending leader. */
export function defenderModifiers(fortress: boolean, leader: boolean): number {
  return (fortress ? 1 : 0) + (leader ? 2 : 0);
}

/**
 * tables[(attackerLeader ? 4 : 0) + defenderModifiers(fortress, leader)]: the exact per-round outcome
 * tables (`probs`, `pairs`, by `classIndex`) for each combination.
 *
 * @example
 * const tables = turnDiceTables(DEFAULT_TURN_RULES);
 * tables[defenderModifiers(true, true)].probs // a leader on a fortress: the defender's highest die +2
 */
export function turnDiceTables(rules: TurnRules): BattleTables[] {
  const tables: BattleTables[] = [];
  for (const attackerLeader of [false, true])
    for (let defender = 0; defender < 4; defender++) {
      const fortress = (defender & 1) !== 0;
      const leader = (defender & 2) !== 0;
      tables.push(
        compileTables({
          attackerDice: rules.attackerDice,
          defenderDice: rules.defenderDice,
          attackerBonus: attackerLeader ? rules.leaderBonus : 0,
          defenderBonus: (fortress ? rules.fortressBonus : 0) + (leader ? rules.leaderBonus : 0),
          ties: rules.ties,
          stopAt: 1,
        }),
      );
    }
  return tables;
}
