/**
 * Optimal stopping of an attack along a path, exactly, by backward dynamic programming over
 * the states (step k, armies a in the attacking territory, defenders d left in territory k).
 *
 * In each state with a >= 2 and d >= 1 the attacker either stops (the attack ends: reward
 * for a + k armies kept and k territories taken) or rolls one more round (the round table's
 * mix of the next states). Taking territory k with a armies leads to (k + 1, a - 1, D_{k+1}),
 * where stopping means not attacking the next territory; taking the last ends the attack.
 * A round removes at least one army, so sweeping a upwards and, within a, d upwards meets
 * every successor first: O(sum over steps of attackers * defenders * dice), one pass.
 *
 * The same pass evaluates a fixed rule instead of optimising (`rule`), and tracks for the
 * chosen decisions P(whole path), E[armies kept] and E[territories taken].
 */
import { STRIDE } from '../../rules/tables.js';
import { checkPath, type AttackPath } from '../path.js';
import type { RewardWeights } from './rewards.js';

/** Largest state space (sum over steps of (attackers + 1) * (defenders + 1)) solved: ~5M states, ~170 MB. */
export const MAX_STOPPING_STATES = 5_000_000;

/**
 * A stopping rule: true = stop in this state, false = continue, undefined = let the solver
 * choose the better (asked only where a >= 2 and d >= 1).
 */
export type StopRule = (step: number, attackers: number, defenders: number) => boolean | undefined;

/** Stopping and continuing within this relative margin count as tied (see StepDecisions.tie). */
export const TIE_TOLERANCE = 1e-9;

export interface Outcome {
  /** Expected reward. */
  value: number;
  /** P(taking the whole path). */
  pConquest: number;
  expectedArmiesKept: number;
  expectedTerritoriesTaken: number;
}

export interface StepDecisions {
  defenders: number;
  /** stop[a * (defenders + 1) + d] = 1 where the attacker stops by choice (a >= 2, d >= 1). */
  stop: Uint8Array;
  /** tie[same index] = 1 where stopping and continuing are worth the same within TIE_TOLERANCE. */
  tie: Uint8Array;
}

export interface StoppingSolution {
  /** Outcome from the start state (step 0, all attackers, all defenders of territory 0). */
  start: Outcome;
  steps: StepDecisions[];
}

/** Per-state outcomes of one step, interleaved: [value, p, armies, territories] at 4 * state. */
interface StepValues {
  width: number;
  values: Float64Array;
}

/**
 * Decisions fixed in advance, per step and state (a * (defenders + 1) + d): 0 = free (the
 * solver chooses), 1 = stop, 2 = continue. Faster than a StopRule in hot loops.
 */
export type FixedDecisions = readonly Uint8Array[];

/**
 * Solves the path for the reward: optimal decisions, or the decisions `rule` (or `fixed`)
 * gives where it gives one. Ties between stopping and continuing go to continuing.
 *
 * @example
 * solveStopping(battlePath(tables, 10, 6), conquestReward(1)).start.pConquest // = solveBattle(tables, 10, 6).pWin
 */
export function solveStopping(
  path: AttackPath,
  reward: RewardWeights,
  rule?: StopRule,
  fixed?: FixedDecisions,
): StoppingSolution {
  checkPath(path, MAX_STOPPING_STATES);
  const n = path.steps.length;
  const A = path.attackers;
  const takenValue = new Float64Array(n + 1); // value of taking steps 0..k-1
  for (let k = 0; k < n; k++) takenValue[k + 1] = takenValue[k] + reward.perTerritory[k];
  const decisions: StepDecisions[] = new Array(n);
  let next: StepValues | null = null;
  for (let k = n - 1; k >= 0; k--) {
    const { defenders: D, tables: t } = path.steps[k];
    const { attackerDice, defenderDice, pairs: pairsOf, probs } = t;
    const width = D + 1;
    const size = (A + 1) * width;
    const v = new Float64Array(4 * size);
    const stop = new Uint8Array(size);
    const tie = new Uint8Array(size);
    const fix = fixed?.[k];
    for (let a = 0; a <= A; a++) {
      const base = a * width;
      // d = 0: territory k taken with a armies in the attacking territory.
      if (next === null) {
        v[4 * base] = reward.perArmy * (a + n - 1) + takenValue[n] + reward.onCompletion;
        v[4 * base + 1] = 1;
        v[4 * base + 2] = a + n - 1;
        v[4 * base + 3] = n;
      } else {
        const j = 4 * (Math.max(0, a - 1) * next.width + (next.width - 1));
        for (let x = 0; x < 4; x++) v[4 * base + x] = next.values[j + x];
      }
      const stopValue = reward.perArmy * (a + k) + takenValue[k];
      const nA = Math.min(attackerDice, a - 1);
      for (let d = 1; d <= D; d++) {
        const i = base + d;
        if (a >= 2) {
          const c = (nA - 1) * defenderDice + (Math.min(defenderDice, d) - 1);
          const pairs = pairsOf[c];
          let value = 0,
            p = 0,
            armies = 0,
            territories = 0;
          for (let loss = 0; loss <= pairs; loss++) {
            const q = probs[c * STRIDE + loss];
            const j = 4 * ((a - loss) * width + d - (pairs - loss));
            value += q * v[j];
            p += q * v[j + 1];
            armies += q * v[j + 2];
            territories += q * v[j + 3];
          }
          if (Math.abs(stopValue - value) <= TIE_TOLERANCE * (1 + Math.abs(stopValue))) tie[i] = 1;
          const f = fix ? fix[i] : 0;
          const stops = f !== 0 ? f === 1 : (rule?.(k, a, d) ?? stopValue > value);
          if (!stops) {
            v[4 * i] = value;
            v[4 * i + 1] = p;
            v[4 * i + 2] = armies;
            v[4 * i + 3] = territories;
            continue;
          }
          stop[i] = 1;
        }
        v[4 * i] = stopValue;
        v[4 * i + 1] = 0;
        v[4 * i + 2] = a + k;
        v[4 * i + 3] = k;
      }
    }
    decisions[k] = { defenders: D, stop, tie };
    next = { width, values: v };
  }
  const first = next as StepValues;
  const s = 4 * (A * first.width + (first.width - 1));
  return {
    start: {
      value: first.values[s],
      pConquest: first.values[s + 1],
      expectedArmiesKept: first.values[s + 2],
      expectedTerritoriesTaken: first.values[s + 3],
    },
    steps: decisions,
  };
}

/**
 * The rule "never stop by choice": fight every territory to the end.
 *
 * @example
 * solveStopping(path, reward, fightToTheEnd)
 */
export const fightToTheEnd: StopRule = () => false;

/**
 * The fixed rule of each step's tables: stop when the attacking territory is down to stopAt armies.
 *
 * @example
 * solveStopping(path, reward, stopAtRule(path)) // the plan's own stop-loss rule
 */
export function stopAtRule(path: AttackPath): StopRule {
  return (step, attackers) => attackers <= path.steps[step].tables.stopAt;
}
