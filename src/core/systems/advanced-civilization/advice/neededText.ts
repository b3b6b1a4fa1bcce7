/**
 * Advanced Civilization's answer to "how many tokens do I need?" (`--target`, `--advise`,
 * `should-i-attack`, or the attacker's count left out): the fewest tokens to control and to
 * clear the area (needed.ts) as a decision of the report (`tokensNeeded`), verdict lines that
 * quote it, a table and a `lines` chart of the curve.
 */
import type { ChartRequest, Table } from '../../../model/report.js';
import type { TokensNeededDecision } from '../decisions.js';
import { percentTarget } from '../../../words/format.js';
import { join, quote, say, type Sentence } from '../../../words/sentence.js';
import type { AdvCivEntry } from '../schema.js';
import { tokenDistribution } from '../compile.js';
import {
  MAX_SEARCH_CONFLICTS,
  isNotSearched,
  reaches,
  tokensNeeded,
  type TokensAnswer,
  type TokensNeeded,
  type TokensNotSearched,
} from '../tokensNeeded.js';

const CONTROLS = 'P(controls the area)';
const ALONE = 'P(alone in the area)';
const AT = 'decisions.tokensNeeded';

/** The attacker's own count in words: "6", "4 to 9", "3, 5 or 8". */
export function tokensText(entry: AdvCivEntry): string {
  return haveWords(tokenDistribution(entry.nations[0].tokens).values).text;
}

/** The counts the attacker may have, each quoted from the decision: "6", "4 to 9", "3, 5 or 8". */
function haveWords(values: readonly number[]): Sentence {
  const q = (i: number) => quote(`${AT}.have.${i}`, values[i], 'count');
  const last = values.length - 1;
  if (values.length === 1) return say`${q(0)}`;
  const contiguous = values.every((v, i) => i === 0 || v === values[i - 1] + 1);
  if (contiguous && values.length > 2) return say`${q(0)} to ${q(last)}`;
  return say`${join(
    values.slice(0, -1).map((_, i) => say`${q(i)}`),
    ', ',
  )} or ${q(last)}`;
}

/** What the answer adds to the report: the decision, its lines, the table and the chart. */
export interface TokensNeededAnswer {
  decision: TokensNeededDecision;
  lines: Sentence[];
  tables: Table[];
  charts: ChartRequest[];
}

/**
 * "How many tokens do I need for at least `target`?" With `asked` (the count was left out and
 * the battle fought with the fewest), the lines say what is needed and never "you have"; the
 * Army tokens named are among the tokens, so the search starts at their count.
 */
export function tokensNeededAnswer(entry: AdvCivEntry, target: number, asked = false): TokensNeededAnswer {
  const attacker = entry.nations[0];
  const answer = tokensNeeded(entry, target, asked ? attacker.armies : 0);
  const have = asked ? null : tokenDistribution(attacker.tokens).values;
  const decision = neededDecision(answer, target, have);
  if (isNotSearched(answer)) return { decision, lines: [notSearchedLine(decision)], tables: [], charts: [] };
  const name = attacker.name;
  return {
    decision,
    lines: neededLines(decision),
    tables: [neededTable(answer, name)],
    charts: [neededChart(answer, name, asked ? null : tokensText(entry))],
  };
}

function neededDecision(
  a: TokensNeeded | TokensNotSearched,
  target: number,
  have: number[] | null,
): TokensNeededDecision {
  const part = (x: TokensAnswer | null, pick: 'pControls' | 'pAlone'): TokensNeededDecision['controls'] => ({
    tokens: x?.tokens ?? null,
    probability: x?.p ?? null,
    moreIsNotBetter: x?.dropsAt ? { tokens: x.dropsAt.tokens, probability: x.dropsAt[pick] } : null,
  });
  const searched = !isNotSearched(a);
  return {
    target,
    searched,
    combinations: a.combinations,
    maxConflicts: MAX_SEARCH_CONFLICTS,
    from: a.from,
    searchedTo: searched ? a.searchedTo : a.upTo,
    certain: searched ? a.certain : false,
    have,
    controls: part(searched ? a.controls : null, 'pControls'),
    alone: part(searched ? a.alone : null, 'pAlone'),
  };
}

