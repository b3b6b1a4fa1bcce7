/**
 * Named tally layouts: one definition of what a battle's flat Float64Array tally holds,
 * read by the kernels (numeric offsets), the exact solver (the same offsets, filled with
 * probabilities) and the summary (names). A layout has three kinds of parts:
 *
 * - a **block**: raw storage, `size` bins from `offset`; kernels add counts to it;
 * - an **event**: a probability, the sum of some bins divided by the trials;
 * - a **histogram**: a distribution over whole values `from..to`, summed from blocks
 *   aligned by value and from events placed on one value; conditional histograms
 *   (`given`) are normalised by their own total.
 *
 * What every tally of a layout satisfies (tally/check.ts holds tallies from elsewhere to it):
 * a block counts each battle at most once (its bins add up to at most the trials), so does
 * an event; the events of a partition add up to the trials; a histogram adds up to the
 * trials, a conditional one to the count of its `condition` event.
 *
 * @example
 * const b = new LayoutBuilder();
 * const won = b.block('won', 11);
 * b.event('pWin', 'P(attacker wins)', [[won, 11]]);
 * b.histogram('left', {
 *   label: 'Armies left', xLabel: 'armies', series: 'attacker', from: 0, to: 10, terms: [{ offset: won }],
 * });
 * const layout = b.build(); // layout.size === 11
 */

/** A run of bins: [offset, length]. */
export type BinRange = readonly [offset: number, length: number];

export interface BlockPart {
  kind: 'block';
  name: string;
  offset: number;
  size: number;
}

export interface EventPart {
  kind: 'event';
  /** Metric key. */
  name: string;
  label: string;
  bins: BinRange[];
  /** False for an event that only feeds histograms and decisions (not reported as a metric). */
  report: boolean;
}

/** A term of a histogram: a block's bins from `offset` (value `from` first), or an event's count at `value`. */
export type HistogramTerm = { offset: number } | { event: string; value: number };

export interface MeanSpec {
  key: string;
  label: string;
  /** Report the mean of `reflect - value` instead (e.g. armies lost out of `reflect`). */
  reflect?: number;
}

export interface HistogramPart {
  kind: 'histogram';
  /** Distribution key. */
  name: string;
  label: string;
  xLabel: string;
  /** Side or player, for chart colours. */
  series: string;
  from: number;
  to: number;
  terms: HistogramTerm[];
  /**
   * The condition under which it is counted (e.g. "given a conquest"): normalised by its own total.
   * The label states the condition too, so it reads alone wherever it is shown.
   */
  given?: string;
  /** With `given`: the event it is counted under (its total is that event's count in every tally). */
  condition?: string;
  means: MeanSpec[];
  quantiles?: { key: string; label: string };
  /** Listed among the report's distributions (CSV and charts); default true. */
  distribution: boolean;
}

/** Events of which exactly one happens in every battle (its outcome categories), for outcome charts. */
export interface PartitionPart {
  kind: 'partition';
  name: string;
  label: string;
  events: string[];
  /**
   * False for a partition declared only so that certainty is decided exactly (the summary: an event
   * is certain when the partition's other bins cannot happen), not the outcome categories charted.
   */
  outcomes?: false;
}

export type LayoutPart = BlockPart | EventPart | HistogramPart | PartitionPart;

/** A built layout: plain data, structured-cloneable. */
export interface TallyLayout {
  size: number;
  parts: LayoutPart[];
}

export interface HistogramOptions {
  label: string;
  xLabel: string;
  series: string;
  from: number;
  to: number;
  /** Where its counts come from; default: a block of its own, `to - from + 1` bins. */
  terms?: HistogramTerm[];
  given?: string;
  /** With `given`: the event it is counted under (required: tallies from elsewhere are checked against it). */
  condition?: string;
  means?: MeanSpec[];
  quantiles?: { key: string; label: string };
  distribution?: boolean;
}

export class LayoutBuilder {
  private size = 0;
  private readonly parts: LayoutPart[] = [];
  private readonly names = new Set<string>();

  private claim(name: string): void {
    if (this.names.has(name)) throw new Error(`tally layout: '${name}' is declared twice`);
    this.names.add(name);
  }

  /** `size` bins of raw storage; returns their offset. */
  block(name: string, size: number): number {
    this.claim(name);
    const offset = this.size;
    this.parts.push({ kind: 'block', name, offset, size });
    this.size += size;
    return offset;
  }

  /** A probability: the sum of `bins` over the trials. */
  event(name: string, label: string, bins: BinRange[], options: { report?: boolean } = {}): this {
    this.claim(name);
    this.parts.push({
      kind: 'event',
      name,
      label,
      bins: bins.map(([o, n]) => [o, n] as const),
      report: options.report ?? true,
    });
    return this;
  }

  /** Declares that exactly one of `events` happens in every battle: the battle's outcome categories. */
  partition(name: string, label: string, events: string[], options: { outcomes?: false } = {}): this {
    this.claim(name);
    this.parts.push({ kind: 'partition', name, label, events: [...events], ...options });
    return this;
  }

  /** A distribution over `from..to`; without `terms` it gets a block of its own, whose offset is returned. */
  histogram(name: string, options: HistogramOptions): number {
    let offset = -1;
    let terms = options.terms;
    if (!terms) {
      offset = this.block(`${name}#bins`, options.to - options.from + 1);
      terms = [{ offset }];
    }
    this.claim(name);
    this.parts.push({
      kind: 'histogram',
      name,
      label: options.label,
      xLabel: options.xLabel,
      series: options.series,
      from: options.from,
      to: options.to,
      terms,
      ...(options.given ? { given: options.given } : {}),
      ...(options.condition ? { condition: options.condition } : {}),
      means: options.means ?? [],
      ...(options.quantiles ? { quantiles: options.quantiles } : {}),
      distribution: options.distribution ?? true,
    });
    return offset;
  }

  build(): TallyLayout {
    const events = new Set(this.parts.filter((p) => p.kind === 'event').map((p) => p.name));
    for (const part of this.parts) {
      if (part.kind === 'partition') {
        const unknown = part.events.find((e) => !events.has(e));
        if (unknown) throw new Error(`tally layout: partition '${part.name}' names unknown event '${unknown}'`);
      }
      if (part.kind !== 'histogram') continue;
      if (part.given !== undefined && (part.condition === undefined || !events.has(part.condition))) {
        throw new Error(`tally layout: conditional histogram '${part.name}' must name the event it is counted under`);
      }
      for (const term of part.terms) {
        if ('event' in term && !events.has(term.event)) {
          throw new Error(`tally layout: histogram '${part.name}' adds unknown event '${term.event}'`);
        }
      }
    }
    return { size: this.size, parts: [...this.parts] };
  }
}

export function findEvent(layout: TallyLayout, name: string): EventPart {
  const part = layout.parts.find((p) => p.name === name);
  if (!part || part.kind !== 'event') throw new Error(`tally layout has no event '${name}'`);
  return part;
}

/** Sum of an event's bins in a tally (counts) or exact vector (probabilities). */
export function binSum(vector: ArrayLike<number>, bins: readonly BinRange[]): number {
  let sum = 0;
  for (const [offset, length] of bins) for (let i = offset; i < offset + length; i++) sum += vector[i];
  return sum;
}

/** An event's bins as a flat [offset, length, offset, length ...] list (what a paired chunk reads). */
export function flatBins(bins: readonly BinRange[]): number[] {
  return bins.flatMap(([offset, length]) => [offset, length]);
}
