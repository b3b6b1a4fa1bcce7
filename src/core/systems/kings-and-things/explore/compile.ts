/** An exploration's entry into its plan: the explorer's tables, the cup's classes, bribery, the layout's offsets. */
import type { Compiled } from '../../../model/contract.js';
import { countersOf } from '../rules/counters.js';
import { lossOrder } from '../rules/lossOrder.js';
import { friendlyIn, retreatRule } from '../rules/retreat.js';
import { compileSide } from '../rules/tables.js';
import { cupClasses } from './cup.js';
import { EXPLORE_HEADLINE, exploreLayout, type ExplorePlan, type ExploreRules } from './plan.js';
import type { ExploreEntry } from './schema.js';

export function exploreRules(entry: ExploreEntry): ExploreRules {
  const explorer = countersOf(entry.explorer.creatures);
  const aOrder = lossOrder(explorer, entry.explorer.losses ?? 'weakest-first', 'weakest-first').order;
  return {
    explorer: compileSide(aOrder),
    explorerRetreat: retreatRule(entry.explorer),
    explorerFriendly: friendlyIn(entry.explorer),
    ...cupClasses(entry.cup, entry.removeExplorerFromCup ? explorer : []),
    bribeGold: entry.bribery === false ? -1 : entry.bribery.gold,
    bribeMultiplier: entry.bribery === false ? 1 : entry.bribery.double ? 2 : 1,
  };
}

export function compileExplore(entry: ExploreEntry): Compiled<ExplorePlan> {
  const rules = exploreRules(entry);
  const { layout, at } = exploreLayout(rules);
  return { type: 'explore', plan: { kind: 'explore', ...rules, at }, layout, headline: EXPLORE_HEADLINE };
}
