/**
 * Kings & Things (West End Games, 1986), combat rules 9-12: magic, ranged and melee
 * steps, forts, cities and villages that absorb hits, loss and retreat policies,
 * the post-battle roll, multi-player battles and exploration.
 *
 * Rules readings (all listed, with reasons and switches, in docs/kings-and-things.md;
 * details in each module's header):
 * - A round is magic, ranged, melee; within a step all roll, then losses (11.5). Hit on
 *   die <= current value; charge rolls two dice; flying has no effect in combat here.
 * - Tower 1 / keep 2 / city 2 / village 1 melee, castle 3 ranged, citadel 4 magic; they
 *   absorb up to their current value, fire reduced, keep their step, neutralized at 0.
 * - Loss policies are fixed priority orders chosen before the battle (lossOrder.ts).
 * - Retreat at the end of a round, attacker first (multi: attackers from the defender's
 *   left, then the defender); conditions combine with "or" (retreat.ts). A defender whose
 *   creatures retreat leaves its buildings to fight on; the attacker then captures only
 *   by neutralizing them (switch `fortAfterRetreat: falls`: the hex is captured at once).
 * - Special characters fight with their printed value and flags; their powers are ignored.
 * - Capture needs a fighting attacker and no fighting defender; mutual elimination and
 *   battles unresolved after 1000 rounds go to the defender (11.71).
 * - Special income counters neither fight nor absorb hits; with cities, villages and forts
 *   they take the post-battle roll (postBattle.ts). Survivors counted are creatures and
 *   characters (retreated ones included); buildings are reported by the fort level after.
 * - Multi-player: the first player is the hex owner; holder = the one player left, else
 *   the owner (11.71). Exploration: explore.ts.
 */
import type { CompiledBattle, RuleSystemWithOdds } from '../../engine/system.js';
import { kingsAndThingsEntrySchema, type KtEntry } from './schema.js';
import { checkEntry } from './check.js';
import { compileBattle, compileExplore, compileFortLevels, compileMulti } from './compile.js';
import { duelLayout, exploreLayout, fortLevelsOffsets, multiLayout, type KtPlan } from './plan.js';
import { kingsAndThingsKernels } from './kernels.js';
import { EXACT_SCOPE, cannotSolveReason, solvePlan } from './exact.js';
import { summarizeKingsAndThings } from './summarize.js';
import { kingsAndThingsOdds } from './odds.js';

function compile(entry: KtEntry, label: string): CompiledBattle<KtPlan> {
  switch (entry.type) {
    case 'battle': {
      const plan = compileBattle(entry);
      return { label, type: entry.type, plan, tallySize: duelLayout(plan).size };
    }
    case 'fort-levels': {
      const plan = compileFortLevels(entry);
      return { label, type: entry.type, plan, tallySize: fortLevelsOffsets(plan).size };
    }
    case 'multi': {
      const plan = compileMulti(entry);
      return { label, type: entry.type, plan, tallySize: multiLayout(plan).size };
    }
    case 'explore': {
      const plan = compileExplore(entry);
      return { label, type: entry.type, plan, tallySize: exploreLayout(plan).size };
    }
  }
}

/**
 * Count of the headline event: the attacker captures (fort-levels: against the first
 * listed level), the first-listed attacker ends holding the hex (multi), or the hex is
 * explored successfully.
 */
function headlineCount(plan: KtPlan, tally: Float64Array): number {
  switch (plan.kind) {
    case 'battle': {
      const L = duelLayout(plan);
      return tally[L.outcome] + tally[L.outcome + 1];
    }
    case 'fort-levels': {
      const L = duelLayout(plan.duels[0]);
      return tally[L.outcome] + tally[L.outcome + 1];
    }
    case 'multi':
      return tally[multiLayout(plan).holder + 1];
    case 'explore': {
      const L = exploreLayout(plan);
      return tally[L.outcome] + tally[L.outcome + 1];
    }
  }
}

export const kingsAndThings: RuleSystemWithOdds<KtEntry, KtPlan> = {
  id: 'kings-and-things',
  title: 'Kings & Things (forts, cities, magic/ranged/melee steps, retreats, multi-player, exploration)',
  battleSchema: kingsAndThingsEntrySchema as never,
  check: checkEntry,
  compile,
  kernels: kingsAndThingsKernels,
  headlineCount,
  solve: solvePlan,
  exactScope: EXACT_SCOPE,
  cannotSolveReason,
  summarize: summarizeKingsAndThings,
  odds: kingsAndThingsOdds,
  benchCase: {
    label: 'six mixed creatures against a castle with two defenders',
    targetPerThread: 2,
    entry: {
      type: 'battle',
      attacker: { creatures: ['Giant:4', 'Elves:2R', 'Dragon:3*C', 'Knight:3C', 'Nomads:1', 'Bandits:2'] },
      defender: { creatures: ['Ogre:2', 'Archers:2R'], fort: 'castle' },
    },
  },
};
