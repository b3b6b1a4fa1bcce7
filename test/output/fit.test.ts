/**
 * Charts sized to their data and to where they are drawn: a distribution's long thin tail is
 * cut where the mass drawn reaches 99.9% (and the subtitle says how much was left out); a
 * heatmap of probabilities draws its 50% and 80% contours along the cell edges and writes
 * percentages without their sign where that is what makes them fit; a chart built for a
 * phone's width (the web page's) stays within it, its row labels above the bars.
 */
import { describe, expect, it } from 'vitest';
import type { DistributionChart, HeatmapChart, IntervalsChart } from '../../src/core/model/report.js';
import { DRAWN_MASS, trimTail } from '../../src/output/charts/distribution.js';
import { specJson, toVegaLite, type VegaLiteSpec } from '../../src/output/charts/vegaLite.js';
import { compileSpec, renderSvg } from '../../src/output/render.js';
import { SIZE } from '../../src/output/charts/theme.js';

const PHONE = { maxWidth: 358 };

type Panel = DistributionChart['panels'][number];

/** Rounds 0..30 of a battle nearly always over by 6: a geometric tail after a bump. */
function roundsPanel(): Panel {
  const values = Array.from({ length: 31 }, (_, i) => i);
  const raw = values.map((v) => (v < 2 ? 0 : v <= 6 ? [0, 0, 8, 40, 38, 12, 2][v] : 2 * 0.05 ** (v - 6)));
  const total = raw.reduce((a, b) => a + b, 0);
  const probabilities = raw.map((p) => p / total);
  return { xTitle: 'rounds', series: [{ label: 'Rounds fought', side: 'rounds', values, probabilities }] };
}

/** The subtitle's text, its wrapped lines joined again. */
function subtitle(spec: VegaLiteSpec): string {
  return ((spec.title as { subtitle?: string[] }).subtitle ?? []).join(' ');
}

function svgWidth(svg: string): number {
  return Number(/<svg[^>]* width="([\d.]+)"/.exec(svg)?.[1]);
}

describe('a distribution cut where its mass is', () => {
  it('drops the long tail past 99.9% of the mass and says how much that was', () => {
    const panel = roundsPanel();
    const { panel: cut, note } = trimTail(panel, true);
    const kept = cut.series[0].values;
    expect(kept[0]).toBe(0);
    const last = kept[kept.length - 1];
    const p = panel.series[0].probabilities;
    // The cut is the first value with at most 0.1% above it, and keeps everything below.
    const above = (v: number) => p.slice(v + 1).reduce((a, b) => a + b, 0);
    expect(above(last)).toBeLessThanOrEqual(1 - DRAWN_MASS);
    expect(above(last - 1)).toBeGreaterThan(1 - DRAWN_MASS);
    expect(last).toBeLessThan(10);
    expect(note).toBe(`rounds: above ${last} not drawn (<0.1% in all)`);
    const request: DistributionChart = {
      kind: 'distribution',
      name: 'd',
      title: 't',
      exactOnly: true,
      panels: [panel],
    };
    expect(subtitle(toVegaLite(request))).toContain(note);
  });

  it('leaves a distribution with no long tail as it is', () => {
    const values = [0, 1, 2, 3, 4];
    const panel: Panel = {
      xTitle: 'fort level',
      series: [{ label: 'Fort', side: 'defender', values, probabilities: [0, 0, 0.33, 0.67, 0] }],
    };
    expect(trimTail(panel, true)).toEqual({ panel, note: null });
  });

  it('keeps what an estimate or its exact value puts in the tail', () => {
    const panel = roundsPanel();
    const series = panel.series[0];
    // Sampled: one stray battle ran to 20 rounds; the exact tail there is tiny, the estimate is not.
    const sampled = {
      ...series,
      exact: series.probabilities,
      probabilities: series.probabilities.map((p, i) => (i === 20 ? 0.01 : p)),
    };
    const { panel: cut } = trimTail({ ...panel, series: [sampled] }, false);
    expect(Math.max(...cut.series[0].values)).toBe(20);
  });
});

/** A grid of probabilities rising to the right and downwards, x 1..n, y n..1. */
function grid(n: number, text: boolean): HeatmapChart {
  const values = Array.from({ length: n }, (_, i) => i + 1);
  const cells = values.flatMap((x) =>
    values.map((y) => {
      const value = Math.min(1, Math.max(0, (x - y) / n + 0.5));
      return { x, y, value, ...(text ? { text: `${Math.round(value * 100)}%` } : {}) };
    }),
  );
  return {
    kind: 'heatmap',
    name: 'h',
    title: 'P(conquest)',
    x: { title: 'attackers', values },
    y: { title: 'defenders', values: [...values].reverse() },
    colour: { scale: 'probability', title: 'probability' },
    cells,
  };
}

