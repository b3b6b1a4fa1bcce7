/** Princes & Queens reports: exact values, the attack's legality and result, or the table. */
import type { BattleReport, Metric, SummarizeInput } from '../../engine/system.js';
import type { AttackPlan, PqPlan, TablePlan } from './plan.js';
import { resolveAttack, type AttackResult } from './values.js';
import { reportHeader } from '../../engine/reportParts.js';
import { attackHeatmap, attackTable, type AttackTableRow } from './table.js';
import { attackVerdict, tableVerdict } from './verdict.js';

export type PqSolution = { kind: 'attack'; result: AttackResult } | { kind: 'table'; rows: AttackTableRow[] };

export function solvePq(plan: PqPlan): PqSolution {
  if (plan.kind === 'table') return { kind: 'table', rows: attackTable(plan.maxDistance, plan.ties, plan.floor) };
  return { kind: 'attack', result: resolveAttack(plan.princes, plan.distance, plan.defence, plan.ties, plan.floor) };
}

const value = (key: string, label: string, x: number): Metric => ({ key, label, kind: 'value', estimate: x, exact: x });

export function summarizePq(input: SummarizeInput<PqPlan>): BattleReport {
  const plan = input.battle.plan;
  const solution = (input.exact as PqSolution | null) ?? solvePq(plan);
  const header = reportHeader('princes-and-queens', input);
  if (solution.kind === 'table')
    return { ...header, ...tableReport(plan as TablePlan, solution.rows, input.battle.label) };
  const r = solution.result;
  const p = plan as AttackPlan;
  return {
    ...header,
    verdict: attackVerdict(r, p.princes, p.distance, p.ties),
    metrics: [
      value(
        'attackPossible',
        'Attack possible (1 = yes, and it wins; 0 = the move does not count)',
        r.possible ? 1 : 0,
      ),
      value('attackerValue', 'Attacker Battle value (points)', r.attackerValue),
      value('defenderValue', 'Defender Battle value (points)', r.defenderValue),
      value('margin', 'Attack minus defence (points)', r.margin),
    ],
    distributions: [],
    json: {
      princes: p.princes,
      distance: p.distance,
      terrain: p.defence.terrain,
      defender: p.defence.kind,
      defenderDistance: p.defence.distance ?? null,
      withCity: p.defence.withCity,
      ties: p.ties,
      princeFloor: p.floor,
      attackerValue: r.attackerValue,
      defenderValue: r.defenderValue,
      possible: r.possible,
      result: r.result,
    },
    tables: { values: r.parts.map((part) => ({ piece: part.piece, value: part.value, why: part.why })) },
  };
}

function tableReport(plan: TablePlan, rows: AttackTableRow[], label: string) {
  const possible = rows.filter((r) => r.possible).length;
  return {
    verdict: tableVerdict(rows, plan.maxDistance, plan.ties, plan.floor),
    metrics: [
      value('attacks', 'Attacks tabulated', rows.length),
      value(
        'possibleShare',
        'Share of tabulated attacks that are possible',
        Math.round((possible / rows.length) * 1e4) / 1e4,
      ),
    ],
    distributions: [],
    json: { maxDistance: plan.maxDistance, ties: plan.ties, princeFloor: plan.floor, rows: rows.length, possible },
    tables: { attacks: rows.map((r) => ({ ...r })) },
    charts: [
      { name: 'attacks', spec: attackHeatmap(rows, `${label}: attack outcomes by distance and terrain`, plan.ties) },
    ],
  };
}
