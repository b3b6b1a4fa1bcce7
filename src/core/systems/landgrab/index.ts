/**
 * LandGrab: Risk-style dice with fortresses, leaders and capitols.
 * Rules: README "LandGrab"; readings: attacker rolls min(3, territory armies - 1),
 * defender min(2, armies), bonuses on each side's single highest die, ties to the defender.
 * A whole turn (`type: "turn"`: a board and an objective) is planned by turnBattle/ (the exact planner
 * of turn/ within a state budget, else the sampled planner); every other type is one attack.
 */
import type { Kernel, RuleSystem } from '../../model/contract.js';
import { plain } from '../../words/sentence.js';
import { landgrabSchemas, type LandgrabAnyEntry } from './schema.js';
import type { LandgrabAnyPlan, LandgrabPlan } from './plan.js';
import { compileLandgrab, layoutOf } from './compile.js';
import { landgrabSampler } from './kernels.js';
import { MAX_EXACT_STATES, exactStates, solvePlan } from './exact.js';
import { describeLandgrab } from './describe.js';
import { adviseLandgrab } from './advice/advise.js';
import { landgrabForce } from './force.js';
import { landgrabDecisions } from './decisions.js';
import { quickLandgrabEntry } from './quickEntry.js';
import { compileTurn, solveTurnBattle } from './turnBattle/compile.js';
import { turnKernels } from './turnBattle/kernel.js';
import { describeTurn } from './turnBattle/describe.js';

/** What a target or advice asks of one attack does not apply to a turn: said, never ignored. */
const TURN_ADVICE = plain(
  "The plan is the turn's advice: a target (the armies an attack needs) does not apply to a whole turn; " +
    'solve the turn for a number of its board to find where the plan reaches a target.',
);

/** A kernel for every plan: a turn's replays its plan, a battle's fights it. */
function kernel(battle: Kernel<LandgrabPlan>, turn: (typeof turnKernels)['fast']): Kernel<LandgrabAnyPlan> {
  return (plan, rng, trials, tally) =>
    plan.kind === 'turn' ? turn(plan, rng, trials, tally) : battle(plan, rng, trials, tally);
}

export const landgrab: RuleSystem<LandgrabAnyEntry, LandgrabAnyPlan> = {
  id: 'landgrab',
  title: 'LandGrab (Risk-style dice with fortresses, leaders and capitols)',
  get entry() {
    return landgrabSchemas().landgrabEntrySchema;
  },
  quickEntry: quickLandgrabEntry,
  compile: (entry) => (entry.type === 'turn' ? compileTurn(entry) : compileLandgrab(entry)),
  sampler: {
    fast: kernel(landgrabSampler.fast, turnKernels.fast),
    faithful: kernel(landgrabSampler.faithful, turnKernels.faithful),
    // A turn's kernels draw as its play goes: there is no lock-step mode for them.
    lockstep: (plan) =>
      plan.kind === 'turn' ? plan : (landgrabSampler.lockstep as (p: LandgrabPlan) => LandgrabPlan)(plan),
  },
  solve: (plan) => {
    if (plan.kind === 'turn') return solveTurnBattle(plan);
    const states = exactStates(plan);
    if (states > MAX_EXACT_STATES) {
      return {
        unsolved:
          `${states.toLocaleString('en-US')} states, ` +
          `more than the exact solver's ${MAX_EXACT_STATES.toLocaleString('en-US')}`,
      };
    }
    return solvePlan(plan, layoutOf(plan).size);
  },
  describe: (view) => (view.plan.kind === 'turn' ? describeTurn(view as never) : describeLandgrab(view as never)),
  // The armies needed for a target, and the stop rule for an objective: advice/. A turn's plan is its own advice.
  advise: (view) =>
    view.plan.kind !== 'turn'
      ? adviseLandgrab(view as never)
      : view.question.solveFor !== undefined
        ? view.described
        : { ...view.described, verdict: [...(view.described.verdict ?? []), TURN_ADVICE] },
  // What the stop rule optimises (`--objective`, `objective`; "stopRule" in an entry): advice/objectives.ts.
  objectives: ['armies', 'conquest', 'value'],
  // "How many armies do I need?" with the attacking force left out: force.ts.
  force: landgrabForce as never,
  // How many armies a target needs, when to stop, the defender's spread, a turn's plan: decisions.ts.
  decisions: landgrabDecisions,
};
