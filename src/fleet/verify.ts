/**
 * Verify, don't just trust: a chunk is a pure function of its task, so re-running a few
 * chunks of each source (each part file of a merge, each worker of a fleet run) here and
 * comparing counts catches a tampered or faulty machine rather than averaging it in.
 *
 * Which chunks are re-run is drawn from a seed this machine picks (128 random bits) when
 * the results are already in hand, so no machine can know in advance which of its chunks
 * will be checked. The draw is a deterministic function of the seed (SHA-256 in counter
 * mode), so `--verify-seed` repeats it.
 *
 * If t of a source's n chunks were altered and k of its chunks are drawn (without
 * replacement), the chance that at least one altered chunk is re-run is
 * 1 - C(n - t, k) / C(n, k) (`detectionProbability`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { InputError } from '../core/model/inputError.js';
import { readDecimal } from '../core/form/read.js';

/** How many chunks of each source to re-run: a count, a percentage, all or none. */
export type VerifySpec =
  { kind: 'none' } | { kind: 'all' } | { kind: 'count'; count: number } | { kind: 'percent'; percent: number };

export const DEFAULT_VERIFY = '2';
/** The most chunks a count may name (a part holds at most some 600,000): beyond it, `all` says the same. */
export const MAX_VERIFY_COUNT = 1_000_000;
/** How `--verify` is written, in help and refusals. */
export const VERIFY_WORDS =
  `a count of chunks from 0 to ${MAX_VERIFY_COUNT.toLocaleString('en-US')} (e.g. 2), a percentage above 0 and ` +
  'at most 100% (e.g. 5%), all or none (0 and 0% are none)';

/**
 * `2`, `5%`, `all` or `none`; numbers are written as every flag writes them (core/form/read.ts:
 * `1e3`, `1_000`; no hex).
 */
export function parseVerify(text: string, flag = '--verify'): VerifySpec {
  const value = text.trim().toLowerCase();
  if (value === 'none') return { kind: 'none' };
  if (value === 'all') return { kind: 'all' };
  if (value.endsWith('%')) {
    const body = value.slice(0, -1);
    const p = body === body.trimEnd() ? readDecimal(body) : undefined;
    if (p === 0) return { kind: 'none' };
    if (p === 100) return { kind: 'all' };
    if (p !== undefined && p > 0 && p < 100) return { kind: 'percent', percent: p };
  } else {
    const n = readDecimal(value);
    if (n === 0) return { kind: 'none' };
    if (n !== undefined && Number.isInteger(n) && n > 0 && n <= MAX_VERIFY_COUNT) return { kind: 'count', count: n };
  }
  throw new InputError(
    flag,
    '',
    `'${text}' is not ${VERIFY_WORDS}; it says how many chunks of each part or worker are re-run here to check them`,
  );
}

/** Chunks to re-run of a source that delivered `n`. */
export function sampleSize(spec: VerifySpec, n: number): number {
  switch (spec.kind) {
    case 'none':
      return 0;
    case 'all':
      return n;
    case 'count':
      return Math.min(n, spec.count);
    case 'percent':
      return Math.min(n, Math.ceil((n * spec.percent) / 100));
  }
}

/** How the summary line says it: `2 chunks of each part`. */
export function describeSpec(spec: VerifySpec, source: string): string {
  switch (spec.kind) {
    case 'none':
      return 'none';
    case 'all':
      return `every chunk of each ${source}`;
    case 'count':
      return `${spec.count} chunk${spec.count === 1 ? '' : 's'} of each ${source}`;
    case 'percent':
      return `${spec.percent}% of the chunks of each ${source}`;
  }
}

/**
 * The note on each sampled battle (and sampled sweep) of a run whose results came from other machines (the fleet's
 * workers, or the parts of a merge) when `--verify none` asked that none of them be re-run here: its report says so,
 * as its summary line does.
 */
export function uncheckedNote(source: 'worker' | 'part'): string {
  // Exact values are solved on this machine: only the estimates came from elsewhere.
  const from = source === 'worker' ? "the worker fleet's machines" : 'the parts merged';
  const unchecked = '--verify none re-ran none of their chunks here: nothing checked them';
  return `The Monte Carlo estimates come from ${from}, and ${unchecked}.`;
}

