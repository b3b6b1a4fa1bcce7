/**
 * Kings & Things hot loops, by plan kind. `fast` uses the per-step tables; `faithful`
 * rolls every die through the explicit-counter resolver. Scratch buffers and views
 * are made once per kernel call, never per trial.
 */
import type { Kernel } from '../../engine/system.js';
import { Xoshiro128 } from '../../engine/random/xoshiro128.js';
import { runDuelsFast } from './duelFast.js';
import { CounterBattle } from './faithful.js';
import { runMultiFast } from './multiFast.js';
import { recordMultiEnd } from './multiRecord.js';
import { runExplorations } from './explore.js';
import { recordDuelEnd } from './record.js';
import {
  CAPTURE_ELIMINATED,
  CAPTURE_RETREATED,
  HOLD_ELIMINATED,
  HOLD_MUTUAL,
  HOLD_RETREATED,
  HOLD_ROUND_LIMIT,
  duelLayout,
  fortLevelsOffsets,
  multiLayout,
  type DuelLayout,
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

function runDuelsFaithful(
  plan: DuelPlan,
  layout: DuelLayout,
  rng: Xoshiro128,
  trials: number,
  tally: Float64Array,
  b = duelResolver(plan),
): void {
  for (let t = 0; t < trials; t++) {
    b.fight(rng);
    recordDuelEnd(
      plan,
      layout,
      tally,
      rng,
      duelOutcome(b),
      b.round,
      b.creaturesAlive(ATTACKER),
      b.creatureValueAlive(ATTACKER),
      b.creaturesAlive(DEFENDER),
      b.creatureValueAlive(DEFENDER),
    );
  }
}

function runMultiFaithful(plan: MultiPlan, rng: Xoshiro128, trials: number, tally: Float64Array): void {
  const P = plan.sides.length;
  const L = multiLayout(plan);
  const b = new CounterBattle(P, Math.max(1, ...plan.sides.map((s) => s.names.length)));
  plan.sides.forEach((side, p) => b.loadSide(p, side, plan.retreats[p], plan.targets[p], plan.buildingsFightOn));
  const survivors = new Int32Array(P);
  for (let t = 0; t < trials; t++) {
    b.fight(rng);
    let holder = 0;
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
    for (let p = 0; p < P; p++) survivors[p] = b.creaturesAlive(p);
    recordMultiEnd(plan, L, tally, rng, holder, b.round, survivors);
  }
}

type DuelRunner = (plan: DuelPlan, layout: DuelLayout, rng: Xoshiro128, trials: number, tally: Float64Array) => void;

/**
 * Fort levels with common random numbers: each trial draws one generator state and
 * every level's battle starts from it, so differences between levels are sharp.
 */
function runFortLevels(
  run: DuelRunner,
  duels: DuelPlan[],
  offsets: number[],
  rng: Xoshiro128,
  trials: number,
  tally: Float64Array,
): void {
  const layouts = duels.map((d) => duelLayout(d));
  const views = duels.map((_, i) => tally.subarray(offsets[i], offsets[i] + layouts[i].size));
  const trialRng = Xoshiro128.fromState([1, 0, 0, 0]);
  for (let t = 0; t < trials; t++) {
    const s0 = rng.nextUint32(),
      s1 = rng.nextUint32(),
      s2 = rng.nextUint32(),
      s3 = rng.nextUint32();
    for (let i = 0; i < duels.length; i++) {
      trialRng.setState(s0, s1, s2, s3);
      run(duels[i], layouts[i], trialRng, 1, views[i]);
    }
  }
}

const fast: Kernel<KtPlan> = (plan, rng, trials, tally) => {
  switch (plan.kind) {
    case 'battle':
      return runDuelsFast(plan, duelLayout(plan), rng, trials, tally);
    case 'fort-levels':
      return runFortLevels(runDuelsFast, plan.duels, fortLevelsOffsets(plan).offsets, rng, trials, tally);
    case 'multi':
      return runMultiFast(plan, rng, trials, tally);
    case 'explore':
      return runExplorations(plan, rng, trials, tally);
  }
};

const faithful: Kernel<KtPlan> = (plan, rng, trials, tally) => {
  switch (plan.kind) {
    case 'battle':
      return runDuelsFaithful(plan, duelLayout(plan), rng, trials, tally);
    case 'fort-levels': {
      // One resolver per level, made once per kernel call.
      const resolvers = new Map(plan.duels.map((d) => [d, duelResolver(d)]));
      const run: DuelRunner = (duel, layout, r, n, t) => runDuelsFaithful(duel, layout, r, n, t, resolvers.get(duel));
      return runFortLevels(run, plan.duels, fortLevelsOffsets(plan).offsets, rng, trials, tally);
    }
    case 'multi':
      return runMultiFaithful(plan, rng, trials, tally);
    case 'explore':
      return runExplorations(plan, rng, trials, tally);
  }
};

export const kingsAndThingsKernels = { fast, faithful };
