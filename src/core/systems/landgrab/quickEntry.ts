/**
 * A quick answer's entry checked by hand (RuleSystem.quickEntry): a plain battle (`type` left out
 * or `battle`, no stop rule), every field present given and valid, as the form builds it from flags.
 * The result is what landgrabEntrySchema returns for it, key for key and in its order, defaults
 * filled in; anything else (another battle type, a stop rule, a field given as undefined, any
 * invalid value, an object that is not a plain one) is left to the schema, which words the error.
 * test/core/systems/landgrab/quickEntry.test.ts checks both agree on generated entries.
 */
import { textProblem } from '../../model/userText.js';
import { MAX_ARMIES, territoryArmies, type LandgrabEntry } from './schema.js';
import { MAX_BONUS, RULE_DEFAULTS } from './rules/defaults.js';
import { MAX_DICE } from './rules/tables.js';

/** The keys a plain battle may give. */
const KEYS = new Set([
  'type',
  'label',
  'attackers',
  'attackingArmies',
  'attackingLeader',
  'stopAt',
  'attackerDice',
  'defenderDice',
  'ties',
  'fortressBonus',
  'leaderBonus',
  'defenders',
  'fortress',
  'defendingLeader',
]);

const whole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** Undefined (left out: `fallback`), a whole number in [min, max], or null when it is neither. */
function wholeOr(value: unknown, min: number, max: number, fallback: number): number | null {
  if (value === undefined) return fallback;
  return whole(value, min, max) ? value : null;
}

function flag(value: unknown, fallback = false): boolean | null {
  if (value === undefined) return fallback;
  return typeof value === 'boolean' ? value : null;
}

export function quickLandgrabEntry(input: unknown): LandgrabEntry | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const prototype = Object.getPrototypeOf(input);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const e = input as Record<string, unknown>;
  for (const key of Object.keys(e)) if (!KEYS.has(key) || e[key] === undefined) return undefined;
  if (e.type !== undefined && e.type !== 'battle') return undefined;
  const { label, attackers, attackingArmies } = e;
  if (label !== undefined && (typeof label !== 'string' || label.length < 1 || textProblem(label) !== undefined))
    return undefined;
  if (attackers !== undefined && !whole(attackers, 2, MAX_ARMIES)) return undefined;
  if (attackingArmies !== undefined && !whole(attackingArmies, 1, MAX_ARMIES)) return undefined;
  if ((attackers === undefined) === (attackingArmies === undefined)) return undefined;
  const attackingLeader = flag(e.attackingLeader, RULE_DEFAULTS.attackingLeader);
  const stopAt = wholeOr(e.stopAt, 1, MAX_ARMIES, RULE_DEFAULTS.stopAt);
  const attackerDice = wholeOr(e.attackerDice, 1, MAX_DICE, RULE_DEFAULTS.attackerDice);
  const defenderDice = wholeOr(e.defenderDice, 1, MAX_DICE, RULE_DEFAULTS.defenderDice);
  const ties =
    e.ties === undefined ? RULE_DEFAULTS.ties : e.ties === 'defender' || e.ties === 'attacker' ? e.ties : null;
  const fortressBonus = wholeOr(e.fortressBonus, 0, MAX_BONUS, RULE_DEFAULTS.fortressBonus);
  const leaderBonus = wholeOr(e.leaderBonus, 0, MAX_BONUS, RULE_DEFAULTS.leaderBonus);
  const defenders = whole(e.defenders, 1, MAX_ARMIES) ? e.defenders : null;
  const fortress = flag(e.fortress);
  const defendingLeader = flag(e.defendingLeader);
  const fields = [attackingLeader, stopAt, attackerDice, defenderDice, ties, fortressBonus, leaderBonus];
  if ([...fields, defenders, fortress, defendingLeader].includes(null)) return undefined;
  // The schema's checks across fields.
  const armies = territoryArmies({ attackers, attackingArmies } as { attackers?: number; attackingArmies?: number });
  if (armies > MAX_ARMIES || (stopAt as number) >= armies) return undefined;
  return {
    type: 'battle',
    ...(label !== undefined ? { label } : {}),
    ...(attackers !== undefined ? { attackers } : {}),
    ...(attackingArmies !== undefined ? { attackingArmies } : {}),
    attackingLeader,
    stopAt,
    attackerDice,
    defenderDice,
    ties,
    fortressBonus,
    leaderBonus,
    defenders,
    fortress,
    defendingLeader,
  } as LandgrabEntry;
}
