/** Vega-Lite v6 specs for sweeps: a heatmap of the outcome and a tokens-needed chart. */
import type { SweepResult } from './sweep.js';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
/** Okabe-Ito: distinguishable with every common colour-vision deficiency. */
const OKABE_ITO = ['#E69F00', '#56B4E9', '#009E73', '#CC79A7', '#0072B2', '#D55E00', '#F0E442', '#000000'];
const ENGINEERING_ORDER = ['neither', 'attacker', 'defender', 'both'];
const HOLDERS = ['attacker', 'defender', 'nobody (tie)'];
/** Okabe-Ito orange, sky blue and light grey. */
const HOLDER_COLOURS = ['#E69F00', '#56B4E9', '#DDDDDD'];

function panel(fort: boolean, metalworking: string, city: boolean): string {
  return `${city ? 'city, ' : ''}${fort ? 'fort' : 'no fort'}, Metalworking: ${metalworking}`;
}

export function sweepHeatmap(result: SweepResult, title: string): Record<string, unknown> {
  const values = result.rows.map((r) => ({
    attackerTokens: r.attackerTokens,
    defenderTokens: r.defenderTokens,
    engineering: r.engineering,
    panel: panel(r.fort, r.metalworking, r.city),
    holder: r.holder === 'none' ? 'nobody (tie)' : r.holder,
    left: `${r.attackerLeft}/${r.defenderLeft}${r.city && !r.cityAttacked ? 'c' : ''}`,
  }));
  return {
    $schema: SCHEMA,
    title: {
      text: title,
      subtitle: 'Colour: who holds the area. Text: attacker/defender tokens left (c: the city was not attacked and still stands)',
    },
    data: { values },
    facet: {
      column: { field: 'engineering', type: 'nominal', title: 'Engineering held by', sort: ENGINEERING_ORDER },
      row: { field: 'panel', type: 'nominal', title: null },
    },
    spec: {
      width: 240,
      height: 220,
      encoding: {
        x: { field: 'attackerTokens', type: 'ordinal', title: 'Attacker tokens (count)' },
        y: { field: 'defenderTokens', type: 'ordinal', title: 'Defender tokens (count)', sort: 'descending' },
      },
      layer: [
        {
          mark: 'rect',
          encoding: {
            color: { field: 'holder', type: 'nominal', title: 'Holds the area', scale: { domain: HOLDERS, range: HOLDER_COLOURS } },
            tooltip: [
              { field: 'attackerTokens', title: 'attacker tokens' },
              { field: 'defenderTokens', title: 'defender tokens' },
              { field: 'left', title: 'tokens left (attacker/defender)' },
              { field: 'holder', title: 'holder' },
            ],
          },
        },
        { mark: { type: 'text', fontSize: 8, color: 'black' }, encoding: { text: { field: 'left', type: 'nominal' } } },
      ],
    },
    config: { font: 'DejaVu Sans', view: { stroke: null } },
  };
}

export function tokensNeededChart(result: SweepResult, title: string): Record<string, unknown> {
  const values = result.needed
    .filter((r) => r.attackerTokensNeeded !== null)
    .map((r) => ({ defenderTokens: r.defenderTokens, needed: r.attackerTokensNeeded, engineering: r.engineering, panel: panel(r.fort, r.metalworking, r.city) }));
  return {
    $schema: SCHEMA,
    title: { text: title, subtitle: 'Fewest attacker tokens that hold the area (points missing: not reachable in the swept range)' },
    data: { values },
    facet: { column: { field: 'panel', type: 'nominal', title: null } },
    spec: {
      width: 220,
      height: 200,
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'defenderTokens', type: 'quantitative', title: 'Defender tokens (count)', axis: { tickMinStep: 1 } },
        y: { field: 'needed', type: 'quantitative', title: 'Attacker tokens needed (count)', axis: { tickMinStep: 1 } },
        color: { field: 'engineering', type: 'nominal', title: 'Engineering held by', sort: ENGINEERING_ORDER, scale: { domain: ENGINEERING_ORDER, range: OKABE_ITO.slice(0, 4) } },
        strokeDash: { field: 'engineering', type: 'nominal', sort: ENGINEERING_ORDER, legend: null },
      },
    },
    config: { font: 'DejaVu Sans' },
  };
}

/** Bar chart of P(each nation holds) for a conflict with uncertain inputs. */
export function holderChart(rows: Array<{ holder: string; probability: number; low: number; high: number }>, title: string): Record<string, unknown> {
  return {
    $schema: SCHEMA,
    title,
    data: { values: rows },
    layer: [
      {
        mark: 'bar',
        encoding: {
          x: { field: 'holder', type: 'nominal', title: 'Holds the area', sort: null },
          y: { field: 'probability', type: 'quantitative', title: 'Probability', scale: { domain: [0, 1] } },
          color: { field: 'holder', type: 'nominal', legend: null, scale: { range: OKABE_ITO } },
        },
      },
      {
        mark: 'rule',
        encoding: {
          x: { field: 'holder', type: 'nominal', sort: null },
          y: { field: 'low', type: 'quantitative' },
          y2: { field: 'high' },
        },
      },
    ],
    config: { font: 'DejaVu Sans' },
  };
}