function notSearchedLine(d: TokensNeededDecision): Sentence {
  const combinations = quote(`${AT}.combinations`, d.combinations, 'thousands');
  const from = quote(`${AT}.from`, d.from, 'count');
  const to = quote(`${AT}.searchedTo`, d.searchedTo, 'count');
  const most = quote(`${AT}.maxConflicts`, d.maxConflicts, 'thousands');
  const counts = "combinations of the other nations' token counts at each attacker count";
  const limit = say`more than the ${most} conflicts the search resolves`;
  return say`No token search: ${combinations} ${counts} from ${from} to ${to} make ${limit}.`;
}

/** The verdict lines: the fewest tokens to control and to clear the area, and a drop above them. */
export function neededLines(d: TokensNeededDecision): Sentence[] {
  if (!d.searched) return [notSearchedLine(d)];
  const want = quote(`${AT}.target`, d.target, 'target');
  const c = d.controls;
  const clear = d.alone;
  const tokens = (part: 'controls' | 'alone') => quote(`${AT}.${part}.tokens`, d[part].tokens as number, 'count');
  const p = (part: 'controls' | 'alone') =>
    say` (${quote(`${AT}.${part}.probability`, d[part].probability as number, 'percent')})`;
  const upTo = quote(`${AT}.searchedTo`, d.searchedTo, 'count');
  const have = d.have ? say`; you have ${haveWords(d.have)}` : say``;
  const noClear = say`; no count up to ${upTo} clears it (alone in the area)`;
  let line: Sentence;
  if (c.tokens === null) {
    const often = d.certain ? say`` : say` at least ${want} of the time`;
    line = say`No count up to ${upTo} tokens controls the area${often}${have}.`;
  } else if (d.certain) {
    const rest = clear.tokens === null ? noClear : say`, ${tokens('alone')} to clear it (alone in the area)`;
    line = d.have
      ? say`Tokens needed (no chance involved): ${tokens('controls')} to control the area${rest}${have}.`
      : say`You need ${tokens('controls')} tokens to control the area (no chance involved)${rest}.`;
  } else {
    const rest =
      clear.tokens === null ? noClear : say` and ${tokens('alone')} to clear it, alone in the area${p('alone')}`;
    const control = say`${tokens('controls')} tokens to control the area${p('controls')}`;
    line = say`For at least ${want} you need ${control}${rest}${have}.`;
  }
  const lines = [line];
  const drop = (part: 'controls' | 'alone', what: string) => {
    const m = d[part].moreIsNotBetter;
    if (!m) return;
    const count = quote(`${AT}.${part}.moreIsNotBetter.tokens`, m.tokens, 'count');
    const chance = quote(`${AT}.${part}.moreIsNotBetter.probability`, m.probability, 'percent');
    lines.push(
      d.certain
        ? say`More is not always better: ${count} tokens do not ${what} the area.`
        : say`More is not always better: ${count} tokens ${what} the area only ${chance} of the time.`,
    );
  };
  drop('controls', 'control');
  drop('alone', 'clear');
  return lines;
}

function neededTable(a: TokensNeeded, name: string): Table {
  const want = percentTarget(a.target);
  return {
    name: 'tokens-needed',
    title: `Chance that ${name} controls the area and is alone in it, by ${name}'s tokens (exact)`,
    columns: [`${name} tokens`, CONTROLS, ALONE, `controls at least ${want}`, `alone at least ${want}`],
    rows: a.curve.map((q) => [
      q.tokens,
      q.pControls,
      q.pAlone,
      reaches(q.pControls, a.target),
      reaches(q.pAlone, a.target),
    ]),
  };
}

function neededChart(a: TokensNeeded, name: string, have: string | null): ChartRequest {
  const reached = a.controls.tokens === null ? `; no count up to ${a.searchedTo} reaches it` : '';
  const yours = have === null ? '' : `; you have ${have}`;
  return {
    kind: 'lines',
    name: 'tokens-needed',
    title: `Chance of controlling and of clearing the area by ${name}'s tokens`,
    subtitle: [`exact; the target: ${percentTarget(a.target)}${yours}${reached}`],
    x: { title: `${name} tokens`, values: a.curve.map((q) => q.tokens) },
    y: { title: 'probability', format: 'percent', domain: [0, 1] },
    series: [CONTROLS, ALONE],
    points: a.curve.flatMap((q) => [
      { x: q.tokens, series: CONTROLS, y: q.pControls },
      { x: q.tokens, series: ALONE, y: q.pAlone },
    ]),
    guide: { y: a.target, label: `target ${percentTarget(a.target)}` },
  };
}
