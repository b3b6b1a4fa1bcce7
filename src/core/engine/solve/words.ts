/**
 * A solve in words: one sentence quoting `decisions.solvedFor` by name (src/core/words/sentence.ts),
 * the curve around the answer as a table, and the whole curve as a chart with the target drawn.
 */
import { reaches } from './search.js';
import type { ChartRequest, SolvedForDecision, Table } from '../../model/report.js';
import type { Description } from '../../model/contract.js';
import { CONSTANTS, quote, say, type Sentence } from '../../words/sentence.js';
import { percent, percentTarget } from '../../words/format.js';

type Point = SolvedForDecision['best'];
const REF = 'decisions.solvedFor';

/** "53.1%", with its interval when sampled; `at` names the point in the decision (`value`, `neighbour`, `best`). */
function chance(point: Point, at: string): Sentence {
  const sampled = point.ci95 !== undefined;
  // A sampled frequency is never written as certain ('chance'); an exact one may be.
  const p = quote(`${REF}.${at}.probability`, point.probability, sampled ? 'chance' : 'percent');
  if (!point.ci95) return say`${p}`;
  const conf = quote('const.confidence', CONSTANTS.confidence, 'target');
  const lo = quote(`${REF}.${at}.ci95.0`, point.ci95[0], 'percent');
  const hi = quote(`${REF}.${at}.ci95.1`, point.ci95[1], 'percent');
  return say`${p} (${conf} interval ${lo} to ${hi})`;
}

/** A value of the field as the knob says it: its word (`castle`), else the number. */
function valueQuote(point: Point, at: string): Sentence {
  return point.word !== undefined
    ? say`${quote(`${REF}.${at}.word`, point.word, 'text')}`
    : say`${quote(`${REF}.${at}.value`, point.value, 'count')}`;
}

/** The range searched: "from 1 to 6" (" (the range asked)" when asked; its ends in the knob's words, if any). */
function rangeWords(d: SolvedForDecision): Sentence {
  const end = (value: number, at: 'from' | 'to') => {
    const point = d.curve.find((p) => p.value === value);
    return point?.word !== undefined
      ? say`${quote(`${REF}.curve.${d.curve.indexOf(point)}.word`, point.word, 'text')}`
      : say`${quote(`${REF}.${at}`, value, 'count')}`;
  };
  const asked = d.rangeAsked ? say` (the range asked)` : say``;
  return say`from ${end(d.from, 'from')} to ${end(d.to, 'to')}${asked}`;
}

/** "the smallest it takes here" / "the top of the range searched", for an answer at an edge. */
function edgeWords(d: SolvedForDecision): string {
  const which = d.edge === 'to' ? 'top' : 'bottom';
  return d.rangeAsked ? `the ${which} of the range asked` : `the ${which} of its range`;
}

/** The solve's sentence: the answer and the value just past it, or why there is none (unreachable, at an edge). */
export function solvedSentence(d: SolvedForDecision): Sentence {
  const field = quote(`${REF}.field`, d.field, 'text');
  const what = quote(`${REF}.metricLabel`, d.metricLabel, 'text');
  const target = quote(`${REF}.target`, d.target, 'target');
  const range = rangeWords(d);
  // Over a long range only a scan, a bisection and a window were evaluated: say so ("best" needs its gap).
  const evaluated = quote(`${REF}.evaluated`, d.evaluated, 'count');
  const assumption = 'assuming the curve does not turn back between them';
  const searched = d.everyValue ? say`` : say` (a search of ${evaluated} of the values ${range}, ${assumption})`;
  if (d.direction === 'flat' && !d.turns) {
    const reached = d.answer === 'found' ? 'at least' : 'below';
    // Sampled, "flat" means no step was beyond the intervals, not that the values were equal.
    if (d.sampled) {
      const noise = say`shows no change with it beyond the sampling noise ${range}`;
      const level = quote('const.confidence', CONSTANTS.confidence, 'target');
      const steps = say`(no step outside the ${level} intervals)`;
      const best = say`the best value seen is ${chance(d.best, 'best')}`;
      return say`Solved for ${field}: ${what} ${noise} ${steps}; ${best}, ${reached} ${target}.`;
    }
    return say`Solved for ${field}: ${what} does not move with it ${range}; it stays at ${chance(
      d.best,
      'best',
    )}, ${reached} ${target}.`;
  }
  if (d.answer === 'unreachable' || !d.value) {
    // Decided before whether the curve turns: no value of the range reaches the target.
    const best = valueQuote(d.best, 'best');
    const where = d.edge ? say`, ${edgeWords(d)}` : say``;
    const turns = d.turns ? say`; the curve turns along it` : say``;
    const open =
      d.best.ci95 && d.best.ci95[1] >= d.target
        ? ' (its interval reaches the target: more trials would settle it)'
        : '';
    const none = d.everyValue ? say`no value` : say`no value evaluated`;
    const gap = d.turns ? 'a value between them might reach it' : assumption;
    const some = d.everyValue ? say`` : say` (a search of ${evaluated} of them, ${gap})`;
    const closest = say`unreachable: the best is ${chance(d.best, 'best')} at ${best}${where}`;
    return say`Solved for ${field}: ${none} ${range} brings ${what} to ${target}${some}; ${closest}${open}${turns}.`;
  }
  const value = valueQuote(d.value, 'value');
  const rising = d.direction === 'increasing';
  const most = rising ? 'smallest' : 'largest';
  const head = say`Solved for ${field}: ${value} is the ${most} value at which ${what} is at least ${target}: ${chance(
    d.value,
    'value',
  )}`;
  const unsure =
    d.value.ci95 && d.value.ci95[0] < d.target
      ? ' (its interval reaches below the target: more trials would settle it)'
      : '';
  if (!d.neighbour) {
    // At an edge: the target holds across the range searched, which a value beyond it might not.
    const again = valueQuote(d.value, 'value');
    const across = say`the target holds across the whole range${searched}`;
    return say`${head}${unsure}; ${again} is ${edgeWords(d)} (${range}): ${across}.`;
  }
  const past = valueQuote(d.neighbour, 'neighbour');
  return say`${head}${unsure}; at ${past} it is ${chance(d.neighbour, 'neighbour')}${searched}.`;
}

