/**
 * Scenario entries into plans: counters into loss orders, loss orders into tables.
 */
import { isBuilding, cityCounter, fortCounter, villageCounter, MAGIC, RANGED, type Counter } from './counters.js';
import { lossOrder } from './lossOrder.js';
import { compileSide } from './tables.js';
import { compileRetreat } from './retreat.js';
import { roster } from './roster.js';
import {
  NEVER,
  TARGET_DEFENDER,
  TARGET_NEXT,
  TARGET_PLAYER,
  TARGET_STRONGEST,
  TARGET_WEAKEST,
  type DuelPlan,
  type ExplorePlan,
  type FortLevelsPlan,
  type MultiPlan,
} from './plan.js';
import type { BattleEntry, ExploreEntry, FortLevelsEntry, MultiEntry } from './schema.js';

type Defender = BattleEntry['defender'];

export function hexCounters(d: { creatures: Counter[]; city?: boolean; village?: boolean }, fort: number): Counter[] {
  return [
    ...d.creatures,
    ...(fort > 0 ? [fortCounter(fort)] : []),
    ...(d.city ? [cityCounter()] : []),
    ...(d.village ? [villageCounter()] : []),
  ];
}

export function specialsIn(d: { city?: boolean; village?: boolean; income?: string[] }): number {
  return (d.city ? 1 : 0) + (d.village ? 1 : 0) + (d.income?.length ?? 0);
}

export function compileDuel(
  attacker: BattleEntry['attacker'],
  defender: Omit<Defender, 'fort'>,
  fort: number,
  unexplored: boolean,
): DuelPlan {
  const aOrder = lossOrder(attacker.creatures, attacker.losses ?? 'weakest-first', 'weakest-first').order;
  const dOrder = lossOrder(hexCounters(defender, fort), defender.losses ?? 'buildings-first', 'buildings-first').order;
  return {
    kind: 'battle',
    attacker: compileSide(aOrder),
    defender: compileSide(dOrder),
    defenderBuildings: compileSide(dOrder.filter(isBuilding)),
    buildingsFightOn: defender.fortAfterRetreat !== 'falls',
    attackerRetreat: compileRetreat(attacker.retreat),
    defenderRetreat: unexplored ? NEVER : compileRetreat(defender.retreat),
    fortLevel: fort,
    specials: specialsIn(defender),
  };
}

export function compileBattle(entry: BattleEntry): DuelPlan {
  return compileDuel(entry.attacker, entry.defender, entry.defender.fort, entry.unexplored);
}

export function compileFortLevels(entry: FortLevelsEntry): FortLevelsPlan {
  return {
    kind: 'fort-levels',
    levels: entry.levels,
    duels: entry.levels.map((level) => compileDuel(entry.attacker, entry.defender, level, entry.unexplored)),
  };
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

export function compileMulti(entry: MultiEntry): MultiPlan {
  const names = playerNames(entry);
  const owner = entry.players[0];
  const fort = owner.fort ?? 0;
  const orders = entry.players.map((p, i) => {
    const counters = i === 0 ? hexCounters(p, fort) : p.creatures;
    const fallback = i === 0 ? 'buildings-first' : 'weakest-first';
    return lossOrder(counters, p.losses ?? fallback, fallback).order;
  });
  return {
    kind: 'multi',
    names,
    sides: orders.map((o) => compileSide(o)),
    buildings: orders.map((o) => compileSide(o.filter(isBuilding))),
    buildingsFightOn: owner.fortAfterRetreat !== 'falls',
    retreats: entry.players.map((p, i) => (i === 0 && entry.unexplored ? NEVER : compileRetreat(p.retreat))),
    targets: entry.players.map((p) => targetCode(p.target, names)),
    fortLevel: fort,
    specials: specialsIn(owner),
  };
}

/** Counter classes (value, step, dice) and their copies in the cup. */
export function compileExplore(entry: ExploreEntry): ExplorePlan {
  const classes = new Map<string, { value: number; step: number; dice: number; copies: number }>();
  const addCopies = (c: Pick<Counter, 'value' | 'step' | 'dice'>, copies: number) => {
    const key = `${c.value}/${c.step}/${c.dice}`;
    const entryFor = classes.get(key) ?? { value: c.value, step: c.step, dice: c.dice, copies: 0 };
    entryFor.copies += copies;
    classes.set(key, entryFor);
  };
  if (Array.isArray(entry.cup)) {
    for (const c of entry.cup) addCopies(c, 1);
  } else {
    const r = roster();
    // The explorer's own roster counters are on the board, not in the cup.
    const keyOf = (name: string, value: number, step: number, dice: number) =>
      `${name.toLowerCase()}|${value}|${step}|${dice}`;
    const used = new Map<string, number>();
    if (entry.removeExplorerFromCup) {
      for (const c of entry.explorer.creatures) {
        const key = keyOf(c.name, c.value, c.step, c.dice);
        used.set(key, (used.get(key) ?? 0) + 1);
      }
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
      addCopies({ value: c.value, step, dice }, copies);
    }
    if (entry.cup === 'all-counters') addCopies({ value: 0, step: 2, dice: 1 }, r.otherCupCounters);
  }
  const list = [...classes.values()].filter((c) => c.copies > 0);
  const aOrder = lossOrder(entry.explorer.creatures, entry.explorer.losses ?? 'weakest-first', 'weakest-first').order;
  return {
    kind: 'explore',
    explorer: compileSide(aOrder),
    explorerRetreat: compileRetreat(entry.explorer.retreat),
    classValue: Int8Array.from(list, (c) => c.value),
    classStep: Int8Array.from(list, (c) => c.step),
    classDice: Int8Array.from(list, (c) => c.dice),
    classCopies: Int32Array.from(list, (c) => c.copies),
    bribeGold: entry.bribery === false ? -1 : entry.bribery.gold,
    bribeMultiplier: entry.bribery === false ? 1 : entry.bribery.double ? 2 : 1,
  };
}
