/**
 * Whether a chunk's tally is a possible tally of its layout and trials: what a tally
 * from another machine (a shard's part, a fleet worker's result) must satisfy before it
 * is added in. A kernel's tally always does (the engine checks every chunk, so the
 * contract suite holds every kernel to it); a hand-edited or corrupt one rarely does:
 *
 * - every count a whole number of battles, 0 or more;
 * - each block and each event counts at most the chunk's trials (one value per battle);
 * - the events of each partition (the outcome categories) add up to the trials;
 * - a histogram adds up to the trials, a conditional one to its condition event's count;
 * - paired chunks (sweep variants): each variant's tally so, and the joint headline counts
 *   (both, only the baseline, only the variant, neither) add up to the trials and agree
 *   with each variant's headline.
 *
 * A consistent forgery passes all of this: the fleet's sampled re-run (docs/fleet.md) is
 * what catches those.
 */
import { binSum, type EventPart, type TallyLayout } from '../../model/tallyLayout.js';

/** What a paired chunk's variants are: each one's layout and headline event. */
export interface TallyTarget {
  layout: TallyLayout;
  headline: string;
}

/** Why `tally` cannot be the tally of `trials` battles of `targets` (one, or the paired variants), or null. */
export function tallyProblem(targets: readonly TallyTarget[], tally: Float64Array, trials: number): string | null {
  const size = targets[0].layout.size;
  const expected = targets.length * size + 4 * (targets.length - 1);
  if (tally.length !== expected) return `holds ${tally.length} counts; a tally of this chunk has ${expected}`;
  for (let i = 0; i < tally.length; i++) {
    const c = tally[i];
    if (!Number.isSafeInteger(c) || c < 0) return `count ${i} is ${String(c)}, not a whole number of battles`;
  }
  const headlines: number[] = [];
  for (const [v, target] of targets.entries()) {
    const view = tally.subarray(v * size, (v + 1) * size);
    const problem = layoutProblem(target.layout, view, trials);
    if (problem) return targets.length > 1 ? `variant ${v}: ${problem}` : problem;
    headlines.push(binSum(view, eventOf(target.layout, target.headline).bins));
  }
  for (let v = 1; v < targets.length; v++) {
    const at = targets.length * size + 4 * (v - 1);
    const [both, onlyBaseline, onlyVariant, neither] = tally.subarray(at, at + 4);
    const sum = both + onlyBaseline + onlyVariant + neither;
    const joint = `the joint headline counts of variant ${v} (counts ${at} to ${at + 3})`;
    if (sum !== trials) return `${joint} add up to ${n(sum)}, not the ${n(trials)} trials`;
    if (both + onlyBaseline !== headlines[0] || both + onlyVariant !== headlines[v])
      return `${joint} disagree with the variants' headlines`;
  }
  return null;
}

function layoutProblem(layout: TallyLayout, tally: Float64Array, trials: number): string | null {
  const trialsText = `the chunk's ${n(trials)} trials`;
  for (const part of layout.parts) {
    if (part.kind === 'block') {
      const sum = binSum(tally, [[part.offset, part.size]]);
      const counts = `the counts ${part.offset} to ${part.offset + part.size - 1} ('${part.name}')`;
      if (sum > trials) return `${counts} add up to ${n(sum)}, more than ${trialsText}`;
    } else if (part.kind === 'event') {
      const count = binSum(tally, part.bins);
      if (count > trials) return `${part.label} counts ${n(count)} battles, more than ${trialsText}`;
    } else if (part.kind === 'partition') {
      const counts = part.events.map((name) => [eventOf(layout, name), 0] as [EventPart, number]);
      for (const entry of counts) entry[1] = binSum(tally, entry[0].bins);
      const sum = counts.reduce((s, [, c]) => s + c, 0);
      if (sum !== trials) {
        const terms = counts.map(([e, c]) => `${e.label} ${n(c)}`).join(' + ');
        return `${part.label}: ${terms} = ${n(sum)} battles, not ${trialsText}`;
      }
    } else {
      let sum = 0;
      const width = part.to - part.from + 1;
      for (const term of part.terms)
        sum +=
          'offset' in term ? binSum(tally, [[term.offset, width]]) : binSum(tally, eventOf(layout, term.event).bins);
      const condition = part.condition === undefined ? undefined : eventOf(layout, part.condition);
      const want = condition ? binSum(tally, condition.bins) : trials;
      if (sum !== want) {
        const whose = condition ? `${condition.label} counts ${n(want)}` : `the chunk has ${n(trials)} trials`;
        return `the histogram '${part.label}' counts ${n(sum)} battles; ${whose}`;
      }
    }
  }
  return null;
}

/** Each layout's events by name, built once per layout (a run checks every chunk against the same few). */
const eventsByLayout = new WeakMap<TallyLayout, Map<string, EventPart>>();

function eventOf(layout: TallyLayout, name: string): EventPart {
  let events = eventsByLayout.get(layout);
  if (!events) {
    events = new Map();
    for (const part of layout.parts) if (part.kind === 'event') events.set(part.name, part);
    eventsByLayout.set(layout, events);
  }
  const part = events.get(name);
  if (!part) throw new Error(`tally layout has no event '${name}'`);
  return part;
}

function n(value: number): string {
  return value.toLocaleString('en-US');
}
