/**
 * Kings & Things (West End Games, 1986), combat rules 9-12: magic, ranged and melee
 * steps, forts, cities and villages that absorb hits, loss and retreat policies,
 * the post-battle roll, multi-player battles and exploration.
 *
 * Battle types and their headline (the layout event that is the answer; the attacker's
 * chance in every type):
 * - `battle`: `pCapture`, P(the attacker captures the hex);
 * - `multi`: `holds_1`, P(the first-listed attacker ends holding the hex);
 * - `explore`: `pExplore`, P(the explorer explores the hex successfully).
 * Fort levels compared on one battle are a scenario sweep (variants that set `defender.fort`).
 *
 * Layout: a folder per battle type (duel/, multi/, explore/), each with its entry schema, plan
 * and layout, compile, kernels, exact solver and words; the rules they share in rules/ (counters
 * and roster, per-step tables, loss orders, retreats, the hex and its post-battle roll, the
 * counter-by-counter resolver, the layout's common histograms); the optimal-play game solver in
 * game/; what the player asks beyond the odds (the added creature, optimal play) in advice/.
 * This file hands each member of the contract to the battle type's own.
 *
 * Rules readings (all listed, with reasons and switches, in docs/kings-and-things.md;
 * details in each module's header):
 * - A round is magic, ranged, melee; within a step all roll, then losses (11.5). Hit on
 *   die <= current value; charge rolls two dice; flying has no effect in combat here.
 * - Tower 1 / keep 2 / city 2 / village 1 melee, castle 3 ranged, citadel 4 magic; they
 *   absorb up to their current value, fire reduced, keep their step, neutralized at 0.
 * - Loss policies are fixed priority orders chosen before the battle (rules/lossOrder.ts).
 * - Retreat at the end of a round, attacker first (multi: attackers from the defender's
 *   left, then the defender); conditions combine with "or" (rules/retreat.ts). A defender whose
 *   creatures retreat leaves its buildings to fight on; the attacker then captures only
 *   by neutralizing them (switch `fortAfterRetreat: falls`: the hex is captured at once).
 * - Special characters fight with their printed value and flags; their powers are ignored.
 * - Capture needs a fighting attacker and no fighting defender; mutual elimination and
 *   battles unresolved after 1000 rounds go to the defender (11.71).
 * - Exploration draws counters from the whole cup by default (those that are not creatures
 *   do not fight).
 * - Special income counters neither fight nor absorb hits; with cities, villages and forts
 *   they take the post-battle roll (rules/postBattle.ts). Survivors counted are creatures and
 *   characters (retreated ones included); buildings are reported by the fort level after.
 * - Multi-player: the first player is the hex owner; holder = the one player left, else
 *   the owner (11.71). Over an unexplored hex (11.9-11.92) nobody owns it: the last army left
 *   explores it and holds it only if that succeeds. Exploration: explore/exploration.ts.
 * - Retreats need a retreat hex (11.6); after one, the excess over 10 friendly creatures there
 *   is lost (9.2). A hex holds one fort and at most one special income counter (12.13).
 * - House-rule knobs (not official rules): `hits` and `hitModifier` per creature.
 */
import type {
  Compiled,
  Description,
  Kernel,
  ResultView,
  RuleSystem,
  Sampler,
  Solution,
  Unsolved,
} from '../../model/contract.js';
import { kingsAndThingsEntrySchema, type KtEntry } from './schema.js';
import type { KtPlan } from './plan.js';
import { compileBattle } from './duel/compile.js';
import { runDuelsFast, runDuelsFaithful } from './duel/kernels.js';
import { solveDuel } from './duel/exact.js';
import { compileMulti } from './multi/compile.js';
import { runMultiFast, runMultiFaithful } from './multi/kernels.js';
import { solveMulti } from './multi/exact.js';
import { compileExplore } from './explore/compile.js';
import { runExplorations } from './explore/kernels.js';
import { solveExploration } from './explore/exact.js';
import { describeDuel } from './duel/describe.js';
import { describeMulti } from './multi/describe.js';
import { describeExplore } from './explore/describe.js';
import { adviseKingsAndThings } from './advice/advise.js';
import { kingsAndThingsDecisions } from './decisions.js';

function compile(entry: KtEntry): Compiled<KtPlan> {
  switch (entry.type) {
    case 'battle':
      return compileBattle(entry);
    case 'multi':
      return compileMulti(entry);
    case 'explore':
      return compileExplore(entry);
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
const sampler: Sampler<KtPlan> = { fast, faithful };

/** The exact answer in the plan's layout, or why there is none (in a player's words). */
function solve(plan: KtPlan): Solution | Unsolved {
  switch (plan.kind) {
    case 'battle':
      return solveDuel(plan);
    case 'multi':
      return solveMulti(plan);
    case 'explore':
      return solveExploration(plan);
  }
}

/**
 * The battle in words (first line = the answer, opening with the recommendation), tables and
 * chart requests, every number a named value of the report.
 */
function describe(view: ResultView<KtEntry, KtPlan>): Description {
  const plan = view.plan;
  switch (plan.kind) {
    case 'battle':
      return describeDuel(view, plan);
    case 'multi':
      return describeMulti(view, plan);
    case 'explore':
      return describeExplore(view, plan);
  }
}

export const kingsAndThings: RuleSystem<KtEntry, KtPlan> = {
  id: 'kings-and-things',
  title: 'Kings & Things (forts, cities, magic/ranged/melee steps, retreats, multi-player, exploration)',
  get entry() {
    return kingsAndThingsEntrySchema();
  },
  compile,
  sampler,
  solve,
  describe,
  advise: adviseKingsAndThings,
  // Optimal play and the creature to add: decisions.ts.
  decisions: kingsAndThingsDecisions,
};
