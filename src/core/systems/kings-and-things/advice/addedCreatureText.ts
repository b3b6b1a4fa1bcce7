/**
 * The added-creature answer (addedCreature.ts) in words: the report's decision
 * (`decisions.addedCreature`), the verdict line that quotes it, its table and its chart.
 *
 * @example
 * const decision = addedCreatureDecision(addedCreature(entry, 0.8), 0.8, entry.attacker.creatures.length);
 * addedCreatureLine(decision).text; // 'For at least 80% add one creature: the weakest that is enough ...'
 */
import type { ChartRequest, Table } from '../../../model/report.js';
import type { KtAddedCreature } from '../decisions.js';
import { percentShort, percentTarget } from '../../../words/format.js';
import { join, quote, say, type Sentence } from '../../../words/sentence.js';
import {
  ADDED_CREATURE_WORK,
  WEAKEST_ORDER,
  strengthOf,
  type AddedCreatureAnswer,
  type Candidate,
} from './addedCreature.js';
import { MAGIC, RANGED } from '../rules/counters.js';

type Kind = NonNullable<KtAddedCreature['chosen']>;

const stepName = (step: number): Kind['step'] => (step === MAGIC ? 'magic' : step === RANGED ? 'ranged' : 'melee');

function kindOf(c: Candidate): Kind {
  return {
    value: c.value,
    step: stepName(c.step),
    dice: c.dice,
    strength: strengthOf(c),
    names: c.names,
    pCapture: c.pCapture,
  };
}

/** A decision with nothing found yet: no values, no kinds tried. */
function empty(target: number, creatures: number | null): Omit<KtAddedCreature, 'answer'> {
  return {
    target,
    reason: null,
    base: null,
    creatures,
    order: WEAKEST_ORDER,
    chosen: null,
    best: null,
    tried: [],
    kinds: 0,
    cut: false,
    work: 0,
    workBudget: ADDED_CREATURE_WORK,
  };
}

/** The answer as the report's decision. */
export function addedCreatureDecision(answer: AddedCreatureAnswer, target: number, creatures: number): KtAddedCreature {
  const none = empty(target, creatures);
  switch (answer.kind) {
    case 'unsolved':
      return { ...none, answer: 'unsolved', reason: answer.reason };
    case 'enough':
    case 'full':
      return { ...none, answer: answer.kind, base: answer.base };
  }
  const best = [...answer.tried].sort((a, b) => b.pCapture - a.pCapture)[0];
  return {
    ...none,
    answer: answer.kind,
    base: answer.base,
    chosen: answer.chosen && kindOf(answer.chosen),
    best: best ? kindOf(best) : null,
    tried: answer.tried.map(kindOf),
    kinds: answer.kinds,
    cut: answer.cut,
    work: answer.work,
  };
}

/** Not a two-sided battle: no search, and why. */
export function addedCreatureRefused(target: number, reason: string): KtAddedCreature {
  return { ...empty(target, null), answer: 'not-offered', reason };
}

const REF = 'decisions.addedCreature';

/** "a value-4 ranged creature such as Giant or Greathunter", quoting `decisions.addedCreature.<at>`. */
function kindWords(kind: Kind, at: 'chosen' | 'best'): Sentence {
  const ref = `${REF}.${at}`;
  const names = kind.names.slice(0, 2).map((name, i) => quote(`${ref}.names.${i}`, name, 'text'));
  const suchAs = names.length === 2 ? say` such as ${names[0]} or ${names[1]}` : say` such as ${names[0]}`;
  return say`a value-${quote(`${ref}.value`, kind.value, 'count')} ${kind.step}${
    kind.dice === 2 ? ' charging' : ''
  } creature${suchAs}`;
}

/**
 * The verdict line (refusals included), every number quoting `decisions.addedCreature`. The
 * search solves every battle exactly: in a sampled report (`sampled`), whose headline is an
 * estimate, the line says its values are exact.
 */
