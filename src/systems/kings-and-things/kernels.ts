/**
 * Kings & Things hot loops, by plan kind. `fast` uses the per-step tables; `faithful`
 * rolls every die through the explicit-counter resolver. Scratch buffers are made once
 * per kernel call, never per trial; every kernel writes at the plan's offsets (`plan.at`).
 * Fort levels compared on common random numbers are an engine sweep (variants), not a
 * kernel of their own.
 */
import type { Kernel, Sampler } from '../../engine/contract.js';
import type { Xoshiro128 } from '../../engine/random/xoshiro128.js';
import { runDuelsFast } from './duelFast.js';
import { CounterBattle } from './faithful.js';
import { runMultiFast } from './multiFast.js';
import { explorationFor, exploreAfterFight, recordMultiEnd } from './multiRecord.js';
import { runExplorations } from './explore.js';
import { recordDuelEnd } from './record.js';
import {
  CAPTURE_ELIMINATED,
  CAPTURE_RETREATED,
  HOLD_ELIMINATED,
  HOLD_MUTUAL,
  HOLD_RETREATED,
  HOLD_ROUND_LIMIT,
  type DuelPlan,
  type KtPlan,
  type MultiPlan,
} from './plan.js';

const DEFENDER = 0;
const ATTACKER = 1;

/** A resolver for duels of one plan: defender in slot 0, attacker in slot 1. */
function duelResolver(plan: DuelPlan): CounterBattle {
  const b = new CounterBattle(2, Math.max(plan.attacker.names.length, plan.defender.names.length, 1));
  b.loadSide(DEFENDER, plan.defender, plan.defenderRetreat, undefined, plan.buildingsFightOn);
  b.loadSide(ATTACKER, plan.attacker, plan.attackerRetreat);
  return b;
}

function duelOutcome(b: CounterBattle): number {
  if (b.roundLimit) return HOLD_ROUND_LIMIT;
  if (b.left[ATTACKER]) return HOLD_RETREATED;
  if (b.fighting(ATTACKER)) return b.creaturesGone[DEFENDER] ? CAPTURE_RETREATED : CAPTURE_ELIMINATED;
  return b.fighting(DEFENDER) ? HOLD_ELIMINATED : HOLD_MUTUAL;
}

function runDuelsFaithful(plan: DuelPlan, rng: Xoshiro128, trials: number, tally: Float64Array): void {
  const b = duelResolver(plan);
  for (let t = 0; t < trials; t++) {
    b.fight(rng);
    recordDuelEnd(
      plan,
      plan.at,
      tally,
      rng,
      duelOutcome(b),
      b.round,
      b.creaturesAlive(ATTACKER),
      b.creatureValueAlive(ATTACKER),
      b.creaturesAlive(DEFENDER),
      b.creatureValueAlive(DEFENDER),
      b.creaturesGone[DEFENDER] === 1,
    );
  }
}

function runMultiFaithful(plan: MultiPlan, rng: Xoshiro128, trials: number, tally: Float64Array): void {
  const P = plan.sides.length;
  const b = new CounterBattle(P, Math.max(1, ...plan.sides.map((s) => s.names.length)));
  plan.sides.forEach((side, p) => b.loadSide(p, side, plan.retreats[p], plan.targets[p], plan.buildingsFightOn));
  const survivors = new Int32Array(P);
  const retreated = new Uint8Array(P);
  const exploration = explorationFor(plan);
  for (let t = 0; t < trials; t++) {
    b.fight(rng);
    // The one player left holds the hex; if none is, the owner keeps it (an unowned hex: nobody, bin P).
    let holder = plan.unowned ? P : 0;
    if (!b.roundLimit) {
      let fighting = 0;
      let last = 0;
      for (let p = 0; p < P; p++) {
        if (b.fighting(p)) {
          fighting++;
          last = p;
        }
      }
      if (fighting === 1) holder = last;
    }
    for (let p = 0; p < P; p++) {
      survivors[p] = b.creaturesAlive(p);
      retreated[p] = b.creaturesGone[p];
    }
    const gains = exploreAfterFight(plan, exploration, rng, holder, survivors, retreated);
    recordMultiEnd(plan, tally, rng, holder, gains, b.round, survivors, retreated);
  }
}

const fast: Kernel<KtPlan> = (plan, rng, trials, tally) => {
  switch (plan.kind) {
    case 'battle':
      return runDuelsFast(plan, rng, trials, tally);
    case 'multi':
      return runMultiFast(plan, rng, trials, tally);
    case 'explore':
      return runExplorations(plan, rng, trials, tally);
  }
};

const faithful: Kernel<KtPlan> = (plan, rng, trials, tally) => {
  switch (plan.kind) {
    case 'battle':
      return runDuelsFaithful(plan, rng, trials, tally);
    case 'multi':
      return runMultiFaithful(plan, rng, trials, tally);
    case 'explore':
      return runExplorations(plan, rng, trials, tally);
  }
};

/**
 * No lockstep: the dice a round rolls depend on which counters are still in the fight,
 * so variants on common random numbers share each trial's start state, not every draw.
 */
export const kingsAndThingsSampler: Sampler<KtPlan> = { fast, faithful };
