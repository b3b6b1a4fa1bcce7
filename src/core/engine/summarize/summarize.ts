/**
 * From a named layout, a merged tally (Monte Carlo counts) and/or an exact vector
 * (probabilities in the same layout) to metrics and distributions. Every number is
 * reported with its 95% interval or marked exact; the headline event comes first.
 */
import type { Distribution, Metric } from '../../model/report.js';
import { binSum, type EventPart, type HistogramPart, type TallyLayout } from '../../model/tallyLayout.js';
import { wilsonInterval } from '../../stats/wilson.js';
import { histogramQuantile, histogramSummary } from '../../stats/histogram.js';

export interface Summary {
  metrics: Metric[];
  distributions: Distribution[];
}

const QUANTILES = [0.05, 0.25, 0.5, 0.75, 0.95];

export function summarizeLayout(
  layout: TallyLayout,
  headline: string,
  tally: Float64Array | null,
  trials: number,
  exact: Float64Array | null,
  /** With `exact`: which bins can happen at all (Solution.possible); absent, those above 0. */
  possible: Uint8Array | null = null,
): Summary {
  // A sampled answer's estimates come from its tally alone, even when nothing finished (an
  // interrupt before the first chunk, or no trial reaching a conditional histogram): they are then
  // NaN, never the exact value. Only an exact answer's estimates are its exact values.
  const sampling = tally !== null;
  const sampled = sampling && trials > 0;
  const events = new Map<string, EventPart>();
  for (const part of layout.parts) if (part.kind === 'event') events.set(part.name, part);
  const head = events.get(headline);
  if (!head) throw new Error(`tally layout has no event '${headline}' to be the headline`);

  const certainty = exact ? exactCertainty(layout, events, exact, possible) : null;
  const metrics: Metric[] = [eventMetric(head)];
  const distributions: Distribution[] = [];
  for (const part of layout.parts) {
    if (part.kind === 'event' && part.report && part !== head) metrics.push(eventMetric(part));
    if (part.kind === 'histogram') {
      const counts = sampled ? histogramVector(part, tally, events, false) : null;
      const probabilities = exact ? histogramVector(part, exact, events, true) : null;
      metrics.push(...histogramMetrics(part, sampling, counts, probabilities));
      if (part.distribution) distributions.push(distributionOf(part, counts, probabilities, sampled ? trials : 0));
    }
  }
  return { metrics, distributions };

  function eventMetric(part: EventPart): Metric {
    const exactValue = certainty ? certainty(part) : undefined;
    const successes = sampling ? (sampled ? binSum(tally, part.bins) : 0) : null;
    return probabilityMetric(part.name, part.label, successes, trials, exactValue);
  }
}

/** The largest double below 1: a chance that is not certain but rounds to 1. */
export const BELOW_ONE = 1 - 2 ** -53;

/**
 * An event's exact probability with its ends decided exactly: 0 when no bin of it can happen; 1 when,
 * of a partition's events (of which exactly one happens in every battle), every bin that can happen is
 * one of its own. With the solver's `possible` bins (Solution.possible) nothing else is 0 or 1: a sum
 * that rounds to 1 is written just below it, a chance that underflows to 0 as the smallest double above
 * it. Without them the solver's floats are its word, except that a partition's event is certain only as
 * above (a sum of exactly 1 elsewhere is certain: whole-number arithmetic, as Advanced Civilization's
 * enumeration adds, gives it only for a certainty).
 */
function exactCertainty(
  layout: TallyLayout,
  events: Map<string, EventPart>,
  exact: Float64Array,
  possible: Uint8Array | null,
): (part: EventPart) => number {
  const can = (i: number) => (possible ? possible[i] === 1 : exact[i] > 0);
  const binsOf = (part: EventPart) => part.bins.flatMap(([offset, length]) => range(offset, length));
  const declared = layout.parts.filter((p) => p.kind === 'partition');
  const partitions = declared.map((p) => p.events.flatMap((e) => binsOf(events.get(e) as EventPart)));
  return (part) => {
    const own = new Set(binsOf(part));
    if (![...own].some(can)) return 0;
    if (partitions.some((bins) => bins.every((i) => own.has(i) || !can(i)))) return 1;
    const p = binSum(exact, part.bins);
    // Without them, a member of a partition another member of which has some chance is not certain.
    if (!possible) return p >= 1 && declared.some((d) => d.events.includes(part.name)) ? BELOW_ONE : p > 1 ? 1 : p;
    return p >= 1 ? BELOW_ONE : p <= 0 ? Number.MIN_VALUE : p;
  };
}

function range(from: number, length: number): number[] {
  return Array.from({ length }, (_, i) => from + i);
}

