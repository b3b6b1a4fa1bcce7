/**
 * Brute force for the stop-rule tests: every deterministic rule (stop or roll on in each state
 * with a choice) of a small path, with its exact P(taking the whole path) and E[armies kept].
 * Independent of the solvers: its own forward pass over the states in the order of play, with
 * the round probabilities of reference.ts (every die rolled).
 *
 * Only states a rule reaches matter: the enumeration decides the states in the order of play
 * and branches only where the rule so far reaches the state (positive probability); a state it
 * cannot reach is a don't-care, so rules differing only there are counted once.
 */
import type { DiceRule } from '../../../../../src/core/systems/landgrab/rules/tables.js';
import { referenceRound } from './reference.js';

export interface RuleOutcome {
  /** P(taking the whole path). */
  p: number;
  /** E[armies kept]. */
  armies: number;
}

export interface EveryRule {
  outcomes: RuleOutcome[];
  /** States with a choice (a >= 2, d >= 1) on the path, reachable or not. */
  choiceStates: number;
}

export interface State {
  k: number;
  a: number;
  d: number;
  /** Successors (state index, probability); empty for an end of the attack. */
  next: [number, number][];
  /** Where the attack ends here: armies kept and whether the whole path is taken. */
  kept: number;
  won: boolean;
  choice: boolean;
}

/**
 * Every state (k, a, d) in the order of play: step by step, a + d decreasing (every move goes
 * to a later state). The first is the start.
 */
export function statesInPlayOrder(rules: DiceRule[], attackers: number, defenders: number[]): State[] {
  const n = defenders.length;
  const index = new Map<string, number>();
  const states: State[] = [];
  for (let k = 0; k < n; k++) {
    const D = defenders[k];
    for (let total = attackers + D; total >= 0; total--) {
      for (let a = Math.min(attackers, total); a >= Math.max(0, total - D); a--) {
        index.set(`${k},${a},${total - a}`, states.length);
        states.push({ k, a, d: total - a, next: [], kept: a + k, won: false, choice: false });
      }
    }
  }
  for (const s of states) {
    if (s.d === 0) {
      if (s.k === n - 1) {
        s.kept = s.a + n - 1;
        s.won = true;
      } else s.next.push([index.get(`${s.k + 1},${s.a - 1},${defenders[s.k + 1]}`) as number, 1]);
    } else if (s.a >= 2) {
      s.choice = true;
      const rule = rules[s.k];
      const nA = Math.min(rule.attackerDice, s.a - 1);
      const nD = Math.min(rule.defenderDice, s.d);
      const pairs = Math.min(nA, nD);
      referenceRound(rule, nA, nD).forEach((q, loss) => {
        if (q > 0) s.next.push([index.get(`${s.k},${s.a - loss},${s.d - (pairs - loss)}`) as number, q]);
      });
    }
  }
  return states;
}

/**
 * @example
 * everyRule([plain], 5, [3]).outcomes.length // the distinct rules of 5 armies against 3
 */
export function everyRule(rules: DiceRule[], attackers: number, defenders: number[]): EveryRule {
  const states = statesInPlayOrder(rules, attackers, defenders);
  const outcomes: RuleOutcome[] = [];
  const mass = new Float64Array(states.length);
  mass[0] = 1; // the start: step 0, all armies, all defenders
  const walk = (from: number, m: Float64Array, p: number, armies: number): void => {
    for (let i = from; i < states.length; i++) {
      const w = m[i];
      if (w === 0) continue; // not reached: its decision is a don't-care
      const s = states[i];
      if (s.choice) {
        // Stop here (on a copy), then roll on (in place).
        walk(i + 1, m.slice(), p, armies + w * s.kept);
        for (const [j, q] of s.next) m[j] += w * q;
      } else if (s.next.length > 0) {
        for (const [j, q] of s.next) m[j] += w * q;
      } else {
        armies += w * s.kept;
        if (s.won) p += w;
      }
    }
    outcomes.push({ p, armies });
  };
  walk(0, mass, 0, 0);
  return { outcomes, choiceStates: states.filter((s) => s.choice).length };
}

/** The most armies any rule meeting the target keeps (null if none meets it). */
export function bestMeeting(outcomes: readonly RuleOutcome[], target: number): number | null {
  let best: number | null = null;
  for (const o of outcomes) if (o.p >= target && (best === null || o.armies > best)) best = o.armies;
  return best;
}
