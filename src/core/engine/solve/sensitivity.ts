/**
 * How sensitive is the answer to each rule? Every numeric knob of the battle (fields.ts: every numeric
 * field of the system's schema, written or left at its default) one step down and one step up, the
 * battle answered there as the run answers it (exactly where the system solves it, else by Monte Carlo
 * on the run's seed and trials, so every knob's steps share the battle's random numbers): the change in
 * the headline, largest first, as a decision (`decisions.sensitivity`), a sentence quoting it, a table
 * and a tornado chart.
 */
import type { RuleSystem } from '../../model/contract.js';
import type { Description } from '../../model/contract.js';
import type { Executor } from '../sample/executor.js';
import type { Battle } from '../validate/entry.js';
import type { SensitivityDecision, TornadoChart, Table } from '../../model/report.js';
import { battleWith, knobs, knobWord } from '../validate/fields.js';
import { headlineOf, SolveInterrupted, type SolveSettings } from './solveFor.js';
import { pacer } from '../sample/executor.js';
import { join, quote, say, type Sentence } from '../../words/sentence.js';

const REF = 'decisions.sensitivity';
/** Knobs named in the sentence (the table and the chart have them all). */
const IN_WORDS = 3;

/** The battle's headline with each knob one step down and up (see the module's comment). */
export async function sensitivityOf(
  system: RuleSystem,
  battle: Battle,
  settings: SolveSettings,
  executor: Executor,
): Promise<SensitivityDecision> {
  const pace = pacer();
  let sampled = false;
  const at = async (b: Battle, unit: string) => {
    await pace();
    if (settings.signal?.aborted) throw new SolveInterrupted();
    const point = await headlineOf(system, b, settings, executor, unit);
    if (point.sampled) sampled = true;
    return point;
  };
  const base = await at(battle, 'sensitivity base');
  const head = battle.layout.parts.find((p) => p.kind === 'event' && p.name === battle.headline);
  const named = head && 'label' in head ? head.label : battle.headline;
  const rows: SensitivityDecision['knobs'] = [];
  for (const knob of knobs(system, battle.entry)) {
    if (knob.start === undefined) continue;
    const value = knob.start;
    const step = async (v: number) => {
      const b = battleWith(system, battle.entry, knob.path, v);
      if (!b) return null;
      const p = await at(b, `sensitivity ${knob.path}=${v}`);
      const word = knobWord(system, battle.entry, knob.path, v);
      return {
        value: v,
        ...(word !== String(v) ? { word } : {}),
        probability: p.probability,
        ...(p.ci95 ? { ci95: p.ci95 } : {}),
      };
    };
    const down = await step(value - 1);
    const up = await step(value + 1);
    if (!down && !up) continue;
    const swing = Math.max(...[down, up].map((s) => (s ? Math.abs(s.probability - base.probability) : 0)));
    const word = knobWord(system, battle.entry, knob.path, value);
    rows.push({ field: knob.path, value, ...(word !== String(value) ? { word } : {}), down, up, swing });
  }
  // Largest first; equal swings keep the entry's order.
  rows.sort((a, b) => b.swing - a.swing);
  return {
    metric: battle.headline,
    metricLabel: named.startsWith('P(') ? named : `P(${named})`,
    base: base.probability,
    sampled,
    knobs: rows,
  };
}

/** The sentence: the knobs that move the headline most, each one step down and up. */
export function sensitivitySentence(d: SensitivityDecision): Sentence {
  const what = quote(`${REF}.metricLabel`, d.metricLabel, 'text');
  const base = quote(`${REF}.base`, d.base, 'percent', d.sampled);
  const moving = d.knobs.filter((k) => k.swing > 0);
  if (moving.length === 0) return say`Sensitivity: no knob one step away moves ${what} from ${base}.`;
  const parts = moving.slice(0, IN_WORDS).map((k, i) => {
    const at = `${REF}.knobs.${i}`;
    const field = quote(`${at}.field`, k.field, 'text');
    const steps = [
      k.down ? say`${valueWords(k.down, `${at}.down`)} ${chance(k.down.probability, `${at}.down`, d.sampled)}` : null,
      k.up ? say`${valueWords(k.up, `${at}.up`)} ${chance(k.up.probability, `${at}.up`, d.sampled)}` : null,
    ].filter((x): x is Sentence => x !== null);
    return say`${field} (${join(steps, ', ')})`;
  });
  const more = moving.length > IN_WORDS ? say`; the rest less (table)` : say``;
  return say`Sensitivity of ${what} (${base} as given), largest first: ${join(parts, '; ')}${more}.`;
}

function valueWords(step: NonNullable<SensitivityDecision['knobs'][number]['down']>, at: string): Sentence {
  return step.word !== undefined
    ? say`at ${quote(`${at}.word`, step.word, 'text')}`
    : say`at ${quote(`${at}.value`, step.value, 'count')}`;
}

function chance(p: number, at: string, sampled: boolean): Sentence {
  return say`${quote(`${at}.probability`, p, 'percent', sampled)}`;
}

/** Every knob as a row: its value, one step down and up, the headline there and the swing. */
export function sensitivityTable(d: SensitivityDecision): Table {
  const said = (s: SensitivityDecision['knobs'][number]['down']) => (s ? (s.word ?? s.value) : null);
  return {
    name: 'sensitivity',
    title: `${d.metricLabel} with each knob one step down and up (largest change first)`,
    columns: [
      'knob',
      'as given',
      'one step down',
      `${d.metricLabel}, down`,
      'one step up',
      `${d.metricLabel}, up`,
      'largest change',
    ],
    rows: d.knobs.map((k) => [
      k.field,
      k.word ?? k.value,
      said(k.down),
      k.down?.probability ?? null,
      said(k.up),
      k.up?.probability ?? null,
      k.swing,
    ]),
  };
}

/** The tornado: each knob's bars from the base to one step down and up, largest swing first. */
export function sensitivityChart(d: SensitivityDecision): TornadoChart {
  const label = (s: SensitivityDecision['knobs'][number]['down']) =>
    s ? { ...(s.word !== undefined ? { word: s.word } : {}), value: s.value } : null;
  return {
    kind: 'tornado',
    name: 'sensitivity',
    title: `${d.metricLabel}: each knob one step down and up`,
    subtitle: [`${d.sampled ? 'Monte Carlo on one seed' : 'exact'}; the line: as given; largest change first`],
    valueTitle: d.metricLabel,
    format: 'percent',
    base: d.base,
    rows: d.knobs.map((k) => {
      const down = label(k.down);
      const up = label(k.up);
      return {
        category: k.field,
        down: k.down?.probability ?? null,
        up: k.up?.probability ?? null,
        ...(down ? { downLabel: down.word ?? String(down.value) } : {}),
        ...(up ? { upLabel: up.word ?? String(up.value) } : {}),
      };
    }),
  };
}

/** What the battle's answer leads with (RunOptions.lead): the sentence, the decision, the table and the chart. */
export function sensitivityLead(d: SensitivityDecision): Description {
  return {
    verdict: [sensitivitySentence(d)],
    decisions: { sensitivity: d },
    tables: [sensitivityTable(d)],
    charts: [sensitivityChart(d)],
  };
}
