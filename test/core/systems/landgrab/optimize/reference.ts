/**
 * Independent reference for the decision tests: its own dice enumeration (every ordered
 * roll of both sides) and memoised top-down recursions over (step, a, d). It shares no
 * code with tables.ts, roundTable.ts or the solvers under test.
 */
import {
  compileTables,
  type BattleTables,
  type DiceRule,
} from '../../../../../src/core/systems/landgrab/rules/tables.js';
import type { AttackPath } from '../../../../../src/core/systems/landgrab/optimize/path.js';

export const plain: DiceRule = {
  attackerDice: 3,
  defenderDice: 2,
  attackerBonus: 0,
  defenderBonus: 0,
  ties: 'defender',
  stopAt: 1,
};

/** Named rule variants the tests sweep: plain dice, modifiers and house rules. */
export const variants: Record<string, DiceRule> = {
  plain,
  fortress: { ...plain, defenderBonus: 1 },
  'leader on fortress': { ...plain, defenderBonus: 2 },
  'attacking leader': { ...plain, attackerBonus: 1 },
  'defender 3 dice': { ...plain, defenderDice: 3 },
  'ties to attacker': { ...plain, ties: 'attacker' },
};

export function tablesFor(rule: DiceRule): BattleTables {
  return compileTables(rule);
}

export function pathOf(rule: DiceRule | DiceRule[], attackers: number, defenders: number[]): AttackPath {
  const rules = Array.isArray(rule) ? rule : defenders.map(() => rule);
  return { attackers, steps: defenders.map((d, k) => ({ defenders: d, tables: compileTables(rules[k]) })) };
}

const roundCache = new Map<string, number[]>();

/** P(attacker loses i armies) in one round with nA against nD dice, by rolling every die. */
export function referenceRound(rule: DiceRule, nA: number, nD: number): number[] {
  const key = `${rule.attackerBonus},${rule.defenderBonus},${rule.ties},${nA},${nD}`;
  const cached = roundCache.get(key);
  if (cached) return cached;
  const pairs = Math.min(nA, nD);
  const counts = new Array<number>(pairs + 1).fill(0);
  const total = 6 ** (nA + nD);
  for (let roll = 0; roll < total; roll++) {
    const dice: number[] = [];
    for (let i = 0, r = roll; i < nA + nD; i++, r = Math.floor(r / 6)) dice.push((r % 6) + 1);
    const att = dice.slice(0, nA).sort((x, y) => y - x);
    const def = dice.slice(nA).sort((x, y) => y - x);
    att[0] += rule.attackerBonus;
    def[0] += rule.defenderBonus;
    let losses = 0;
    for (let i = 0; i < pairs; i++) {
      const attackerWins = rule.ties === 'attacker' ? att[i] >= def[i] : att[i] > def[i];
      if (!attackerWins) losses++;
    }
    counts[losses]++;
  }
  const probs = counts.map((c) => c / total);
  roundCache.set(key, probs);
  return probs;
}

export interface ReferenceOutcome {
  p: number;
  armies: number;
  territories: number;
}

/** What one end of the attack is worth: armies kept, territories taken, whole path taken. */
export type Terminal = (armiesKept: number, territoriesTaken: number, completed: boolean) => number;

/**
 * E[terminal reward] of a path under a stopping rule, by memoised recursion. `stops` is asked
 * where a >= 2 and d >= 1; conquering step k with a armies moves a - 1 into step k + 1; the
 * attack ends at step k with a armies with a + k kept (one left in each territory behind).
 */
export function referenceExpectation(
  rules: DiceRule[],
  attackers: number,
  defenders: number[],
  stops: (k: number, a: number, d: number) => boolean,
  terminal: Terminal,
): number {
  const memo = new Map<number, number>();
  const n = defenders.length;
  const value = (k: number, a: number, d: number): number => {
    if (d === 0) return k === n - 1 ? terminal(a + k, n, true) : value(k + 1, a - 1, defenders[k + 1]);
    if (a < 2 || stops(k, a, d)) return terminal(a + k, k, false);
    const key = (k * 10000 + a) * 10000 + d;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const rule = rules[k];
    const nA = Math.min(rule.attackerDice, a - 1);
    const nD = Math.min(rule.defenderDice, d);
    const pairs = Math.min(nA, nD);
    let out = 0;
    referenceRound(rule, nA, nD).forEach((q, loss) => {
      if (q > 0) out += q * value(k, a - loss, d - (pairs - loss));
    });
    memo.set(key, out);
    return out;
  };
  return value(0, attackers, defenders[0]);
}

/** P(whole path), E[armies kept] and E[territories taken] under a stopping rule. */
export function referencePolicy(
  rules: DiceRule[],
  attackers: number,
  defenders: number[],
  stops: (k: number, a: number, d: number) => boolean,
): ReferenceOutcome {
  return {
    p: referenceExpectation(rules, attackers, defenders, stops, (_a, _t, done) => (done ? 1 : 0)),
    armies: referenceExpectation(rules, attackers, defenders, stops, (a) => a),
    territories: referenceExpectation(rules, attackers, defenders, stops, (_a, t) => t),
  };
}

/** P(taking the whole path) when the attacker follows each rule's stopAt. */
export function referenceConquest(rules: DiceRule[], attackers: number, defenders: number[]): number {
  return referencePolicy(rules, attackers, defenders, (k, a) => a <= rules[k].stopAt).p;
}

/** Every state where the attacker has a choice: step k, a in 2..attackers - k, d in 1..defenders[k]. */
export function choiceStates(attackers: number, defenders: number[]): [number, number, number][] {
  const states: [number, number, number][] = [];
  defenders.forEach((D, k) => {
    for (let a = 2; a <= attackers - k; a++) for (let d = 1; d <= D; d++) states.push([k, a, d]);
  });
  return states;
}

/** Every composition of `total` into `parts` parts, each >= 1. */
export function compositions(total: number, parts: number): number[][] {
  if (parts === 1) return [[total]];
  const out: number[][] = [];
  for (let first = 1; first <= total - parts + 1; first++) {
    for (const rest of compositions(total - first, parts - 1)) out.push([first, ...rest]);
  }
  return out;
}
