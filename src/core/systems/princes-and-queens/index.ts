/**
 * Princes & Queens: deterministic Battle values (seed 002). Nothing is random, so the
 * system has no sampler: every attack is solved, as a one-hot vector over its outcomes
 * (possible and wins / not possible). Rules and readings: docs/princes-and-queens.md.
 */
import type { RuleSystem } from '../../model/contract.js';
import { princesAndQueensEntrySchema, type PqEntry } from './schema.js';
import type { PqPlan } from './plan.js';
import { compilePq } from './compile.js';
import { solvePq } from './exact.js';
import { describePq } from './describe.js';
import { advisePq } from './advice/advise.js';
import { princesAndQueensDecisions } from './decisions.js';

export const princesAndQueens: RuleSystem<PqEntry, PqPlan> = {
  id: 'princes-and-queens',
  title: 'Princes & Queens (deterministic Battle values of Princes, Queens and Cities)',
  get entry() {
    return princesAndQueensEntrySchema();
  },
  compile: compilePq,
  solve: solvePq,
  describe: describePq,
  advise: advisePq,
  // The Battle values and from how far an attack works: decisions.ts.
  decisions: princesAndQueensDecisions,
};
