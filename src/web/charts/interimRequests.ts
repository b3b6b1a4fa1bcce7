/**
 * INTERIM, until the chart module (src/output/charts/fromReport.ts on the `charts` branch)
 * is merged: the engine's own chart requests, built from a report the way that module
 * builds them (a battle's outcome distribution; a two-axis sweep's headline heatmap).
 * charts/adapter.ts is the one place that chooses between this file and the module.
 */
import type { BattleReport, DistributionChart, HeatmapChart, Metric, SweepReport } from '../../engine/report.js';
import { percentShort, thousands } from '../../kit/format.js';

/** One panel per x title, each distribution a series, exact values when the report has them. */
export function distributionRequest(report: BattleReport): DistributionChart | null {
  const panels = new Map<string, DistributionChart['panels'][number]>();
  for (const d of report.distributions) {
    if (d.values.length === 0) continue;
    const panel = panels.get(d.xLabel) ?? { xTitle: d.xLabel, series: [] };
    const [from, to] = visibleRange(d.probabilities, d.exact);
    panel.series.push({
      label: d.given ? `${d.label}, ${d.given}` : d.label,
      side: d.series,
      values: d.values.slice(from, to),
      probabilities: d.probabilities.slice(from, to),
      ...(d.exact ? { exact: d.exact.slice(from, to) } : {}),
    });
    panels.set(d.xLabel, panel);
  }
  if (panels.size === 0) return null;
  const exactOnly = report.method === 'exact';
  const how = exactOnly ? 'exact' : `${thousands(report.trials)} trials, seed ${report.seed}`;
  return {
    kind: 'distribution',
    name: 'distribution',
    title: 'Outcome distribution',
    subtitle: [report.label, `${how}${report.partial ? ' (so far)' : ''}`],
    exactOnly,
    panels: [...panels.values()],
  };
}

/** Values below this probability at both ends of a distribution are left out of its chart (invisible as bars). */
const VISIBLE = 1e-4;

/** [from, to) of the values from the first to the last one with a visible probability. */
function visibleRange(probabilities: number[], exact?: number[]): [number, number] {
  const seen = (i: number) => Math.max(probabilities[i], exact?.[i] ?? 0) >= VISIBLE;
  let from = 0;
  let to = probabilities.length;
  while (from < to && !seen(from)) from++;
  while (to > from && !seen(to - 1)) to--;
  return from < to ? [from, to] : [0, probabilities.length];
}

function headlineOf(sweep: SweepReport, metrics: Metric[]): Metric {
  return metrics.find((m) => m.key === sweep.headline.key) ?? metrics[0];
}

/** The headline of the first variant over the first two axes, exact where known. */
export function sweepRequests(scenario: string, sweep: SweepReport): HeatmapChart[] {
  if (sweep.axes.length < 2 || sweep.cells.length === 0) return [];
  const [x, y] = sweep.axes;
  const exact = sweep.cells.every((c) => headlineOf(sweep, c.variants[0].metrics).exact !== undefined);
  const text = sweep.cells.length <= 160;
  const chartValue = (v: string | number | boolean) => (typeof v === 'boolean' ? String(v) : v);
  return [
    {
      kind: 'heatmap',
      name: 'sweep',
      title: `${sweep.headline.label} by ${x.title} and ${y.title}`,
      subtitle: [
        `${scenario}: ${exact ? 'exact values' : `Monte Carlo, ${thousands(sweep.cells[0].trials)} trials per cell`}`,
      ],
      x: { title: x.title, values: x.values.map(chartValue) },
      y: { title: y.title, values: [...y.values].reverse().map(chartValue) },
      colour: { scale: 'probability', title: sweep.headline.label },
      cells: sweep.cells.map((c) => {
        const m = headlineOf(sweep, c.variants[0].metrics);
        const value = exact ? (m.exact ?? m.estimate) : m.estimate;
        return {
          x: chartValue(c.at[0]),
          y: chartValue(c.at[1]),
          value,
          ...(text ? { text: cellText(value) } : {}),
        };
      }),
    },
  ];
}

/** A cell's probability in a few characters, never 0% or 100% unless certain. */
function cellText(p: number): string {
  if (p > 0 && p < 0.01) return '<1%';
  if (p < 1 && p > 0.99) return '>99%';
  return percentShort(p)
    .replace(/\.\d%$/, '%')
    .replace(/\.\d(?=%)/, '');
}
