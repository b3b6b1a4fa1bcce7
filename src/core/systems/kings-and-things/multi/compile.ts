/**
 * A battle of several players into its plan: each player's loss order into per-step tables,
 * targets as codes, and over an unexplored hex the cup its last army draws defenders from.
 */
import type { Compiled } from '../../../model/contract.js';
import { countersOf, fortLevelOf, isBuilding } from '../rules/counters.js';
import { hexCounters, specialsIn } from '../rules/hex.js';
import { lossOrder } from '../rules/lossOrder.js';
import { friendlyIn, retreatRule } from '../rules/retreat.js';
import { compileSide } from '../rules/tables.js';
import { targetCode } from '../rules/targets.js';
import { cupClasses } from '../explore/cup.js';
import { MULTI_HEADLINE, multiLayout, type MultiPlan } from './plan.js';
import { playerNames, type MultiEntry } from './schema.js';

export function compileMulti(entry: MultiEntry): Compiled<MultiPlan> {
  const names = playerNames(entry);
  const owner = entry.players[0];
  const fort = fortLevelOf(owner.fort);
  const orders = entry.players.map((p, i) => {
    const counters = i === 0 ? hexCounters(p, fort) : countersOf(p.creatures);
    const fallback = i === 0 ? 'buildings-first' : 'weakest-first';
    return lossOrder(counters, p.losses ?? fallback, fallback).order;
  });
  const rules = {
    names,
    sides: orders.map((o) => compileSide(o)),
    buildings: orders.map((o) => compileSide(o.filter(isBuilding))),
    buildingsFightOn: owner.fortAfterRetreat !== 'falls',
    retreats: entry.players.map(retreatRule),
    friendly: entry.players.map(friendlyIn),
    targets: entry.players.map((p) => targetCode(p.target, names)),
    fortLevel: fort,
    specials: specialsIn(owner),
    unowned: entry.unexplored,
    // Every army's roster counters are on the board, not in the cup.
    cup: entry.unexplored
      ? cupClasses(
          entry.cup ?? 'all-counters',
          entry.players.flatMap((p) => countersOf(p.creatures)),
        )
      : cupClasses([], []),
  };
  const { layout, at } = multiLayout(rules);
  return { type: 'multi', plan: { kind: 'multi', ...rules, at }, layout, headline: MULTI_HEADLINE };
}
