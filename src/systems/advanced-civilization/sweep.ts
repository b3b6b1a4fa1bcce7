/**
 * Engineering matchup sweeps: an attacker against a defender (who controls the fort
 * when there is one, and owns the city when there is one) for every token pair in two
 * ranges, every Engineering and Metalworking matchup asked for, with and without a fort.
 */
import type { Matchup } from './schema.js';
import type { SweepPlan } from './plan.js';
import type { ConflictRules } from './rules.js';
import { makeScratch, resolveConflict } from './resolver.js';

export const ATTACKER = 0;
export const DEFENDER = 1;

export interface SweepRow {
  engineering: Matchup;
  metalworking: Matchup;
  fort: boolean;
  city: boolean;
  attackerTokens: number;
  defenderTokens: number;
  holder: 'attacker' | 'defender' | 'none';
  attackerLeft: number;
  defenderLeft: number;
  /** Attacker tokens left minus defender tokens left. */
  margin: number;
  cityAttacked: boolean;
}

export interface TokensNeededRow {
  engineering: Matchup;
  metalworking: Matchup;
  fort: boolean;
  city: boolean;
  defenderTokens: number;
  /** Fewest attacker tokens in the swept range that hold the area (null: none does). */
  attackerTokensNeeded: number | null;
}

export interface SweepResult {
  rows: SweepRow[];
  needed: TokensNeededRow[];
}

const holds = (m: Matchup, side: 'attacker' | 'defender') => m === 'both' || m === side;

export function sweepRules(plan: SweepPlan, engineering: Matchup, metalworking: Matchup, fort: boolean): ConflictRules {
  return {
    limit: plan.limit,
    names: ['attacker', 'defender'],
    metalworking: [holds(metalworking, 'attacker'), holds(metalworking, 'defender')],
    engineering: [holds(engineering, 'attacker'), holds(engineering, 'defender')],
    military: [plan.attacker.military, plan.defender.military],
    mathematics: [plan.attacker.mathematics, plan.defender.mathematics],
    fortOwner: fort ? DEFENDER : -1,
    cityOwner: plan.city ? DEFENDER : -1,
    reading: plan.reading,
  };
}

export function sweepRows(plan: SweepPlan): SweepResult {
  const rows: SweepRow[] = [];
  const needed: TokensNeededRow[] = [];
  const tokens = new Int32Array(2);
  const armies = new Int32Array(2);
  const s = makeScratch(2);
  const [aLo, aHi] = plan.attackerTokens;
  const [dLo, dHi] = plan.defenderTokens;
  for (const metalworking of plan.metalworking) {
    for (const fort of plan.fort) {
      for (const engineering of plan.engineering) {
        const rules = sweepRules(plan, engineering, metalworking, fort);
        for (let d = dLo; d <= dHi; d++) {
          let first: number | null = null;
          for (let a = aLo; a <= aHi; a++) {
            tokens[ATTACKER] = a;
            tokens[DEFENDER] = d;
            armies[ATTACKER] = plan.attacker.armies;
            armies[DEFENDER] = plan.defender.armies;
            resolveConflict(rules, tokens, armies, s);
            const holder = s.holder === ATTACKER ? 'attacker' : s.holder === DEFENDER ? 'defender' : 'none';
            if (holder === 'attacker' && first === null) first = a;
            rows.push({
              engineering,
              metalworking,
              fort,
              city: plan.city,
              attackerTokens: a,
              defenderTokens: d,
              holder,
              attackerLeft: tokens[ATTACKER],
              defenderLeft: tokens[DEFENDER],
              margin: tokens[ATTACKER] - tokens[DEFENDER],
              cityAttacked: s.cityAttacked,
            });
          }
          needed.push({ engineering, metalworking, fort, city: plan.city, defenderTokens: d, attackerTokensNeeded: first });
        }
      }
    }
  }
  return { rows, needed };
}
