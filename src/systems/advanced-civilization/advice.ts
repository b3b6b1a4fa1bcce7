/**
 * Advanced Civilization's answer to the player's question (`--target`, `--advise`,
 * `should-i-attack`): the recommendation word before an uncertain verdict, and "how many
 * tokens do I need?" (needed.ts) as verdict lines, a table and a `lines` chart of the curve.
 */
import type { Description } from '../../engine/contract.js';
import type { ChartRequest, Table } from '../../engine/report.js';
import { percentShort, percentTarget } from '../../kit/format.js';
import type { AdvCivEntry } from './schema.js';
import { tokenDistribution } from './compile.js';
import { isNotSearched, reaches, tokensNeeded, type TokensNeeded, type TokensPoint } from './needed.js';

/** The attacker's own count in words: "6", "4 to 9", "3, 5 or 8". */
export function tokensText(entry: AdvCivEntry): string {
  const values = tokenDistribution(entry.nations[0].tokens).values;
  if (values.length === 1) return String(values[0]);
  const contiguous = values.every((v, i) => i === 0 || v === values[i - 1] + 1);
  if (contiguous && values.length > 2) return `${values[0]} to ${values[values.length - 1]}`;
  return `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

const CONTROLS = 'P(controls the area)';
const ALONE = 'P(alone in the area)';

/** Adds "how many tokens do I need for at least `target`?" to a description. */
export function addTokensNeeded(
  out: Required<Omit<Description, 'decisions'>>,
  entry: AdvCivEntry,
  target: number,
): void {
  const answer = tokensNeeded(entry, target);
  if (isNotSearched(answer)) {
    out.verdict.push(`No token search: ${answer.notSearched}.`);
    return;
  }
  out.verdict.push(...neededLines(answer, tokensText(entry)));
  const name = entry.nations[0].name;
  out.tables.push(neededTable(answer, name));
  out.charts.push(neededChart(answer, name, tokensText(entry)));
}

/** The verdict lines: the fewest tokens to control and to clear the area, and a drop above them. */
export function neededLines(a: TokensNeeded, have: string): string[] {
  const want = percentTarget(a.target);
  const c = a.controls;
  const clear = a.alone;
  const p = (x: number | null) => ` (${percentShort(x as number)})`;
  const noClear = `; no count up to ${a.searchedTo} clears it (alone in the area)`;
  let line: string;
  if (c.tokens === null) {
    const often = a.certain ? '' : ` at least ${want} of the time`;
    line = `No count up to ${a.searchedTo} tokens controls the area${often}; you have ${have}.`;
  } else if (a.certain) {
    const rest = clear.tokens === null ? noClear : `, ${clear.tokens} to clear it (alone in the area)`;
    line = `Tokens needed (no chance involved): ${c.tokens} to control the area${rest}; you have ${have}.`;
  } else {
    const rest = clear.tokens === null ? noClear : ` and ${clear.tokens} to clear it, alone in the area${p(clear.p)}`;
    line = `For at least ${want} you need ${c.tokens} tokens to control the area${p(c.p)}${rest}; you have ${have}.`;
  }
  const lines = [line];
  const drop = (what: string, d: TokensPoint | null, pick: (q: TokensPoint) => number) => {
    if (!d) return;
    lines.push(
      a.certain
        ? `More is not always better: ${d.tokens} tokens do not ${what}.`
        : `More is not always better: ${d.tokens} tokens ${what} only ${percentShort(pick(d))} of the time.`,
    );
  };
  drop('control the area', c.dropsAt, (q) => q.pControls);
  drop('clear the area', clear.dropsAt, (q) => q.pAlone);
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

function neededChart(a: TokensNeeded, name: string, have: string): ChartRequest {
  const reached = a.controls.tokens === null ? `; no count up to ${a.searchedTo} reaches it` : '';
  return {
    kind: 'lines',
    name: 'tokens-needed',
    title: `Chance of controlling and of clearing the area by ${name}'s tokens`,
    subtitle: [`exact; the target: ${percentTarget(a.target)}; you have ${have}${reached}`],
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
