/**
 * Vega-Lite specs built from reports. The survivor chart shows every distribution of
 * a battle as bars (Monte Carlo estimate) with the exact probabilities, when known,
 * as black ticks on top, so a reader sees at a glance that the two agree.
 */
import type { Distribution } from '../engine/system.js';
import type { RunReport } from '../engine/runBattle.js';
import { CHART_CONFIG, seriesColours } from './theme.js';
import { roundSignificant, thousands } from './format.js';

export type VegaLiteSpec = Record<string, unknown>;

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** One panel per group of distributions sharing an x axis (e.g. "armies left"). */
export function distributionChart(report: RunReport): VegaLiteSpec | null {
  const groups = new Map<string, Distribution[]>();
  for (const d of report.distributions) {
    if (d.values.length === 0) continue;
    const key = d.xLabel;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  if (groups.size === 0) return null;
  const panels = [...groups.entries()].map(([xLabel, dists]) => panel(xLabel, dists, report.method === 'exact'));
  const subtitle =
    report.method === 'exact'
      ? `${report.system} ${report.type}, exact`
      : `${report.system} ${report.type}, ${thousands(report.trials)} trials, seed ${report.seed}${report.partial ? ' (PARTIAL: interrupted)' : ''}`;
  const hasExact = report.method !== 'exact' && report.distributions.some((d) => d.exact);
  const title = {
    text: `${report.label}: outcome distribution`,
    subtitle: hasExact ? [subtitle, 'bars: Monte Carlo estimate; black ticks: exact probability'] : subtitle,
  };
  const base = { $schema: SCHEMA, title, config: CHART_CONFIG };
  return panels.length === 1
    ? { ...base, ...panels[0] }
    : { ...base, vconcat: panels, resolve: { scale: { color: 'independent', xOffset: 'independent' } } };
}

function panel(xLabel: string, dists: Distribution[], exactOnly: boolean): VegaLiteSpec {
  const values = dists.flatMap((d) =>
    d.values.map((value, i) => ({
      series: d.label,
      value,
      probability: roundSignificant(d.probabilities[i], 6),
      ...(d.exact ? { exact: roundSignificant(d.exact[i], 6) } : {}),
    })),
  );
  const colours = seriesColours(dists.map((d) => d.series));
  const colour = {
    field: 'series',
    type: 'nominal',
    title: null,
    scale: { domain: dists.map((d) => d.label), range: colours.range },
    legend: { orient: 'top', direction: 'vertical', labelLimit: 480 },
  };
  const x = { field: 'value', type: 'ordinal', title: xLabel, axis: { labelAngle: 0, labelOverlap: 'parity' } };
  const bars = {
    mark: { type: 'bar', opacity: 0.85 },
    encoding: {
      x,
      xOffset: { field: 'series' },
      y: {
        field: 'probability',
        type: 'quantitative',
        title: exactOnly ? 'probability (exact)' : 'probability (Monte Carlo)',
        axis: { format: '.0%' },
      },
      color: colour,
      tooltip: [
        { field: 'series' },
        { field: 'value', title: xLabel },
        { field: 'probability', format: '.4%' },
        ...(dists.some((d) => d.exact) ? [{ field: 'exact', format: '.4%' }] : []),
      ],
    },
  };
  const layers: VegaLiteSpec[] = [bars];
  if (!exactOnly && dists.some((d) => d.exact)) {
    layers.push({
      mark: { type: 'tick', color: 'black', thickness: 2 },
      encoding: { x, xOffset: { field: 'series' }, y: { field: 'exact', type: 'quantitative' } },
    });
  }
  return { width: Math.min(900, Math.max(320, values.length * 9)), height: 220, data: { values }, layer: layers };
}
