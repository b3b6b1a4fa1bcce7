/**
 * What the battle types' descriptions share (duel/describe.ts, multi/describe.ts,
 * explore/describe.ts): the outcome categories of a layout, their chart, the causes of an
 * outcome in words, the survivors of a win. Every number quotes a named value of the report.
 */
import type { ResultView } from '../../model/contract.js';
import type { ChartRequest } from '../../model/report.js';
import type { TallyLayout } from '../../model/tallyLayout.js';
import { join, metricQuote, quote, say, type Sentence } from '../../words/sentence.js';

type View = Pick<ResultView, 'label' | 'layout' | 'metric' | 'shown' | 'method'>;

/** The layout's outcome categories (its partition), by event name. */
export function partitionOf(layout: TallyLayout, name: string): string[] {
  const part = layout.parts.find((p) => p.kind === 'partition' && p.name === name);
  return part && part.kind === 'partition' ? part.events : [];
}

export const hasPart = (layout: TallyLayout, name: string) => layout.parts.some((p) => p.name === name);

/** A bar per outcome category with its interval (and exact value). */
export function outcomeChart(view: View, partition: string, title: string, labels: Map<string, string>): ChartRequest {
  return {
    kind: 'intervals',
    name: 'outcomes',
    title,
    subtitle: [view.label],
    categoryTitle: 'outcome',
    valueTitle: 'probability',
    format: 'percent',
    domain: [0, 1],
    rows: partitionOf(view.layout, partition).map((name) => {
      const m = view.metric(name);
      return {
        category: labels.get(name) ?? m.label,
        value: m.estimate,
        ...(m.ci95 ? { low: m.ci95[0], high: m.ci95[1] } : {}),
        ...(m.exact !== undefined ? { exact: m.exact } : {}),
      };
    }),
  };
}

/** "; 2.4 of your 6 creatures survive on average when you do" (nothing to say about a lone creature). */
export function survivors(view: View, key: string, ref: string, total: number): Sentence {
  if (total <= 1) return say``;
  const left = metricQuote(view, key, 'fixed1');
  return say`; ${left} of your ${quote(ref, total, 'count')} creatures survive on average when you do`;
}

/**
 * "x 30.1%, y 5.0%" for the listed events that happen; the round cap only where it is more
 * than the exact solver's truncation (it stops below 1e-16 still in play).
 */
export function causes(view: View, names: string[], phrases: Map<string, string>): Sentence {
  const happen = names.filter((n) => view.shown(n).value > (n === 'pHoldRoundLimit' ? 1e-9 : 0));
  return join(
    happen.map((n) => {
      const phrase = phrases.get(n);
      // Every outcome of a layout has its words here: a new outcome must be given some.
      if (phrase === undefined) throw new Error(`no words for the outcome '${n}'`);
      return say`${phrase} ${metricQuote(view, n, 'percent')}`;
    }),
    ', ',
  );
}
