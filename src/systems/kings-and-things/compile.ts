/**
 * Validated entries into plans: counters into loss orders, loss orders into per-step
 * tables, and each battle kind's layout (one function per kind, plan.ts) with its offsets
 * in the plan.
 */
import type { Compiled } from '../../engine/contract.js';
import {
  isBuilding,
  cityCounter,
  countersOf,
  fortCounter,
  fortLevelOf,
  villageCounter,
  MAGIC,
  RANGED,
  type Counter,
  type CreatureSpec,
} from './counters.js';
import { lossOrder } from './lossOrder.js';
import { compileSide } from './tables.js';
import { compileRetreat } from './retreat.js';
import { roster } from './roster.js';
import {
  DUEL_HEADLINE,
  EXPLORE_HEADLINE,
  MULTI_HEADLINE,
  NEVER,
  TARGET_DEFENDER,
  TARGET_NEXT,
  TARGET_PLAYER,
  TARGET_STRONGEST,
  TARGET_WEAKEST,
  duelLayout,
  exploreLayout,
  multiLayout,
  type DuelPlan,
  type DuelRules,
  type ExplorePlan,
  type CupClasses,
  type ExploreRules,
  type KtPlan,
  type MultiPlan,
  type RetreatRule,
} from './plan.js';
import type { BattleEntry, ExploreEntry, KtEntry, MultiEntry, RetreatHex, RetreatPolicy } from './schema.js';

/** The defender's counters in the hex: creatures, then the fort, city and village. */
export function hexCounters(
  d: { creatures: CreatureSpec[]; city?: boolean; village?: boolean },
  fort: number,
): Counter[] {
  return [
    ...countersOf(d.creatures),
    ...(fort > 0 ? [fortCounter(fort)] : []),
    ...(d.city ? [cityCounter()] : []),
    ...(d.village ? [villageCounter()] : []),
  ];
}

/** A side's retreat rule: NEVER without a retreat hex (11.6: "your force may not retreat"). */
export function retreatRule(side: { retreat: RetreatPolicy; retreatHex: RetreatHex }): RetreatRule {
  return side.retreatHex === false ? NEVER : compileRetreat(side.retreat);
}

/** Friendly creatures already in a side's retreat hex. */
export const friendlyIn = (side: { retreatHex: RetreatHex }) =>
  side.retreatHex === false ? 0 : side.retreatHex.creatures;

export function specialsIn(d: { city?: boolean; village?: boolean; income?: string[] }): number {
  return (d.city ? 1 : 0) + (d.village ? 1 : 0) + (d.income?.length ?? 0);
}

export function duelRules(entry: BattleEntry): DuelRules {
  const { attacker, defender } = entry;
  const fort = fortLevelOf(defender.fort);
  const aOrder = lossOrder(countersOf(attacker.creatures), attacker.losses ?? 'weakest-first', 'weakest-first').order;
  const dOrder = lossOrder(hexCounters(defender, fort), defender.losses ?? 'buildings-first', 'buildings-first').order;
  return {
    attacker: compileSide(aOrder),
    defender: compileSide(dOrder),
    defenderBuildings: compileSide(dOrder.filter(isBuilding)),
    buildingsFightOn: defender.fortAfterRetreat !== 'falls',
    attackerRetreat: retreatRule(attacker),
    defenderRetreat: entry.unexplored ? NEVER : retreatRule(defender),
    attackerFriendly: friendlyIn(attacker),
    defenderFriendly: friendlyIn(defender),
    fortLevel: fort,
    specials: specialsIn(defender),
  };
}

export function compileBattle(entry: BattleEntry): Compiled<DuelPlan> {
  const rules = duelRules(entry);
  const { layout, at } = duelLayout(rules);
  return { type: 'battle', plan: { kind: 'battle', ...rules, at }, layout, headline: DUEL_HEADLINE };
}

export function playerNames(entry: MultiEntry): string[] {
  return entry.players.map((p, i) => p.name ?? (i === 0 ? 'Defender' : `Attacker ${i}`));
}

export function targetCode(target: string, names: string[]): number {
  switch (target) {
    case 'strongest':
      return TARGET_STRONGEST;
    case 'weakest':
      return TARGET_WEAKEST;
    case 'defender':
      return TARGET_DEFENDER;
    case 'next':
      return TARGET_NEXT;
    default:
      return TARGET_PLAYER + names.indexOf(target);
  }
}

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

/**
 * The cup as counter classes (value, step, dice) with their copies. `onBoard` counters of the
 * roster are taken out of the 1986 cup (they are in play, not in the cup).
 */
export function cupClasses(cup: ExploreEntry['cup'], onBoard: readonly Counter[]): CupClasses {
  type Class = Pick<Counter, 'value' | 'step' | 'dice' | 'hits' | 'hitModifier'>;
  const classes = new Map<string, Class & { copies: number }>();
  const addCopies = (c: Class, copies: number) => {
    const key = `${c.value}/${c.step}/${c.dice}/${c.hits}/${c.hitModifier}`;
    const { value, step, dice, hits, hitModifier } = c;
    const entryFor = classes.get(key) ?? { value, step, dice, hits, hitModifier, copies: 0 };
    entryFor.copies += copies;
    classes.set(key, entryFor);
  };
  if (Array.isArray(cup)) {
    for (const c of countersOf(cup)) addCopies(c, 1);
  } else {
    const r = roster();
    const keyOf = (name: string, value: number, step: number, dice: number) =>
      `${name.toLowerCase()}|${value}|${step}|${dice}`;
    const used = new Map<string, number>();
    for (const c of onBoard) {
      const key = keyOf(c.name, c.value, c.step, c.dice);
      used.set(key, (used.get(key) ?? 0) + 1);
    }
    for (const c of r.creatures) {
      const step = c.magic ? MAGIC : c.ranged ? RANGED : 2;
      const dice = c.charge ? 2 : 1;
      const key = keyOf(c.name, c.value, step, dice);
      let copies = c.copies;
      const taken = used.get(key) ?? 0;
      if (taken > 0) {
        const removed = Math.min(taken, copies);
        copies -= removed;
        used.set(key, taken - removed);
      }
      addCopies({ value: c.value, step, dice, hits: 1, hitModifier: 0 }, copies);
    }
    if (cup === 'all-counters') addCopies({ value: 0, step: 2, dice: 1, hits: 1, hitModifier: 0 }, r.otherCupCounters);
  }
  const list = [...classes.values()].filter((c) => c.copies > 0);
  return {
    classValue: Int8Array.from(list, (c) => c.value),
    classStep: Int8Array.from(list, (c) => c.step),
    classDice: Int8Array.from(list, (c) => c.dice),
    classHits: Int8Array.from(list, (c) => c.hits),
    classMod: Int8Array.from(list, (c) => c.hitModifier),
    classCopies: Int32Array.from(list, (c) => c.copies),
  };
}

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

export function compileKingsAndThings(entry: KtEntry): Compiled<KtPlan> {
  switch (entry.type) {
    case 'battle':
      return compileBattle(entry);
    case 'multi':
      return compileMulti(entry);
    case 'explore':
      return compileExplore(entry);
  }
}
