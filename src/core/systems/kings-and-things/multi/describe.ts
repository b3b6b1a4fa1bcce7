/**
 * A battle of several players in words: who takes or keeps the hex and how often, the players
 * table and the chart of who ends holding it.
 */
import type { Description, ResultView } from '../../../model/contract.js';
import type { Decisions, Table } from '../../../model/report.js';
import { fromChance } from '../../../words/verdict.js';
import { join, metricQuote, ofTheTime, quote, say, type Sentence } from '../../../words/sentence.js';
import { outcomeChart } from '../verdict.js';
import { MULTI_HEADLINE, playerTitle, type MultiPlan } from './plan.js';

/** A player as the verdict names him: the name, quoted from the players table (it may hold digits), and the role. */
function playerWords(plan: MultiPlan, i: number): Sentence {
  const name = plan.names[i];
  return say`${quote(`tables.players.rows.${i}.1`, name, 'text')} (${roleOf(plan, i)})`;
}

const roleOf = (plan: MultiPlan, i: number) =>
  playerTitle(plan.names, i, plan.unowned).slice(plan.names[i].length + 2, -1);

export function describeMulti(view: ResultView, plan: MultiPlan): Description {
  const names = plan.names;
  const P = names.length;
  const unowned = plan.unowned;
  const held = (i: number) => metricQuote(view, `holds_${i}`, 'percent');
  const others = Array.from({ length: P - 2 }, (_, k) => k + 2).map(
    (i) => say`${playerWords(plan, i)} ${unowned ? 'holds' : 'takes'} it ${held(i)}`,
  );
  const rest = others.length > 0 ? say`; ${join(others, '; ')}` : say``;
  const recommendation = fromChance(view.shown(MULTI_HEADLINE).value, MULTI_HEADLINE);
  const decisions: Decisions = { recommendation };
  const [first, owner] = [playerWords(plan, 1), playerWords(plan, 0)];
  const headline = ofTheTime(view, MULTI_HEADLINE);
  const verdict: Sentence[] = [];
  if (!unowned) {
    verdict.push(say`${recommendation.word}: ${first} takes the hex ${headline}; ${owner} keeps it ${held(0)}${rest}.`);
  } else {
    const last = metricQuote(view, 'lastArmy_1', 'percent');
    verdict.push(
      join([
        say`${recommendation.word}: ${first} ends up holding the hex ${headline}: `,
        say`it is the last army left ${last} of the time and must then explore it; `,
        say`${owner} holds it ${held(0)}${rest}.`,
      ]),
      say`Nobody holds it when the last army fails to explore it (${metricQuote(
        view,
        'pExplorationFails',
        'percent',
      )}) or no army is left (${metricQuote(view, 'pNobodyLeft', 'percent')}).`,
    );
  }
  const table: Table = {
    name: 'players',
    title: unowned
      ? 'Players, in seating order (the defender, the attacker who started the fight, then the others)'
      : 'Players, in seating order (the owner first)',
    columns: [
      'seat',
      'player',
      'role',
      'creatures',
      ...(unowned ? ['P(last army left)'] : []),
      'P(ends holding the hex)',
      'creatures left (mean)',
    ],
    rows: names.map((name, i) => {
      const n = plan.sides[i].creatureCount;
      return [
        i,
        name,
        roleOf(plan, i),
        n,
        ...(unowned ? [view.shown(`lastArmy_${i}`).value] : []),
        view.shown(`holds_${i}`).value,
        n > 0 ? view.shown(`creaturesLeft_${i}`).value : 0,
      ];
    }),
  };
  const labels = new Map([
    ...names.map((name, i): [string, string] => [
      `holds_${i}`,
      `${name}${i === 0 ? (unowned ? ' (defender)' : ' (owner)') : ''}`,
    ]),
    ['pExplorationFails', 'nobody: exploration fails'],
    ['pNobodyLeft', 'nobody: no army left'],
  ]);
  return {
    verdict,
    decisions,
    tables: [table],
    charts: [outcomeChart(view, 'holder', 'Who ends holding the hex', labels)],
  };
}