export function addedCreatureLine(d: KtAddedCreature, sampled = false): Sentence {
  const want = quote(`${REF}.target`, d.target, 'target');
  const base = d.base === null ? say`` : say`${quote(`${REF}.base`, d.base, 'percent')}`;
  const exactly = sampled ? say`, solved exactly` : say``;
  switch (d.answer) {
    case 'not-offered':
      return say`No added-creature search for ${want}: ${quote(`${REF}.reason`, d.reason ?? '', 'text')}.`;
    case 'unsolved':
      return say`No added-creature search for ${want}: the exact solver cannot take this battle (${quote(
        `${REF}.reason`,
        d.reason ?? '',
        'text',
      )}).`;
    case 'enough':
      return say`Enough for ${want}: your stack already captures the hex ${base} of the time${exactly}.`;
    case 'full':
      return say`No room for another creature to reach ${want}: your stack of ${quote(
        `${REF}.creatures`,
        d.creatures ?? 0,
        'count',
      )} already fills the hex; it captures the hex ${base} of the time${exactly}.`;
  }
  const tried = quote(`${REF}.tried.length`, d.tried.length, 'count');
  const kinds = quote(`${REF}.kinds`, d.kinds, 'count');
  if (d.chosen) {
    const cut = d.cut
      ? say` The search stopped at its work budget with ${tried} of ${kinds} kinds tried, weakest first.`
      : say``;
    const p = quote(`${REF}.chosen.pCapture`, d.chosen.pCapture, 'percent');
    return join([
      say`For at least ${want} add one creature: the weakest that is enough `,
      say`(lowest strength, combat value x dice, then melee, ranged, magic) `,
      say`is ${kindWords(d.chosen, 'chosen')} (${p}); you have ${base}${exactly}.${cut}`,
    ]);
  }
  if (!d.best) {
    return join([
      say`No added creature could be tried for ${want}: `,
      say`the weakest kind's battle needs more work than the search's budget.`,
    ]);
  }
  const best = kindWords(d.best, 'best');
  const p = quote(`${REF}.best.pCapture`, d.best.pCapture, 'percent');
  if (d.cut)
    return join([
      say`No added creature among the ${tried} weakest of ${kinds} kinds reaches ${want} `,
      say`(the search stopped at its work budget): the best of them, ${best}, gives ${p}; you have ${base}${exactly}.`,
    ]);
  return say`No single added creature reaches ${want}: the best, ${best}, gives ${p}; you have ${base}${exactly}.`;
}

const kindText = (k: Kind) => `value-${k.value} ${k.step}${k.dice === 2 ? ' charging' : ''} creature`;

/** The candidates table: the chosen kind and the best by P(capture), five in all. */
export function addedCreatureTable(d: KtAddedCreature): Table {
  const want = percentTarget(d.target);
  const rows = [...d.tried].sort((a, b) => b.pCapture - a.pCapture).slice(0, 5);
  const chosen =
    d.chosen &&
    d.tried.find((k) => k.value === d.chosen!.value && k.step === d.chosen!.step && k.dice === d.chosen!.dice);
  if (chosen && !rows.includes(chosen)) rows[rows.length - 1] = chosen;
  return {
    name: 'added-creature',
    title:
      `Chance of capturing the hex with one creature added (the weakest reaching ${want} is chosen; ` +
      `weakest: ${WEAKEST_ORDER})`,
    columns: ['added creature', 'strength', 'roster counters like it', 'P(capture)', `at least ${want}`, 'chosen'],
    rows: rows
      .sort((a, b) => b.pCapture - a.pCapture)
      .map((k) => [
        kindText(k),
        k.strength,
        k.names.slice(0, 3).join(', '),
        k.pCapture,
        k.pCapture >= d.target,
        k === chosen,
      ]),
  };
}

const SERIES = ['melee', 'melee, charging', 'ranged', 'magic'];
const seriesOf = (k: Kind) => (k.step === 'melee' && k.dice === 2 ? 'melee, charging' : k.step);

/** P(capture) by the added creature's combat value, a line per step (charging apart). */
export function addedCreatureChart(d: KtAddedCreature): ChartRequest {
  const want = percentTarget(d.target);
  return {
    kind: 'lines',
    name: 'added-creature',
    title: 'Chance of capturing the hex with one creature added',
    subtitle: [`exact; dashed line: the target ${want}; you have ${percentShort(d.base ?? 0)}`],
    x: { title: 'combat value of the added creature', values: [1, 2, 3, 4, 5, 6] },
    y: { title: 'P(capture)', format: 'percent', domain: [0, 1] },
    series: SERIES.filter((name) => d.tried.some((k) => seriesOf(k) === name)),
    points: d.tried.map((k) => ({ x: k.value, series: seriesOf(k), y: k.pCapture })),
    guide: { y: d.target, label: `target ${want}` },
  };
}