describe('a heatmap of probabilities', () => {
  it('draws its 50% and 80% contours along the edges between cells on either side', () => {
    const request = grid(6, false);
    const spec = toVegaLite(request) as { data: { values: Array<Record<string, unknown>> } };
    const edges = spec.data.values.filter((v) => v.kind === 'edge');
    const at = (x: number, y: number) => request.cells.find((c) => c.x === x && c.y === y)?.value as number;
    // Every pair of neighbours across a level is one edge of that level.
    let expected = 0;
    for (const level of [0.5, 0.8])
      for (let x = 1; x <= 6; x++)
        for (let y = 1; y <= 6; y++) {
          if (x < 6 && at(x, y) >= level !== at(x + 1, y) >= level) expected++;
          if (y > 1 && at(x, y) >= level !== at(x, y - 1) >= level) expected++;
        }
    expect(edges.length).toBe(expected);
    expect(new Set(edges.map((e) => e.level))).toEqual(new Set(['50%', '80%']));
    expect(subtitle(toVegaLite(request))).toContain(
      'lines: where it reaches 50%, the break-even (dashed) and 80% (solid)',
    );
  });

  it("draws the levels it is given (a scenario's thresholds), 50% always dashed and named the break-even", () => {
    const request = { ...grid(6, false), contours: [0.9, 0.5, 0.75, 0.5] };
    const spec = toVegaLite(request) as { data: { values: Array<Record<string, unknown>> } };
    const levels = new Set(spec.data.values.filter((v) => v.kind === 'edge').map((v) => v.level));
    expect(levels).toEqual(new Set(['50%', '75%', '90%']));
    expect(JSON.stringify(spec)).toContain('"range":[[4,3],[1,0],[1.5,2.5]]');
    expect(subtitle(spec as VegaLiteSpec)).toContain(
      'lines: where it reaches 50%, the break-even (dashed), 75% (solid) and 90% (dotted)',
    );
  });

  it('compiles without warnings and renders its contours', async () => {
    const spec = toVegaLite(grid(6, true));
    const warnings: string[] = [];
    await compileSpec(spec, warnings);
    expect(warnings).toEqual([]);
    expect(await renderSvg(spec)).toMatch(/stroke-dasharray="4,3"/);
  });

  it('writes numbers without their % sign where that makes them fit a phone, and says so', () => {
    const request = grid(10, true);
    const full = toVegaLite(request) as { data: { values: Array<{ text?: string }> } };
    expect(full.data.values.some((v) => v.text === '50%')).toBe(true);
    const phone = toVegaLite(request, PHONE) as { data: { values: Array<{ text?: string }> } };
    expect(phone.data.values.some((v) => v.text === '50')).toBe(true);
    expect(subtitle(phone as VegaLiteSpec)).toContain('numbers in the cells: percent');
    // Too many cells even so: no numbers, and the subtitle says why.
    const crowded = toVegaLite(grid(30, true), PHONE);
    expect(subtitle(crowded)).toContain('numbers in the cells left out: too many cells to fit');
  });
});

describe('charts built for a phone', () => {
  it('stay within its width, long row labels above their bars', async () => {
    const request: IntervalsChart = {
      kind: 'intervals',
      name: 'i',
      title: 'How the battle ends',
      categoryTitle: 'outcome',
      valueTitle: 'probability',
      format: 'percent',
      domain: [0, 1],
      rows: [
        { category: 'capture: defenders eliminated or neutralized', value: 0.58 },
        { category: 'hold: attacker eliminated', value: 0.41 },
      ],
    };
    const svg = await renderSvg(toVegaLite(request, PHONE));
    expect(svgWidth(svg)).toBeLessThanOrEqual(PHONE.maxWidth + 2 * SIZE.padding);
    // The whole label is written, not cut short.
    expect(svg).toContain('capture: defenders eliminated or neutralized');
    // The report's width keeps them beside the bars, as before.
    expect(await renderSvg(toVegaLite(request))).toMatch(/role-axis[\s\S]*capture: defenders/);
  });
});

describe('a .vl.json file', () => {
  it('holds the spec as written, each data item on one line', () => {
    const spec = toVegaLite(grid(6, true));
    const text = specJson(spec);
    expect(JSON.parse(text)).toEqual(spec);
    const values = (spec as { data: { values: unknown[] } }).data.values;
    for (const item of values) expect(text).toContain(`\n      ${JSON.stringify(item)}`);
    // The rest as JSON.stringify indents it: a legend's list of values is not data.
    expect(text).toContain('"values": [\n');
    expect(text.split('\n').length).toBeLessThan(JSON.stringify(spec, null, 2).split('\n').length);
  });
});
