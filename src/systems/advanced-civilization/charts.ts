/**
 * Vega-Lite v6 specs: the sweep's outcome heatmap and tokens-needed chart, the outcome
 * chart of a conflict with uncertain inputs, and the tokens of each nation over the
 * removals of a fixed conflict.
 */
import { SWEEP_OUTCOMES, type SweepResult } from './sweep.js';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
/** Okabe-Ito: distinguishable with every common colour-vision deficiency. */
const OKABE_ITO = ['#E69F00', '#56B4E9', '#009E73', '#CC79A7', '#0072B2', '#D55E00', '#F0E442', '#000000'];
const ENGINEERING_ORDER = ['neither', 'attacker', 'defender', 'both'];
/** Attacker alone orange, both stay yellow, city stands pink, defender alone sky blue, empty grey. */
const OUTCOME_COLOURS = ['#E69F00', '#F0E442', '#CC79A7', '#56B4E9', '#DDDDDD'];

function panel(fort: boolean, metalworking: string, city: boolean): string {
  return `${city ? 'city, ' : ''}${fort ? 'fort' : 'no fort'}, Metalworking: ${metalworking}`;
}

/** Panels in the order the sweep ran them (baseline "no fort, Metalworking: neither" first), not alphabetically. */
function panelOrder(result: SweepResult): string[] {
  return [...new Set(result.rows.map((r) => panel(r.fort, r.metalworking, r.city)))];
}

export function sweepHeatmap(result: SweepResult, title: string): Record<string, unknown> {
  const values = result.rows.map((r) => ({
    attackerTokens: r.attackerTokens,
    defenderTokens: r.defenderTokens,
    engineering: r.engineering,
    panel: panel(r.fort, r.metalworking, r.city),
    outcome: r.outcome,
    controller: r.controller,
    left: `${r.attackerLeft}/${r.defenderLeft}${r.outcome === 'city stands' ? 'c' : ''}`,
  }));
  return {
    $schema: SCHEMA,
    title: {
      text: title,
      subtitle: 'Colour: outcome. Text: attacker/defender tokens left (c: the city was not attacked and still stands)',
    },
    data: { values },
    facet: {
      column: { field: 'engineering', type: 'nominal', title: 'Engineering held by', sort: ENGINEERING_ORDER },
      row: { field: 'panel', type: 'nominal', title: null, sort: panelOrder(result) },
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
            color: {
              field: 'outcome',
              type: 'nominal',
              title: 'Outcome',
              scale: { domain: [...SWEEP_OUTCOMES], range: OUTCOME_COLOURS },
            },
            tooltip: [
              { field: 'attackerTokens', title: 'attacker tokens' },
              { field: 'defenderTokens', title: 'defender tokens' },
              { field: 'left', title: 'tokens left (attacker/defender)' },
              { field: 'outcome', title: 'outcome' },
              { field: 'controller', title: 'controls the area' },
            ],
          },
        },
        { mark: { type: 'text', fontSize: 8, color: 'black' }, encoding: { text: { field: 'left', type: 'nominal' } } },
      ],
    },
    config: { font: 'DejaVu Sans', view: { stroke: null }, legend: { labelLimit: 300, titleLimit: 300 } },
  };
}

/**
 * Small multiples (one panel per Engineering matchup and fort/Metalworking setting) of
 * the tokens needed to outnumber and to clear; the two series are nudged apart on x so
 * equal values stay visible.
 */
