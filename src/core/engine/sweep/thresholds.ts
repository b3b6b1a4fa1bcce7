/**
 * "How many do I need?": for every combination of the other axes and every variant, the
 * first value of the sweep's first axis (in its declared order) where a probability
 * reaches a target. Exact values are used where every cell has one; otherwise the
 * estimate, with its interval at the answer so the reader sees how sure it is.
 */
import type { Metric, SweepAxisReport, SweepCellReport, ThresholdRow } from '../../model/report.js';

const DEFAULT_TARGETS = [0.5, 0.8, 0.95];

export function thresholdRows(
  axes: SweepAxisReport[],
  variants: string[],
  cells: SweepCellReport[],
  requested: Array<{ metric?: string; at: number[] }>,
): ThresholdRow[] {
  if (axes.length === 0 || cells.length === 0) return [];
  const headline = cells[0].variants[0].metrics[0].key;
  const specs = requested.length > 0 ? requested : [{ at: defaultTargets(cells) }];
  const firstAxis = axes[0].values.length;
  const groups = cells.length / firstAxis;
  const rows: ThresholdRow[] = [];
  for (const spec of specs) {
    const key = spec.metric ?? headline;
    for (let v = 0; v < variants.length; v++) {
      // Cells run with the last axis fastest: the first axis steps by `groups`.
      for (let g = 0; g < groups; g++) {
        const column = Array.from({ length: firstAxis }, (_, k) => cells[k * groups + g]);
        const values = column.map((c) => metricOf(c, v, key));
        for (const target of spec.at) {
          const k = values.findIndex((m) => m !== undefined && shown(m) >= target);
          const m = k >= 0 ? values[k] : undefined;
          rows.push({
            metric: key,
            variant: variants[v],
            at: column[0].at.slice(1),
            target,
            value: k >= 0 ? column[k].at[0] : null,
            probability: m ? shown(m) : null,
            ...(m?.ci95 ? { ci95: m.ci95 } : {}),
          });
        }
      }
    }
  }
  return rows;
}

function metricOf(cell: SweepCellReport | undefined, variant: number, key: string): Metric | undefined {
  return cell?.variants[variant]?.metrics.find((m) => m.key === key && m.kind === 'probability');
}

function shown(m: Metric): number {
  return m.exact ?? m.estimate;
}

/** Where every headline is 0 or 1 (deterministic answers), one target says it all. */
function defaultTargets(cells: SweepCellReport[]): number[] {
  const certain = cells.every((c) => c.variants.every((v) => [0, 1].includes(shown(v.metrics[0]))));
  return certain ? [1] : DEFAULT_TARGETS;
}
