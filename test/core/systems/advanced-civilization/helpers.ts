import { advancedCivilization as system } from '../../../../src/core/systems/advanced-civilization/index.js';
import type { ConflictOutcome } from '../../../../src/core/systems/advanced-civilization/outcome.js';
import type { ConflictPlan } from '../../../../src/core/systems/advanced-civilization/plan.js';
import type { FixedDetail } from '../../../../src/core/systems/advanced-civilization/exact.js';
import { compileEntry, type Battle } from '../../../../src/core/engine/validate/entry.js';
import { describeBattle } from '../../../../src/core/engine/answer/battle.js';
import { isUnsolved, type Solution } from '../../../../src/core/model/contract.js';
import { formatPath } from '../../../../src/core/model/inputError.js';
import type { BattleReport, Cell, Table } from '../../../../src/core/model/report.js';

/** Validate and compile a raw entry as a scenario would (throws an InputError naming the field). */
export function compileRaw(raw: unknown, label = 'test'): Battle<ConflictPlan> {
  return compileEntry(system, raw, 'test', '', label) as Battle<ConflictPlan>;
}

/** The schema's messages for a raw entry, cross-field checks included ("path: message"; empty when valid). */
export function problems(raw: unknown): string[] {
  const parsed = system.entry.safeParse(raw);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`);
}

/** The exact solution of a battle (throws when it has none). */
export function exactOf(battle: Battle<ConflictPlan>): Solution {
  const answer = system.solve!(battle.plan);
  if (isUnsolved(answer)) throw new Error(answer.unsolved);
  return answer;
}

/** Resolve a conflict with known counts the way the engine does (deterministic: solve, with detail). */
export function outcomeOf(raw: unknown): ConflictOutcome {
  const battle = compileRaw(raw);
  if (!battle.deterministic) throw new Error('not a fixed conflict');
  return (exactOf(battle).detail as FixedDetail).outcome;
}

/**
 * The report body of an exactly solved battle (verdict and its quotes, decisions, metrics, tables,
 * charts), as the engine builds it.
 */
export function reportOf(
  raw: unknown,
): Pick<BattleReport, 'verdict' | 'verdictQuotes' | 'decisions' | 'metrics' | 'distributions' | 'tables' | 'charts'> {
  const battle = compileRaw(raw);
  return describeBattle(system, battle, null, 0, exactOf(battle));
}

/** A table's rows as objects keyed by its column titles (for readable assertions only). */
export function rowsOf(table: Table | undefined): Array<Record<string, Cell>> {
  if (!table) throw new Error('no such table');
  return table.rows.map((row) => {
    const out: Record<string, Cell> = {};
    table.columns.forEach((c, i) => {
      out[c] = row[i];
    });
    return out;
  });
}

export function tableOf(report: Pick<BattleReport, 'tables'>, name: string): Table | undefined {
  return report.tables.find((t) => t.name === name);
}

/** Two nations, A (attacker) and B, with extra fields per side. */
export function duel(
  limit: number,
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return {
    type: 'conflict',
    limit,
    nations: [
      { name: 'A', ...a },
      { name: 'B', ...b },
    ],
    ...extra,
  };
}

export { system };
