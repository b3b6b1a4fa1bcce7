/**
 * Princes & Queens' words: the verdict (possible or not, with the values and why), the
 * values as metrics, and how each value is made up as a table. With a question (`--target`,
 * `--advise`), from how far the attack still works: advice/.
 */
import type { Description, ResultView } from '../../model/contract.js';
import type { Decisions, Metric } from '../../model/report.js';
import type { PqEntry } from './schema.js';
import type { PqPlan } from './plan.js';
import type { AttackResult } from './values.js';
import { resolvePlan } from './exact.js';
import { attackVerdict, battleValuesDecision } from './verdict.js';

const value = (key: string, label: string, x: number): Metric => ({ key, label, kind: 'value', estimate: x, exact: x });

export function describePq(view: ResultView<PqEntry, PqPlan>): Description {
  const plan = view.plan;
  // Every battle is solved, so the detail is there; recomputing it is cheap and always agrees.
  const r = (view.exact?.detail as AttackResult | undefined) ?? resolvePlan(plan);
  const decisions: Decisions = { battleValues: battleValuesDecision(r, plan) };
  return {
    verdict: attackVerdict(r, plan, decisions.battleValues!),
    decisions,
    metrics: [
      value('attackerValue', 'Attacker Battle value (points)', r.attackerValue),
      value('defenderValue', 'Defender Battle value (points)', r.defenderValue),
      value('margin', 'Attack minus defence (points)', r.margin),
    ],
    tables: [
      {
        name: 'values',
        title: 'How each Battle value is made up',
        columns: ['piece', 'value', 'why'],
        rows: r.parts.map((part) => [part.piece, part.value, part.why]),
      },
    ],
    charts: [],
  };
}
