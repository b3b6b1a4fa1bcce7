/**
 * Princes & Queens: deterministic Battle values (seed 002). Nothing is sampled: every
 * battle compiles with tallySize 0 and is answered by solve(). Rules and readings:
 * docs/princes-and-queens.md.
 */
import type { CompiledBattle, FieldIssue, Kernel, RuleSystemWithOdds } from '../../engine/system.js';
import { princesAndQueensEntrySchema, type PqEntry } from './schema.js';
import type { PqPlan } from './plan.js';
import { solvePq, summarizePq } from './summarize.js';
import { pqOdds } from './odds.js';

function check(entry: PqEntry): FieldIssue[] {
  if (entry.type === 'table') return [];
  const issues: FieldIssue[] = [];
  if (entry.distance === 0) {
    issues.push({
      path: ['distance'],
      message: "distance must be >= 1: an attacking Prince cannot end his move on his own Queen's hex",
    });
  }
  const prince = entry.defender === 'prince' || entry.defender === 'two-princes';
  if (prince && entry.defenderDistance === undefined) {
    issues.push({
      path: ['defenderDistance'],
      message: 'a defending Prince needs defenderDistance: the hexes from him to his own Queen',
    });
  }
  if (prince && entry.defenderDistance === 0) {
    issues.push({
      path: ['defenderDistance'],
      message: 'defenderDistance must be >= 1: a Prince cannot share a hex with his own Queen',
    });
  }
  if (!prince && entry.defenderDistance !== undefined) {
    issues.push({
      path: ['defenderDistance'],
      message: `defenderDistance only applies to a defending Prince, not a ${entry.defender}`,
    });
  }
  if (entry.defender === 'city' && entry.withCity) {
    issues.push({
      path: ['withCity'],
      message: 'withCity adds a City to a defending pawn; for a City alone use defender "city" without withCity',
    });
  }
  return issues;
}

function compile(entry: PqEntry, label: string): CompiledBattle<PqPlan> {
  if (entry.type === 'table')
    return {
      label,
      type: 'table',
      plan: { kind: 'table', maxDistance: entry.maxDistance, ties: entry.ties, floor: entry.princeFloor },
      tallySize: 0,
    };
  return {
    label,
    type: 'attack',
    plan: {
      kind: 'attack',
      princes: entry.princes,
      distance: entry.distance,
      defence: {
        kind: entry.defender,
        terrain: entry.terrain,
        distance: entry.defenderDistance,
        withCity: entry.withCity,
      },
      ties: entry.ties,
      floor: entry.princeFloor,
    },
    tallySize: 0,
  };
}

/** Never called: no Princes & Queens battle is sampled (tallySize is always 0). */
const noSampling: Kernel<PqPlan> = () => {};

export const princesAndQueens: RuleSystemWithOdds<PqEntry, PqPlan> = {
  id: 'princes-and-queens',
  title: 'Princes & Queens (deterministic Battle values of Princes, Queens and Cities)',
  battleSchema: princesAndQueensEntrySchema as never,
  check,
  compile,
  kernels: { fast: noSampling, faithful: noSampling },
  headlineCount: () => 0,
  solve: solvePq,
  deterministic: true,
  summarize: summarizePq,
  odds: pqOdds,
};
