/**
 * Solving for a rule knob: along the whole numbers `from..to` of one field, where does the
 * headline probability reach a target? The headline must move one way along the field (more
 * fortress bonus, less conquest): the answer is the smallest value reaching the target where
 * it rises, the largest where it falls. Pure: the caller evaluates the headline at a value
 * (exactly, or by Monte Carlo with its interval), the search chooses where to look.
 *
 * How: a scan (every value of a short range; else the first values, the values around the
 * starting one and a geometric ladder to the end), the direction and the monotone check read
 * from the scan, then bisection between the two scanned values around the crossing, then every
 * value of a window around the answer. Every value evaluated is checked for monotonicity: an
 * exact curve may not step back by more than rounding; a sampled one may not step back by more
 * than its intervals allow (a step back counts when the two 95% intervals do not overlap).
 *
 * @example
 * await searchAlong((v) => ({ value: v, probability: v / 10 }), { from: 0, to: 10, target: 0.5, start: 3 })
 * // { kind: 'found', direction: 'increasing', value: 5, ... }
 */

export interface CurvePoint {
  value: number;
  /** The headline at this value: exact, or the estimate. */
  probability: number;
  /** The 95% interval of a sampled estimate (absent: exact). */
  ci95?: [number, number];
}

export type Evaluate = (value: number) => CurvePoint | Promise<CurvePoint>;

export interface SearchSpec {
  from: number;
  to: number;
  target: number;
  /** The value the battle was given with: the scan looks closely around it. */
  start: number;
  /** A value known to be the answer (a system's own exact search, e.g. the fewest armies): checked, not trusted. */
  hint?: number;
}

export type Direction = 'increasing' | 'decreasing' | 'flat';

interface Common {
  direction: Direction;
  /** Every value evaluated, in order of value. */
  points: CurvePoint[];
  /** Every whole number of the range was evaluated (else a scan, a bisection and a window). */
  everyValue: boolean;
}

export type SearchResult =
  | (Common & {
      kind: 'found';
      /** The smallest value reaching the target (rising), the largest (falling). */
      value: number;
      /** The value just past the answer, which misses the target (null: the answer is an end of the range). */
      neighbour: number | null;
    })
  | (Common & {
      kind: 'unreachable';
      /** The value with the highest headline (the first such along the direction). */
      best: number;
    })
  | (Common & {
      kind: 'not-monotone';
      /** Two evaluated values where the curve turns back against its direction. */
      turn: [number, number];
    });

/** Ranges this short are evaluated at every value. */
export const EVERY_VALUE_UP_TO = 48;
/** Values evaluated on each side of the answer, for the curve printed around it. */
export const WINDOW = 4;
/** Rounding between exact solutions of different battle sizes (far below any printed digit). */
const EXACT_SLACK = 1e-12;

/**
 * Whether a point reaches the target (its shown value: exact, or the estimate). A target of 1
 * is reached only by certainty: 1 - 8e-10 is not "at least 100%".
 */
export const reaches = (p: CurvePoint, target: number) => p.probability >= (target >= 1 ? 1 : target - EXACT_SLACK);

