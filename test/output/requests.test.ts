/** The engine's own chart requests, the theme's colours and merging, text widths and value formats. */
import { describe, expect, it } from 'vitest';
import type { HeatmapChart, IntervalsChart, LinesChart } from '../../src/core/model/report.js';
import {
  contourLevels,
  distributionRequest,
  sweepMethodNote,
  sweepRequests,
} from '../../src/output/charts/fromReport.js';
import { PALETTE, THEME_CONFIG, seriesColours, withTheme } from '../../src/output/charts/theme.js';
import { textWidth, wrapText } from '../../src/output/charts/textWidth.js';
import { percentCellText, pointsText, valueText } from '../../src/output/charts/valueFormat.js';
import { PAGE_ROOM, toVegaLite } from '../../src/output/charts/vegaLite.js';
import {
  battleReport,
  comparisonSweep,
  houseRulesSweep,
  landgrabSweep,
  matchupTable,
  oneAxisSweep,
  sweep,
} from './fixtures.js';

describe('distributionRequest', () => {
  it('makes one panel per x title, a series per distribution, with exact values', () => {
    const r = distributionRequest(battleReport());
    expect(r?.exactOnly).toBe(false);
    expect(r?.panels.map((p) => p.xTitle)).toEqual(['armies left', 'rounds']);
    expect(r?.panels[0].series.map((s) => s.side)).toEqual(['attacker', 'defender']);
    expect(r?.panels[0].series[0].exact).toBeDefined();
    expect(r?.panels[1].series[0].label).toBe('Rounds fought, given a conquest');
    expect(r?.subtitle?.[0]).toBe('landgrab battle, 20,000 trials, seed fortress-assault');
  });

  it('shows exact probabilities for an exact-only report, and says so', () => {
    const r = distributionRequest(battleReport('exact'));
    expect(r?.exactOnly).toBe(true);
    expect(r?.subtitle?.[0]).toBe('landgrab battle, exact');
    const spec = JSON.stringify(toVegaLite(r!));
    expect(spec).toContain('probability (exact)');
    expect(spec).not.toContain('black ticks');
  });

  it('is null without distributions', () => {
    expect(distributionRequest({ ...battleReport(), distributions: [] })).toBeNull();
  });
});

describe('sweepRequests', () => {
  it('a heatmap over two axes with the third as yes/no facets, exact values when every cell has them', () => {
    const s = landgrabSweep();
    const [chart, ...rest] = sweepRequests('landgrab-sweep', s) as HeatmapChart[];
    expect(rest).toEqual([]);
    expect(chart.name).toBe('headline');
    expect(chart.column).toEqual({ title: 'fortress', values: ['false', 'true'], yesNo: true });
    expect(chart.y.values[0]).toBe(20); // largest on top
    expect(chart.cells[0].value).toBe(s.cells[0].variants[0].metrics[0].exact);
    // Every cell carries its number; the heatmap writes them where they fit: across the page, not at 560 px.
    expect(chart.cells.every((c) => typeof c.text === 'string')).toBe(true);
    expect(sweepMethodNote(s)).toMatch(/^exact values; the CSV also has the Monte Carlo estimates/);
    const spec = JSON.stringify(toVegaLite(chart));
    expect(spec).toContain('"no fortress"');
    expect(spec).toContain('"fortress"');
    expect(spec).toContain('numbers in the cells left out: too many cells to fit');
    const page = toVegaLite(chart, PAGE_ROOM) as { data: { values: Array<{ text?: string }> } };
    expect(page.data.values.filter((v) => v.text !== undefined)).toHaveLength(s.cells.length);
    expect(JSON.stringify(page)).not.toContain('numbers in the cells left out');
    // 50% and the sweep's thresholds as contours (without thresholds: 50% and 80%).
    expect(chart.contours).toEqual(contourLevels(s));
    expect(contourLevels({ ...s, thresholds: [] })).toEqual([0.5, 0.8]);
    const row = { metric: s.headline.key, variant: 'baseline', at: [], value: null, probability: null };
    const targets = [0.9, 0.5, 0.75].map((target) => ({ ...row, target }));
    expect(contourLevels({ ...s, thresholds: targets })).toEqual([0.5, 0.75, 0.9]);
  });

  it('a heatmap per variant and a diverging difference per non-baseline variant, faded where unsettled', () => {
    const charts = sweepRequests('house', houseRulesSweep()) as HeatmapChart[];
    expect(charts.map((c) => c.name)).toEqual(['headline-fortress-1', 'headline-fortress-2', 'delta-fortress-2']);
    const delta = charts[2];
    expect(delta.colour.scale).toBe('diverging');
    expect(delta.cells.some((c) => c.faded)).toBe(true);
    expect(delta.cells.some((c) => !c.faded)).toBe(true);
    expect(delta.subtitle?.[1]).toContain('faded cells');
    expect(charts[0].cells.every((c) => typeof c.text === 'string')).toBe(true);
  });

  it('lines with intervals for one axis, and a difference line with a zero line', () => {
    const [headline, delta] = sweepRequests('one', oneAxisSweep()) as LinesChart[];
    expect(headline.kind).toBe('lines');
    expect(headline.series).toEqual(['standard', 'Red rules']);
    expect(headline.points[0].low).toBeDefined();
    expect(delta.name).toBe('delta-red-rules');
    expect(delta.zeroLine).toBe(true);
    expect(delta.y.format).toBe('points');
  });

  it('an intervals chart of the headline per variant when there is no axis', () => {
    const charts = sweepRequests('forts', comparisonSweep());
    expect(charts).toHaveLength(1);
    const chart = charts[0] as IntervalsChart;
    expect(chart.kind).toBe('intervals');
    expect(chart.rows.map((r) => r.category)).toEqual(['none', 'tower', 'keep', 'castle', 'citadel']);
    expect(chart.rows[0].low).toBeLessThan(chart.rows[0].value);
    expect(sweepRequests('one', sweep([], ['only']))).toEqual([]);
  });
});

