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
import { STRIDE } from '../../tables.js';
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

/** Per-state outcome arrays of one step. */
interface StepValues {
  width: number;
  value: Float64Array;
  p: Float64Array;
  armies: Float64Array;
  territories: Float64Array;
}

/**
 * Solves the path for the reward: optimal decisions, or the given rule's decisions where it
 * gives one. Ties between stopping and continuing go to continuing.
 *
 * @example
 * solveStopping(battlePath(tables, 10, 6), conquestReward(1)).start.pConquest // = solveBattle(tables, 10, 6).pWin
 */
export function solveStopping(path: AttackPath, reward: RewardWeights, rule?: StopRule): StoppingSolution {
  checkPath(path, MAX_STOPPING_STATES);
  const n = path.steps.length;
  const A = path.attackers;
  const takenValue = new Float64Array(n + 1); // value of taking steps 0..k-1
  for (let k = 0; k < n; k++) takenValue[k + 1] = takenValue[k] + reward.perTerritory[k];
  const decisions: StepDecisions[] = new Array(n);
  let next: StepValues | null = null;
  for (let k = n - 1; k >= 0; k--) {
    const { defenders: D, tables: t } = path.steps[k];
    const width = D + 1;
    const size = (A + 1) * width;
    const cur: StepValues = {
      width,
      value: new Float64Array(size),
      p: new Float64Array(size),
      armies: new Float64Array(size),
      territories: new Float64Array(size),
    };
    const stop = new Uint8Array(size);
    const tie = new Uint8Array(size);
    for (let a = 0; a <= A; a++) {
      const base = a * width;
      // d = 0: territory k taken with a armies in the attacking territory.
      if (next === null) {
        cur.value[base] = reward.perArmy * (a + n - 1) + takenValue[n] + reward.onCompletion;
        cur.p[base] = 1;
        cur.armies[base] = a + n - 1;
        cur.territories[base] = n;
      } else {
        const j = Math.max(0, a - 1) * next.width + (next.width - 1);
        cur.value[base] = next.value[j];
        cur.p[base] = next.p[j];
        cur.armies[base] = next.armies[j];
        cur.territories[base] = next.territories[j];
      }
      const stopValue = reward.perArmy * (a + k) + takenValue[k];
      for (let d = 1; d <= D; d++) {
        const i = base + d;
        if (a >= 2) {
          const c = (Math.min(t.attackerDice, a - 1) - 1) * t.defenderDice + (Math.min(t.defenderDice, d) - 1);
          const pairs = t.pairs[c];
          let value = 0,
            p = 0,
            armies = 0,
            territories = 0;
          for (let loss = 0; loss <= pairs; loss++) {
            const q = t.probs[c * STRIDE + loss];
            const j = (a - loss) * width + d - (pairs - loss);
            value += q * cur.value[j];
            p += q * cur.p[j];
            armies += q * cur.armies[j];
            territories += q * cur.territories[j];
          }
          if (Math.abs(stopValue - value) <= TIE_TOLERANCE * (1 + Math.abs(stopValue))) tie[i] = 1;
          const stops = rule?.(k, a, d) ?? stopValue > value;
          if (!stops) {
            cur.value[i] = value;
            cur.p[i] = p;
            cur.armies[i] = armies;
            cur.territories[i] = territories;
            continue;
          }
          stop[i] = 1;
        }
        cur.value[i] = stopValue;
        cur.p[i] = 0;
        cur.armies[i] = a + k;
        cur.territories[i] = k;
      }
    }
    decisions[k] = { defenders: D, stop, tie };
    next = cur;
  }
  const first = next as StepValues;
  const s = A * first.width + (first.width - 1);
  return {
    start: {
      value: first.value[s],
      pConquest: first.p[s],
      expectedArmiesKept: first.armies[s],
      expectedTerritoriesTaken: first.territories[s],
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
