/**
 * A two-sided battle in words: the verdict (first line = the answer, opening with the
 * recommendation), how the defender holds, what a retreat costs, and the outcome chart.
 * What the player asks beyond the odds (a target, advice) is ../advice/.
 */
import type { Description, ResultView } from '../../../model/contract.js';
import type { Decisions } from '../../../model/report.js';
import { fromChance } from '../../../words/verdict.js';
import { join, metricQuote, ofTheTime, say, type Sentence } from '../../../words/sentence.js';
import { causes, hasPart, outcomeChart, partitionOf, survivors } from '../verdict.js';
import { DUEL_HEADLINE, type DuelPlan } from './plan.js';

const DUEL_PHRASES = new Map([
  ['pCaptureEliminated', 'every defender eliminated or neutralized'],
  ['pCaptureRetreated', "the defender's creatures retreat"],
  ['pHoldAttackerEliminated', 'your army is eliminated'],
  ['pHoldAttackerRetreated', 'you retreat'],
  ['pHoldMutual', 'both sides fall in the same step'],
  ['pHoldRoundLimit', 'still fighting at the round cap'],
]);
const DUEL_CHART_LABELS = new Map([
  ['pCaptureEliminated', 'capture: defenders eliminated'],
  ['pCaptureRetreated', 'capture: defenders retreated'],
  ['pHoldAttackerEliminated', 'hold: attacker eliminated'],
  ['pHoldAttackerRetreated', 'hold: attacker retreated'],
  ['pHoldMutual', 'hold: mutual elimination'],
  ['pHoldRoundLimit', 'hold: round cap'],
]);

export function describeDuel(view: ResultView, plan: DuelPlan): Description {
  const { value: capture, sampled } = view.shown(DUEL_HEADLINE);
  const recommendation = fromChance(capture, DUEL_HEADLINE);
  const decisions: Decisions = { recommendation };
  const n = plan.attacker.creatureCount;
  const survived = survivors(view, 'attackerLeftIfCapture', 'entry.attacker.creatures.length', n);
  // Trials alone never show "never" or "every time": a sampled 0 or 1 reads "under 0.1%" / "over 99.9%".
  const often = capture === 1 && !sampled ? say`every time` : ofTheTime(view, DUEL_HEADLINE);
  const verdict: Sentence[] = [
    capture === 0 && !sampled
      ? say`${recommendation.word}: you never capture the hex.`
      : say`${recommendation.word}: you capture the hex ${often}${survived}.`,
  ];
  const outcomes = partitionOf(view.layout, 'outcome');
  const holds = outcomes.filter((e) => e.startsWith('pHold'));
  const hold = metricQuote(view, 'pHold', 'percent');
  if (view.shown('pHold').value > 0 && capture > 0)
    verdict.push(say`The defender holds ${hold} of the time: ${causes(view, holds, DUEL_PHRASES)}.`);
  if (hasPart(view.layout, 'attackerStackLoss') && view.shown('attackerStackLoss').value > 0)
    verdict.push(
      join([
        say`Retreating into your crowded hex costs you ${metricQuote(view, 'attackerStackLoss', 'fixed2')} creatures`,
        say` on average (those beyond a full hex are removed).`,
      ]),
    );
  if (capture > 0 && outcomes.includes('pCaptureRetreated') && view.shown('pCaptureRetreated').value > 0)
    verdict.push(
      say`You take it by the defenders' retreat ${metricQuote(view, 'pCaptureRetreated', 'percent')} of the time.`,
    );
  return { verdict, decisions, charts: [outcomeChart(view, 'outcome', 'How the battle ends', DUEL_CHART_LABELS)] };
}
