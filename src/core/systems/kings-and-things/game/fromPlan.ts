/**
 * A compiled battle plan (../duel/plan.ts `DuelPlan`, what the engine and `solveDuel` use) as a
 * game: the counters of each side and the plan's own fixed loss orders and retreat rules as
 * controls, so the same battle can be solved with the plan's policies (equal to
 * `solveDuel`) and with optimal play.
 *
 * @example
 * const game = gameFromPlan(plan);
 * if ('battle' in game) solveGame(game.battle, { attacker: game.attacker, defender: game.defender }).ok;
 */
import type { Counter, CounterKind } from '../rules/counters.js';
import type { DuelPlan } from '../duel/plan.js';
import type { SideTables } from '../rules/tables.js';
import { orderControl, retreatRuleProblem, type SideControl } from './controls.js';
import type { GameBattle } from './battle.js';

export interface PlanGame {
  battle: GameBattle;
  /** The plan's loss orders and retreat rules. */
  attacker: SideControl;
  defender: SideControl;
}

function buildingKind(name: string): CounterKind {
  return name === 'City' ? 'city' : name === 'Village' ? 'village' : 'fort';
}

/** A compiled side's counters, in its loss order. */
export function countersOf(t: SideTables): Counter[] {
  return t.names.map((name, i) => ({
    name,
    kind: t.building[i] ? buildingKind(name) : 'creature',
    value: t.value[i],
    step: t.step[i],
    dice: t.dice[i],
    hits: t.hits[i],
    hitModifier: t.hitModifier[i],
    flying: false,
  }));
}

/**
 * The plan as a game. `unexplored` must be passed: the plan only keeps its effect (the
 * defender's retreat rule is `never`), which optimal play would otherwise not respect.
 */
export function gameFromPlan(plan: DuelPlan, o: { unexplored?: boolean } = {}): PlanGame | { problem: string } {
  for (const rule of [plan.attackerRetreat, plan.defenderRetreat]) {
    const problem = retreatRuleProblem(rule);
    if (problem) return { problem };
  }
  const attacker = countersOf(plan.attacker);
  const defender = countersOf(plan.defender);
  return {
    battle: {
      attacker,
      defender,
      unexplored: o.unexplored ?? false,
      fortAfterRetreat: plan.buildingsFightOn ? 'fights-on' : 'falls',
    },
    attacker: orderControl(attacker, 'plan order', plan.attackerRetreat),
    defender: orderControl(defender, 'plan order', plan.defenderRetreat),
  };
}