/** The values a scan of `from..to` evaluates (sorted, unique). */
export function scanValues(from: number, to: number, start: number): number[] {
  if (to - from + 1 <= EVERY_VALUE_UP_TO) return range(from, to);
  const values = new Set<number>([...range(from, Math.min(to, from + 15)), to]);
  for (let v = Math.max(from, start - 8); v <= Math.min(to, start + 8); v++) values.add(v);
  for (let step = 1; from + step < to; step = Math.ceil(step * 1.3)) values.add(from + step);
  return [...values].sort((a, b) => a - b);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/** The bounds a point's value surely lies within: its interval, or the exact value with rounding slack. */
function low(p: CurvePoint): number {
  return p.ci95 ? p.ci95[0] : p.probability - EXACT_SLACK;
}
function high(p: CurvePoint): number {
  return p.ci95 ? p.ci95[1] : p.probability + EXACT_SLACK;
}

/** The first pair of points (in value order) where the curve surely goes down, or null. */
function firstDrop(points: readonly CurvePoint[]): [number, number] | null {
  let top: CurvePoint | null = null;
  for (const p of points) {
    if (top && high(p) < low(top)) return [top.value, p.value];
    if (!top || low(p) > low(top)) top = p;
  }
  return null;
}

/** The direction of a curve (from its ends, or its largest sure step) and the turn against it, if any. */
export function directionOf(points: readonly CurvePoint[]): { direction: Direction; turn: [number, number] | null } {
  const drop = firstDrop(points);
  const rise = firstDrop([...points].reverse().map((p) => p));
  if (!drop && !rise) return { direction: 'flat', turn: null };
  if (drop && rise) {
    // Both ways: the curve turns; name the turn against the way its ends go.
    const first = points[0];
    const last = points[points.length - 1];
    const up = last.probability >= first.probability;
    return {
      direction: up ? 'increasing' : 'decreasing',
      turn: up ? drop : (rise.slice().reverse() as [number, number]),
    };
  }
  return drop ? { direction: 'decreasing', turn: null } : { direction: 'increasing', turn: null };
}

/** Finds where the headline reaches the target along `from..to` (see the module's comment). */
export async function searchAlong(evaluate: Evaluate, spec: SearchSpec): Promise<SearchResult> {
  const { from, to, target } = spec;
  const known = new Map<number, CurvePoint>();
  const at = async (value: number): Promise<CurvePoint> => {
    let p = known.get(value);
    if (!p) {
      p = await evaluate(value);
      known.set(value, p);
    }
    return p;
  };
  const sorted = () => [...known.values()].sort((a, b) => a.value - b.value);
  const scan = scanValues(from, to, Math.min(to, Math.max(from, spec.start)));
  if (spec.hint !== undefined && spec.hint >= from && spec.hint <= to) {
    for (const v of [spec.hint - 1, spec.hint, spec.hint + 1]) if (v >= from && v <= to) scan.push(v);
  }
  for (const v of scan) await at(v);
  const everyValue = to - from + 1 <= EVERY_VALUE_UP_TO;

  const first = directionOf(sorted());
  if (first.turn)
    return { kind: 'not-monotone', direction: first.direction, turn: first.turn, points: sorted(), everyValue };

  // Where the curve crosses the target (pinned by bisection), then the window around it. A
  // curve that looked flat on the scan may show its direction in the window: then again.
  let direction = first.direction;
  let located = await locate(at, sorted(), target, direction !== 'decreasing');
  for (let round = 0; ; round++) {
    const centre = located.answer ?? located.best;
    for (let v = Math.max(from, centre - WINDOW); v <= Math.min(to, centre + WINDOW); v++) await at(v);
    const checked = directionOf(sorted());
    if (checked.turn)
      return { kind: 'not-monotone', direction: checked.direction, turn: checked.turn, points: sorted(), everyValue };
    if (checked.direction === direction || checked.direction === 'flat' || round > 0) break;
    direction = checked.direction;
    located = await locate(at, sorted(), target, direction !== 'decreasing');
  }
  const all = sorted();
  const { answer, best } = located;
  if (answer === null) return { kind: 'unreachable', direction, best, points: all, everyValue };
  const past = direction === 'decreasing' ? answer + 1 : answer - 1;
  const neighbour = past >= from && past <= to ? past : null;
  return { kind: 'found', direction, value: answer, neighbour, points: all, everyValue };
}

/** The answer along a curve of this direction (null: none reaches the target), and the best value seen. */
async function locate(
  at: (v: number) => Promise<CurvePoint>,
  points: readonly CurvePoint[],
  target: number,
  rising: boolean,
): Promise<{ answer: number | null; best: number }> {
  let answer: number | null = null;
  if (rising) {
    const k = points.findIndex((p) => reaches(p, target));
    if (k === 0) answer = points[0].value;
    else if (k > 0) answer = await bisect(at, points[k - 1].value, points[k].value, target, true);
  } else {
    const k = findLastIndex(points, (p) => reaches(p, target));
    if (k === points.length - 1) answer = points[k].value;
    else if (k >= 0) answer = await bisect(at, points[k].value, points[k + 1].value, target, false);
  }
  // The best value: the highest headline; on a plateau, the one farthest from where the curve rises to.
  const order = rising ? points : [...points].reverse();
  let best = order[0];
  for (const p of order) if (p.probability > best.probability) best = p;
  return { answer, best: best.value };
}

/**
 * Between `miss` (below the target) and `hit` (at or above it) on a rising curve, or `hit`
 * then `miss` on a falling one: the value at the crossing (the first hit rising, the last falling).
 */
async function bisect(
  at: (v: number) => Promise<CurvePoint>,
  lowValue: number,
  highValue: number,
  target: number,
  rising: boolean,
): Promise<number> {
  let lo = lowValue;
  let hi = highValue;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    const hit = reaches(await at(mid), target);
    // Rising: lo misses, hi hits. Falling: lo hits, hi misses.
    if (hit === rising) hi = mid;
    else lo = mid;
  }
  return rising ? hi : lo;
}

function findLastIndex<T>(list: readonly T[], test: (x: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i])) return i;
  return -1;
}