/** The curve around the answer, every value: a table (values in the knob's words where it has them). */
export function solvedTable(d: SolvedForDecision): Table {
  const sampled = d.window.some((p) => p.ci95);
  const columns = [
    d.field,
    d.metricLabel,
    ...(sampled ? ['95% low', '95% high'] : []),
    `at least ${percentTarget(d.target)}`,
  ];
  return {
    name: 'solved-for',
    title: `${d.metricLabel} by ${d.field} around the answer (target ${percentTarget(d.target)})`,
    columns,
    rows: d.window.map((p) => [
      p.word ?? p.value,
      p.probability,
      ...(sampled ? [p.ci95?.[0] ?? null, p.ci95?.[1] ?? null] : []),
      reaches(p, d.target),
    ]),
  };
}

/** Every value evaluated, as a line with the target drawn across and the answer (or the best) marked. */
export function solvedChart(d: SolvedForDecision): ChartRequest {
  const series = d.metricLabel;
  const how = d.sampled ? 'bars: 95% intervals' : 'exact';
  const say = (p: Point) => p.word ?? String(p.value);
  const edge = d.edge ? ', at the edge of the range' : '';
  const where = d.value
    ? `; answer ${say(d.value)}${edge}`
    : `; no value reaches it (best ${say(d.best)}${edge}${d.turns ? '; the curve turns' : ''})`;
  const words = d.curve.some((p) => p.word !== undefined)
    ? [`${d.field}: ${d.curve.map((p) => `${p.value} ${say(p)}`).join(', ')}`]
    : [];
  return {
    kind: 'lines',
    name: 'solved-for',
    title: `${d.metricLabel} by ${d.field}`,
    subtitle: [`${how}; dashed line: the target ${percentTarget(d.target)}${where}`, ...words],
    x: { title: d.field, values: d.curve.map((p) => p.value) },
    y: { title: d.metricLabel, format: 'percent', domain: [0, 1] },
    series: [series],
    points: d.curve.map((p) => ({
      x: p.value,
      series,
      y: p.probability,
      ...(p.ci95 ? { low: p.ci95[0], high: p.ci95[1] } : {}),
    })),
    guide: { y: d.target, label: `target ${percentTarget(d.target)}` },
  };
}

/** The curve as text lines (value, headline, interval), for a refusal that shows why. */
export function curveLines(field: string, label: string, curve: readonly Point[]): string[] {
  const rows = curve.map((p) => {
    const interval = p.ci95 ? `  [${percent(p.ci95[0])}, ${percent(p.ci95[1])}]` : '';
    const shown = percent(p.probability, p.ci95 !== undefined);
    return `  ${(p.word ?? String(p.value)).padStart(Math.max(field.length, 5))}  ${shown.padStart(8)}${interval}`;
  });
  return [`  ${field.padStart(5)}  ${label}`, ...rows];
}

/** A solve's answer as what its battle's answer leads with (RunOptions.lead): a line, the decision, table, chart. */
export function solvedLead(d: SolvedForDecision): Description {
  return {
    verdict: [solvedSentence(d)],
    decisions: { solvedFor: d },
    tables: [solvedTable(d)],
    charts: [solvedChart(d)],
  };
}
