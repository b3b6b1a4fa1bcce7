import { advancedCivilization as system } from '../../src/systems/advanced-civilization/index.js';
import type { ConflictOutcome } from '../../src/systems/advanced-civilization/outcome.js';
import type { BattleReport } from '../../src/engine/system.js';

/** Validate, check and compile a raw entry, throwing with the messages on failure. */
export function compileRaw(raw: unknown, label = 'test') {
  const parsed = system.battleSchema.safeParse(raw);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const issues = system.check!(parsed.data);
  if (issues.length) throw new Error(issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return system.compile(parsed.data, label);
}

/** The schema and check() messages of a raw entry (empty when it is valid). */
export function problems(raw: unknown): string[] {
  const parsed = system.battleSchema.safeParse(raw);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  return system.check!(parsed.data).map((i) => `${i.path.join('.')}: ${i.message}`);
}

/** Resolve a conflict with known counts the way the engine does (tallySize 0 -> solve). */
export function outcomeOf(raw: unknown): ConflictOutcome {
  const battle = compileRaw(raw);
  const solution = system.solve!(battle.plan) as { kind: string; outcome: ConflictOutcome };
  if (solution.kind !== 'outcome') throw new Error('not a fixed conflict');
  return solution.outcome;
}

export function reportOf(raw: unknown): BattleReport {
  const battle = compileRaw(raw);
  return system.summarize({ battle, tally: null, trials: 0, partial: false, exact: system.solve!(battle.plan) });
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
