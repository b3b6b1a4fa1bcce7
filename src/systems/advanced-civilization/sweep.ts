/**
 * Engineering matchup sweeps: an attacker against a defender (who controls the fort
 * when there is one, and owns the city when there is one) for every token pair in two
 * ranges, every Engineering and Metalworking matchup asked for, with and without a fort.
 */
import type { Matchup } from './schema.js';
import type { SweepPlan } from './plan.js';
import type { ConflictRules } from './rules.js';
import { makeScratch, resolveConflict, type ConflictScratch } from './resolver.js';
import { OUTCOME } from './categories.js';

export const ATTACKER = 0;
export const DEFENDER = 1;

/** Outcome categories of a two-sided sweep cell, in the order charts and tables show them. */
export const SWEEP_OUTCOMES = ['attacker alone', 'both stay', 'city stands', 'defender alone', 'area empty'] as const;
export type SweepOutcome = (typeof SWEEP_OUTCOMES)[number];

function sweepOutcome(s: ConflictScratch): SweepOutcome {
  if (s.outcome === OUTCOME.alone) return s.alone === ATTACKER ? 'attacker alone' : 'defender alone';
  if (s.outcome === OUTCOME.stay) return 'both stay';
  if (s.outcome === OUTCOME.cityStands) return 'city stands';
  return 'area empty';
}

export interface SweepRow {
  engineering: Matchup;
  metalworking: Matchup;
  fort: boolean;
  city: boolean;
  attackerTokens: number;
  defenderTokens: number;
  outcome: SweepOutcome;
  /** Who controls the area: alone, with the majority (ties to the fort), or by a standing city. */
  controller: 'attacker' | 'defender' | 'nobody';
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
  /** Fewest attacker tokens in the swept range that control the area, by majority or alone (null: none does). */
  tokensToOutnumber: number | null;
  /** Fewest attacker tokens in the swept range that leave the attacker alone in the area (null: none does). */
  tokensToClear: number | null;
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
          let outnumber: number | null = null;
          let clear: number | null = null;
          for (let a = aLo; a <= aHi; a++) {
            tokens[ATTACKER] = a;
            tokens[DEFENDER] = d;
            armies[ATTACKER] = plan.attacker.armies;
            armies[DEFENDER] = plan.defender.armies;
            resolveConflict(rules, tokens, armies, s);
            const controller = s.holder === ATTACKER ? 'attacker' : s.holder === DEFENDER ? 'defender' : 'nobody';
            const outcome = sweepOutcome(s);
            if (controller === 'attacker' && outnumber === null) outnumber = a;
            if (outcome === 'attacker alone' && clear === null) clear = a;
            rows.push({
              engineering,
              metalworking,
              fort,
              city: plan.city,
              attackerTokens: a,
              defenderTokens: d,
              outcome,
              controller,
              attackerLeft: tokens[ATTACKER],
              defenderLeft: tokens[DEFENDER],
              margin: tokens[ATTACKER] - tokens[DEFENDER],
              cityAttacked: s.cityAttacked,
            });
          }
          needed.push({
            engineering,
            metalworking,
            fort,
            city: plan.city,
            defenderTokens: d,
            tokensToOutnumber: outnumber,
            tokensToClear: clear,
          });
        }
      }
    }
  }
  return { rows, needed };
}