describe('theme', () => {
  it('gives sides and colour names their own colours, others the next free palette colour', () => {
    expect(seriesColours(['attacker', 'defender'])).toEqual([PALETTE.blue, PALETTE.vermillion]);
    expect(seriesColours(['Red', 'Blue', 'Green'])).toEqual([PALETTE.vermillion, PALETTE.blue, PALETTE.bluishGreen]);
    const mixed = seriesColours(['baseline', 'Blue player', 'variant']);
    expect(mixed[1]).toBe(PALETTE.blue);
    expect(new Set(mixed).size).toBe(3);
    // A second series of the same side gets a colour of its own.
    expect(new Set(seriesColours(['attacker', 'attacker'])).size).toBe(2);
  });

  it('is merged under a chart’s own config, never replaced by it', () => {
    const spec = withTheme({ mark: 'bar', config: { legend: { orient: 'top' }, view: { stroke: 'red' } } });
    expect(spec.config.font).toBe(THEME_CONFIG.font);
    expect(spec.config.legend).toMatchObject({ orient: 'top', labelFont: THEME_CONFIG.font });
    expect(spec.config.view).toEqual({ stroke: 'red' });
  });
});

describe('text and formats', () => {
  it('measures the bundled font', () => {
    expect(textWidth('M', 10)).toBeCloseTo(8.63, 1);
    expect(textWidth('Mi', 12, true)).toBeGreaterThan(textWidth('Mi', 12));
    expect(textWidth('攻', 10)).toBe(10);
  });

  it('wraps at spaces and newlines, cuts what does not fit in the allowed lines', () => {
    expect(wrapText('one two three', 60, 12)).toEqual(['one two', 'three']);
    expect(wrapText('a\nb', 200, 12)).toEqual(['a', 'b']);
    const lines = wrapText('word '.repeat(100), 100, 12, false, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
  });

  it('never rounds an uncertain probability to 0% or 100% in a cell', () => {
    expect(percentCellText(0.001)).toBe('<1%');
    expect(percentCellText(0.999)).toBe('>99%');
    expect(percentCellText(0)).toBe('0%');
    expect(percentCellText(1)).toBe('100%');
    expect(percentCellText(0.456)).toBe('46%');
  });

  it('writes differences in percentage points', () => {
    expect(pointsText(0.052)).toBe('+5.2');
    expect(pointsText(-0.31)).toBe('\u221231');
    expect(pointsText(0)).toBe('0');
    expect(pointsText(0.0002)).toBe('+<0.1');
    expect(valueText(0.9996, 'percent')).toBe('>99.9%');
  });

  it('keeps categorical cells in their given colours, with readable text', () => {
    const spec = JSON.stringify(toVegaLite(matchupTable(1)));
    expect(spec).toContain('"range":["#E69F00","#F0E442","#CC79A7","#56B4E9","#DDDDDD"]');
    expect(spec).toContain('"0/7"');
  });

  it('says so when cell text had to be left out', () => {
    const spec = toVegaLite(matchupTable(6)) as { title: { subtitle: string[] } };
    expect(spec.title.subtitle).toContain('numbers in the cells left out: too many cells to fit');
    expect(JSON.stringify(spec)).not.toContain('"0/7"');
  });
});

describe('sweepRequests for a deterministic sweep', () => {
  it('colours by the one outcome of each cell and writes the asked metrics in it', async () => {
    const { parseScenario } = await import('../../src/core/engine/validate/scenario.js');
    const { runSweep } = await import('../../src/core/engine/sweep/sweep.js');
    const { InProcessExecutor } = await import('../../src/core/engine/sample/executor.js');
    const { SYSTEMS, findSystem } = await import('../../src/core/registry/systems.js');
    const scenario = parseScenario(
      {
        name: 'pq',
        system: 'princes-and-queens',
        sweep: {
          base: { defender: 'queen', terrain: 'plain' },
          axes: { distance: [3, 2, 1], terrain: ['plain', 'mountain'] },
          cellText: ['margin'],
          cellTextSigned: true,
        },
      },
      'pq.json',
      SYSTEMS,
    );
    const report = await runSweep(
      scenario.system,
      scenario.sweep!,
      { seed: 1, trials: 1, kernel: 'fast', method: 'auto' },
      new InProcessExecutor(findSystem),
    );
    const [chart] = sweepRequests('pq', report) as HeatmapChart[];
    expect(chart.colour.scale).toBe('categories');
    const categories = chart.colour.scale === 'categories' ? chart.colour.categories.map((c) => c.value) : [];
    expect(categories).toEqual(['Attack possible (and it wins)', 'Attack not possible (the move does not count)']);
    // One Prince 1 hex from his Queen (4) against a plain Queen (4): possible (ties to the attacker), margin 0.
    const plainAtOne = chart.cells.find((c) => c.x === 1 && c.y === 'plain')!;
    expect(plainAtOne.value).toBe('Attack possible (and it wins)');
    expect(plainAtOne.text).toBe('0');
    const mountainAtThree = chart.cells.find((c) => c.x === 3 && c.y === 'mountain')!;
    expect(mountainAtThree.value).toBe('Attack not possible (the move does not count)');
    expect(mountainAtThree.text).toBe('-5');
    expect(chart.subtitle).toContain('numbers: Attack minus defence (points)');
  });
});