/** Whether a sweep has sampled cells (on whatever machines): only those could need a check. */
export function sampledSweep(sweep: { cells: ReadonlyArray<{ method: string }> }): boolean {
  return sweep.cells.some((cell) => cell.method !== 'exact');
}

/** A fresh seed: 128 bits from the system's random source, as 32 hex digits. */
export function newVerifySeed(): string {
  return randomBytes(16).toString('hex');
}

/** `--verify-seed`: hex digits (what the summary line printed). */
export function parseVerifySeed(text: string, flag = '--verify-seed'): string {
  if (!/^[0-9a-f]{8,64}$/i.test(text))
    throw new InputError(flag, '', `'${text}' is not 8 to 64 hex digits (a seed a merge or run printed)`);
  return text.toLowerCase();
}

/** Uniform draws below a bound from (seed, stream): SHA-256 in counter mode, 48 bits a draw. */
export class SeededDraws {
  private counter = 0;
  constructor(
    private readonly seed: string,
    private readonly stream: string,
  ) {}

  /** A whole number in [0, n), n below 2^32. */
  below(n: number): number {
    const digest = createHash('sha256').update(`${this.seed}\0${this.stream}\0${this.counter++}`).digest();
    return Math.floor((digest.readUIntBE(0, 6) / 2 ** 48) * n);
  }
}

/** `k` of `items`, drawn without replacement (a partial Fisher-Yates shuffle), in their original order. */
export function drawSample<T>(items: readonly T[], k: number, draws: SeededDraws): T[] {
  const index = items.map((_, i) => i);
  const take = Math.min(k, items.length);
  for (let i = 0; i < take; i++) {
    const j = i + draws.below(index.length - i);
    [index[i], index[j]] = [index[j], index[i]];
  }
  return index
    .slice(0, take)
    .sort((a, b) => a - b)
    .map((i) => items[i]);
}

/**
 * What a fleet run keeps of each worker's results, whose number is not known in advance:
 * for a count k, a uniform sample of k (reservoir sampling, Algorithm R: every set of k
 * equally likely); for a percentage p, each result with probability p (so k varies and a
 * source with t altered chunks is caught with probability 1 - (1 - p)^t); for all, all.
 */
export class Reservoir<T> {
  private readonly kept: T[] = [];
  private seen = 0;
  constructor(
    private readonly spec: VerifySpec,
    private readonly draws: SeededDraws,
  ) {}

  offer(item: T): void {
    this.seen++;
    const spec = this.spec;
    if (spec.kind === 'none') return;
    if (spec.kind === 'all') this.kept.push(item);
    else if (spec.kind === 'percent') {
      if (this.draws.below(2 ** 32) < (spec.percent / 100) * 2 ** 32) this.kept.push(item);
    } else if (this.kept.length < spec.count) this.kept.push(item);
    else {
      const j = this.draws.below(this.seen);
      if (j < spec.count) this.kept[j] = item;
    }
  }

  /** Items offered so far. */
  get offered(): number {
    return this.seen;
  }

  /** The items kept. */
  sample(): T[] {
    return [...this.kept];
  }
}

/**
 * The chance that a sample of k of n chunks holds at least one of t altered ones:
 * 1 - C(n - t, k) / C(n, k), computed as a product (no huge binomials).
 */
export function detectionProbability(n: number, t: number, k: number): number {
  if (t <= 0 || k <= 0) return 0;
  if (k > n - t) return 1;
  let miss = 1;
  for (let i = 0; i < k; i++) miss *= (n - t - i) / (n - i);
  return 1 - miss;
}

/**
 * Where a tally from elsewhere differs from the same chunk re-run here, in words
 * (`count 3 is 4,012 there and 4,013 here`), or null when they are equal.
 */
export function tallyDifference(theirs: ArrayLike<number>, ours: ArrayLike<number>): string | null {
  if (theirs.length !== ours.length) return `${theirs.length} counts there, ${ours.length} here`;
  let first = -1;
  let differing = 0;
  for (let i = 0; i < ours.length; i++) {
    if (theirs[i] === ours[i]) continue;
    differing++;
    if (first < 0) first = i;
  }
  if (first < 0) return null;
  const more = differing > 1 ? `, and ${differing - 1} more count${differing > 2 ? 's differ' : ' differs'}` : '';
  const n = (x: number) => x.toLocaleString('en-US');
  return `count ${first} is ${n(theirs[first])} there and ${n(ours[first])} here${more}`;
}
