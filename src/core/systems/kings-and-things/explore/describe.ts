/** An exploration in words: how often it succeeds and how it ends, bribes spent, and the outcome chart. */
import type { Description, ResultView } from '../../../model/contract.js';
import type { Decisions } from '../../../model/report.js';
import { fromChance } from '../../../words/verdict.js';
import { capitalized, metricQuote, ofTheTime, quote, say, type Sentence } from '../../../words/sentence.js';
import { causes, outcomeChart, partitionOf, survivors } from '../verdict.js';
import { EXPLORE_HEADLINE, type ExplorePlan } from './plan.js';

const EXPLORE_PHRASES = new Map([
  ['pNoDefenders', 'no defenders turn up'],
  ['pWonBattle', 'you defeat the defenders drawn'],
  ['pExplorerEliminated', 'your army is eliminated'],
  ['pExplorerRetreated', 'you retreat'],
]);

export function describeExplore(view: ResultView, plan: ExplorePlan): Description {
  const p = view.shown(EXPLORE_HEADLINE).value;
  const n = plan.explorer.creatureCount;
  const recommendation = fromChance(p, EXPLORE_HEADLINE);
  const decisions: Decisions = { recommendation };
  const survived = p > 0 ? survivors(view, 'explorerLeftIfExplored', 'entry.explorer.creatures.length', n) : say``;
  const verdict: Sentence[] = [
    say`${recommendation.word}: you explore the hex ${ofTheTime(view, EXPLORE_HEADLINE)}${survived}.`,
    say`${capitalized(causes(view, partitionOf(view.layout, 'outcome'), EXPLORE_PHRASES))}.`,
  ];
  if (plan.bribeGold >= 0) {
    const gold = quote('entry.bribery.gold', plan.bribeGold, 'count');
    const pieces = plan.bribeGold === 1 ? 'gold piece' : 'gold pieces';
    verdict.push(
      say`You spend ${metricQuote(view, 'bribeGold', 'fixed1')} of your ${gold} ${pieces} on bribes on average.`,
    );
  }
  const labels = new Map([
    ['pNoDefenders', 'explored: no defenders'],
    ['pWonBattle', 'explored: won the battle'],
    ['pExplorerEliminated', 'failed: eliminated'],
    ['pExplorerRetreated', 'failed: retreated'],
  ]);
  return { verdict, decisions, charts: [outcomeChart(view, 'outcome', 'How the exploration ends', labels)] };
}