export function tokensNeededChart(result: SweepResult, title: string): Record<string, unknown> {
  const measures = [
    { key: 'tokensToOutnumber', name: 'to outnumber (control the area)', nudge: -0.1 },
    { key: 'tokensToClear', name: 'to clear (alone in the area)', nudge: 0.1 },
  ] as const;
  const values = result.needed.flatMap((r) =>
    measures
      .filter((m) => r[m.key] !== null)
      .map((m) => ({
        defenderTokens: r.defenderTokens,
        x: r.defenderTokens + m.nudge,
        needed: r[m.key],
        measure: m.name,
        engineering: r.engineering,
        panel: panel(r.fort, r.metalworking, r.city),
      })),
  );
  return {
    $schema: SCHEMA,
    title: {
      text: title,
      subtitle: 'Fewest attacker tokens in the swept range; missing points: not reachable in the range',
    },
    data: { values },
    facet: {
      column: { field: 'engineering', type: 'nominal', title: 'Engineering held by', sort: ENGINEERING_ORDER },
      row: { field: 'panel', type: 'nominal', title: null, sort: panelOrder(result) },
    },
    spec: {
      width: 170,
      height: 140,
      mark: { type: 'line', point: { size: 40 } },
      encoding: {
        x: {
          field: 'x',
          type: 'quantitative',
          title: 'Defender tokens (count)',
          axis: { tickMinStep: 1, format: 'd' },
        },
        y: { field: 'needed', type: 'quantitative', title: 'Attacker tokens (count)', axis: { tickMinStep: 1 } },
        color: {
          field: 'measure',
          type: 'nominal',
          title: 'Attacker tokens needed',
          scale: { domain: measures.map((m) => m.name), range: ['#0072B2', '#D55E00'] },
        },
        strokeDash: {
          field: 'measure',
          type: 'nominal',
          title: 'Attacker tokens needed',
          scale: {
            domain: measures.map((m) => m.name),
            range: [
              [1, 0],
              [5, 3],
            ],
          },
        },
        shape: {
          field: 'measure',
          type: 'nominal',
          title: 'Attacker tokens needed',
          scale: { domain: measures.map((m) => m.name), range: ['circle', 'square'] },
        },
        tooltip: [
          { field: 'defenderTokens', title: 'defender tokens' },
          { field: 'needed', title: 'attacker tokens needed' },
          { field: 'measure', title: 'needed' },
        ],
      },
    },
    config: { font: 'DejaVu Sans', legend: { orient: 'top', labelLimit: 300, titleLimit: 300 } },
  };
}

/** P(each outcome category) with 95% intervals, for a conflict with uncertain inputs. */
export function outcomeChart(
  rows: Array<{ outcome: string; probability: number; low: number; high: number }>,
  title: string,
): Record<string, unknown> {
  return {
    $schema: SCHEMA,
    title: { text: title, subtitle: 'Bars: probability of each outcome; lines: 95% interval' },
    data: { values: rows },
    layer: [
      {
        mark: 'bar',
        encoding: {
          y: { field: 'outcome', type: 'nominal', title: null, sort: null, axis: { labelLimit: 320 } },
          x: {
            field: 'probability',
            type: 'quantitative',
            title: 'Probability',
            scale: { domain: [0, 1] },
            axis: { format: '%' },
          },
          color: { field: 'outcome', type: 'nominal', legend: null, scale: { range: OKABE_ITO } },
        },
      },
      {
        mark: 'rule',
        encoding: {
          y: { field: 'outcome', type: 'nominal', sort: null },
          x: { field: 'low', type: 'quantitative' },
          x2: { field: 'high' },
        },
      },
    ],
    config: { font: 'DejaVu Sans' },
  };
}

/** Each nation's tokens over the removal steps of a fixed conflict (nations nudged apart on x). */
export function tokensOverRemovalsChart(
  rows: Array<{ step: number; nation: string; tokens: number }>,
  title: string,
  limit: number,
): Record<string, unknown> {
  const nations = [...new Set(rows.map((r) => r.nation))];
  const nudge = (nation: string) => (nations.indexOf(nation) - (nations.length - 1) / 2) * 0.08;
  return {
    $schema: SCHEMA,
    title: {
      text: title,
      subtitle: `Area limit ${limit}; step 0 is the start; a city attack adds its replacement tokens`,
    },
    data: { values: rows.map((r) => ({ ...r, x: r.step + nudge(r.nation) })) },
    width: Math.max(240, 40 * (rows.length / nations.length)),
    height: 200,
    mark: { type: 'line', point: { size: 50 } },
    encoding: {
      x: { field: 'x', type: 'quantitative', title: 'Removal step', axis: { tickMinStep: 1, format: 'd' } },
      y: { field: 'tokens', type: 'quantitative', title: 'Tokens in the area (count)', axis: { tickMinStep: 1 } },
      color: { field: 'nation', type: 'nominal', title: 'Nation', sort: nations, scale: { range: OKABE_ITO } },
      strokeDash: { field: 'nation', type: 'nominal', title: 'Nation', sort: nations },
      shape: { field: 'nation', type: 'nominal', title: 'Nation', sort: nations },
      tooltip: [
        { field: 'step', title: 'step' },
        { field: 'nation', title: 'nation' },
        { field: 'tokens', title: 'tokens' },
      ],
    },
    config: { font: 'DejaVu Sans' },
  };
}