/**
 * A probability metric: Wilson interval when sampled (successes given; NaN after no trials), the
 * exact value beside it when known, and as the estimate of an exact answer (successes null).
 */
export function probabilityMetric(
  key: string,
  label: string,
  successes: number | null,
  trials: number,
  exact?: number,
): Metric {
  const metric: Metric = { key, label, kind: 'probability', estimate: NaN };
  if (successes !== null) {
    if (trials > 0) {
      metric.estimate = successes / trials;
      metric.ci95 = wilsonInterval(successes, trials);
    }
  } else if (exact !== undefined) {
    metric.estimate = exact;
  }
  if (exact !== undefined) metric.exact = exact;
  return metric;
}

/** The histogram's bins over `from..to`: its terms summed (events add their total at one value). */
function histogramVector(
  part: HistogramPart,
  vector: Float64Array,
  events: Map<string, EventPart>,
  exact: boolean,
): Float64Array {
  const size = part.to - part.from + 1;
  const out = new Float64Array(size);
  for (const term of part.terms) {
    if ('offset' in term) {
      for (let i = 0; i < size; i++) out[i] += vector[term.offset + i];
    } else {
      const event = events.get(term.event) as EventPart;
      out[term.value - part.from] += binSum(vector, event.bins);
    }
  }
  // Exact conditional distributions are normalised to sum to 1 (counts are normalised by the summary).
  if (exact && part.given) normalize(out);
  return out;
}

function histogramMetrics(
  part: HistogramPart,
  sampling: boolean,
  counts: Float64Array | null,
  exact: Float64Array | null,
): Metric[] {
  const metrics: Metric[] = [];
  const values = Array.from({ length: part.to - part.from + 1 }, (_, i) => part.from + i);
  const hasCounts = counts !== null && total(counts) > 0;
  for (const spec of part.means) {
    const shown = spec.reflect === undefined ? values : values.map((v) => (spec.reflect as number) - v);
    const metric: Metric = { key: spec.key, label: spec.label, kind: 'mean', estimate: NaN };
    const exactMean = exact && total(exact) > 0 ? weightedMean(exact, shown) : undefined;
    if (hasCounts) {
      const s = histogramSummary(counts, shown);
      metric.estimate = s.mean;
      metric.ci95 = s.ci95;
    } else if (!sampling && exactMean !== undefined) {
      metric.estimate = exactMean;
    }
    if (exactMean !== undefined) metric.exact = exactMean;
    metrics.push(metric);
  }
  if (part.quantiles) {
    for (const q of QUANTILES) {
      const pct = Math.round(q * 100);
      const metric: Metric = {
        key: `${part.quantiles.key}P${String(pct).padStart(2, '0')}`,
        label: `${part.quantiles.label}, ${pct === 50 ? 'median' : `${pct}th percentile`}`,
        kind: 'quantile',
        estimate: NaN,
      };
      const exactQuantile = exact && total(exact) > 0 ? histogramQuantile(exact, q, values) : undefined;
      if (hasCounts) metric.estimate = histogramQuantile(counts, q, values);
      else if (!sampling && exactQuantile !== undefined) metric.estimate = exactQuantile;
      if (exactQuantile !== undefined) metric.exact = exactQuantile;
      metrics.push(metric);
    }
  }
  return metrics;
}

function distributionOf(
  part: HistogramPart,
  counts: Float64Array | null,
  exact: Float64Array | null,
  trials: number,
): Distribution {
  const values = Array.from({ length: part.to - part.from + 1 }, (_, i) => part.from + i);
  const countList = values.map((_, i) => (counts ? counts[i] : 0));
  // Conditional histograms are normalised by their own total, the others by the trials.
  const n = counts ? (part.given ? total(counts) : trials) : 0;
  const exactList = exact ? Array.from(exact) : undefined;
  const probabilities = n > 0 ? countList.map((c) => c / n) : (exactList ?? countList.map(() => NaN));
  return {
    key: part.name,
    label: part.label,
    xLabel: part.xLabel,
    series: part.series,
    ...(part.given ? { given: part.given } : {}),
    values,
    counts: countList,
    probabilities,
    ...(exactList ? { exact: exactList } : {}),
  };
}

function weightedMean(weights: ArrayLike<number>, values: readonly number[]): number {
  let sum = 0;
  let mass = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i] * values[i];
    mass += weights[i];
  }
  return sum / mass;
}

function total(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i];
  return s;
}

function normalize(v: Float64Array): void {
  const s = total(v);
  if (s > 0) for (let i = 0; i < v.length; i++) v[i] /= s;
}
