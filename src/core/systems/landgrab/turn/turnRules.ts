/**
 * The rules of one turn the planner obeys: the battle's dice rules (the same defaults as a battle
 * entry, schema.ts) and the switches the help page leaves open.
 */
import type { TieWinner } from '../rules/roundTable.js';
import { RULE_DEFAULTS } from '../rules/defaults.js';
import { MAX_DICE } from '../rules/tables.js';
import { TurnInputError } from './inputError.js';

export type MoveInRule = 'dice' | 'one';

export interface TurnRules {
  attackerDice: number;
  defenderDice: number;
  ties: TieWinner;
  /** Added to the defender's highest die on a fortress. */
  fortressBonus: number;
  /** Added to the highest die of the side with a leader (a leader on a fortress: both bonuses). */
  leaderBonus: number;
  /** The fewest armies moved into a conquered territory: the dice rolled in the last round, or 1. */
  moveIn: MoveInRule;
  /** Whether my attacking leader may move into a conquered territory with the armies (else it stays). */
  leaderMovesIn: boolean;
  /** Whether territories gained from a capitol may attack in the same turn. */
  capitolTerritoriesAttack: boolean;
}

/** A battle's dice rules as a battle entry's defaults (rules/defaults.ts), and the turn's own readings. */
export const DEFAULT_TURN_RULES: Readonly<TurnRules> = {
  attackerDice: RULE_DEFAULTS.attackerDice,
  defenderDice: RULE_DEFAULTS.defenderDice,
  ties: RULE_DEFAULTS.ties,
  fortressBonus: RULE_DEFAULTS.fortressBonus,
  leaderBonus: RULE_DEFAULTS.leaderBonus,
  moveIn: 'dice',
  leaderMovesIn: false,
  capitolTerritoriesAttack: true,
};

/**
 * The defaults with the caller's changes, checked. Throws `TurnInputError` at `rules.FIELD`.
 *
 * @example
 * turnRules({ moveIn: 'one' }) // { ...DEFAULT_TURN_RULES, moveIn: 'one' }
 */
export function turnRules(changes: Partial<TurnRules> = {}): TurnRules {
  const rules = { ...DEFAULT_TURN_RULES, ...changes };
  const whole = (field: keyof TurnRules, min: number, max: number) => {
    const x = rules[field];
    if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max)
      throw new TurnInputError(`rules.${field}`, `must be a whole number from ${min} to ${max}`);
  };
  whole('attackerDice', 1, MAX_DICE);
  whole('defenderDice', 1, MAX_DICE);
  whole('fortressBonus', 0, 6);
  whole('leaderBonus', 0, 6);
  if (rules.ties !== 'defender' && rules.ties !== 'attacker')
    throw new TurnInputError('rules.ties', 'must be defender or attacker');
  if (rules.moveIn !== 'dice' && rules.moveIn !== 'one')
    throw new TurnInputError('rules.moveIn', 'must be dice or one');
  for (const field of ['leaderMovesIn', 'capitolTerritoriesAttack'] as const)
    if (typeof rules[field] !== 'boolean') throw new TurnInputError(`rules.${field}`, 'must be true or false');
  return rules;
}
