/**
 * A comparison in words: its named values (`summary`) and two sentences quoting them by name
 * (`summary.<field>`; src/core/words/sentence.ts), e.g. "Against A (landgrab-fortress-house-rules), B
 * (landgrab-bastion) lowers P(attacker conquers) by 10.0 to 35.2 points, most at armies in the
 * attacking territory 12 to 18." and "52 of 66 cells differ at the 5% level after Holm's correction; 14
 * are within the sampling noise."
 */
import type { CompareReport, CompareSummary, ComparedCell, Correction } from './compare.js';
import { quote, say, type Sentence } from '../words/sentence.js';

const REF = 'summary';
const NAMES: Record<Correction, string> = {
  holm: "Holm's correction",
  'benjamini-hochberg': 'the Benjamini-Hochberg correction',
};

/** The named values of a comparison (every figure its words give). */
export function compareSummary(r: Omit<CompareReport, 'summary' | 'words'>): CompareSummary {
  const points = r.cells.map((c) => c.difference * 100);
  const lowest = points.length ? Math.min(...points) : 0;
  const highest = points.length ? Math.max(...points) : 0;
  const sizes = points.map(Math.abs);
  const direction = points.every((p) => p === 0)
    ? 'keeps'
    : points.every((p) => p >= 0)
      ? 'raises'
      : points.every((p) => p <= 0)
        ? 'lowers'
        : 'moves';
  const exactCells = r.cells.filter((c) => c.exact).length;
  const sampled = r.cells.filter((c) => !c.exact);
  return {
    metricLabel: r.headline.label,
    aName: r.a.name,
    bName: r.b.name,
    cells: r.cells.length,
    exactCells,
    sampledCells: sampled.length,
    differing: r.cells.filter((c) => c.differs).length,
    noise: sampled.filter((c) => !c.differs).length,
    equal: r.cells.filter((c) => c.exact && !c.differs).length,
    lowest,
    highest,
    smallestSize: sizes.length ? Math.min(...sizes) : 0,
    largestSize: sizes.length ? Math.max(...sizes) : 0,
    direction,
    most: mostAlong(r),
    correction: r.correction.method,
    level: r.correction.level,
    tested: r.correction.tested,
  };
}

/**
 * Where along the first axis the difference is largest: the values whose mean size of difference is
 * within a tenth of the largest mean, as a run from the first such value to the last.
 */
function mostAlong(r: Omit<CompareReport, 'summary' | 'words'>): CompareSummary['most'] {
  const axis = r.axes[0];
  if (!axis || axis.values.length < 2) return null;
  const means = axis.values.map((v) => {
    const cells = r.cells.filter((c: ComparedCell) => c.at[0] === v);
    return cells.reduce((s, c) => s + Math.abs(c.difference), 0) / Math.max(1, cells.length);
  });
  const top = Math.max(...means);
  if (!(top > 0)) return null;
  const near = means.flatMap((m, i) => (m >= 0.9 * top ? [i] : []));
  return { axis: axis.title, from: String(axis.values[near[0]]), to: String(axis.values[near[near.length - 1]]) };
}

/** The comparison's sentences; every number quotes a named value of `summary`. */
export function compareWords(s: CompareSummary): Sentence[] {
  const text = (field: string, value: string) => quote(`${REF}.${field}`, value, 'text');
  const a = text('aName', s.aName);
  const b = text('bName', s.bName);
  const what = text('metricLabel', s.metricLabel);
  const against = say`Against A (${a}), B (${b})`;
  let first: Sentence;
  if (s.direction === 'keeps') first = say`${against} leaves ${what} as it is in every cell`;
  else if (s.direction === 'moves') {
    const low = quote(`${REF}.lowest`, s.lowest, 'signed1');
    const high = quote(`${REF}.highest`, s.highest, 'signed1');
    first = say`${against} moves ${what} by ${low} to ${high} points`;
  } else {
    const small = quote(`${REF}.smallestSize`, s.smallestSize, 'fixed1');
    const large = quote(`${REF}.largestSize`, s.largestSize, 'fixed1');
    const by = s.smallestSize === s.largestSize ? say`${large}` : say`${small} to ${large}`;
    first = say`${against} ${s.direction} ${what} by ${by} points`;
  }
  const where =
    s.most && s.direction !== 'keeps'
      ? s.most.from === s.most.to
        ? say`, most at ${text('most.axis', s.most.axis)} ${text('most.from', s.most.from)}`
        : say`, most at ${text('most.axis', s.most.axis)} ${text('most.from', s.most.from)} to ${text(
            'most.to',
            s.most.to,
          )}`
      : say``;
  const lines = [say`${first}${where}.`];
  const cells = quote(`${REF}.cells`, s.cells, 'count');
  const differing = quote(`${REF}.differing`, s.differing, 'count');
  if (s.sampledCells === 0) {
    const equal = quote(`${REF}.equal`, s.equal, 'count');
    lines.push(say`Every cell is exact: ${differing} of ${cells} differ, ${equal} are equal.`);
  } else {
    const level = quote(`${REF}.level`, s.level, 'target');
    const tested = quote(`${REF}.tested`, s.tested, 'count');
    const noise = quote(`${REF}.noise`, s.noise, 'count');
    const exact = s.exactCells > 0 ? say`; ${quote(`${REF}.exactCells`, s.exactCells, 'count')} cells exact` : say``;
    const how = say`${NAMES[s.correction]} over the ${tested} sampled cells${exact}`;
    const noiseWords = say`${noise} are within the sampling noise`;
    lines.push(say`${differing} of ${cells} cells differ at the ${level} level (${how}); ${noiseWords}.`);
  }
  return lines;
}
