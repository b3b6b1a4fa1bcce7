/**
 * Advanced Civilization's answer to the player's question (RuleSystem.advise: `--target`,
 * `--advise`, `should-i-attack`, or the attacker's tokens left out): the tokens needed for the
 * target (needed.ts, in words neededText.ts), after the verdict, which then opens with the
 * recommendation when the conflict is uncertain (a certain outcome's sentence is already the
 * answer). Asked for the count itself (the tokens left out), the count comes first and says what
 * is needed, with no recommendation: the conflict after it is fought with that many.
 */
import type { AdviceView, Description } from '../../../model/contract.js';
import type { Decisions } from '../../../model/report.js';
import { withAdvice } from '../../../model/advice.js';
import { say } from '../../../words/sentence.js';
import { fromChance } from '../../../words/verdict.js';
import { HEADLINE, type ConflictPlan } from '../plan.js';
import type { AdvCivEntry } from '../schema.js';
import { tokensNeededAnswer } from './neededText.js';

export function adviseAdvCiv(view: AdviceView<AdvCivEntry, ConflictPlan>): Description {
  const { target } = view.asked;
  const forceAsked = Boolean(view.question.forceAsked);
  const needed = tokensNeededAnswer(view.entry, target, forceAsked);
  const decisions: Decisions = { target, tokensNeeded: needed.decision };
  const advice = { decisions, lines: needed.lines, tables: needed.tables, charts: needed.charts };
  if (forceAsked) return withAdvice(view.described, advice, { lead: true });
  const [first, ...rest] = view.described.verdict ?? [];
  if (!view.plan.sampled || first === undefined) return withAdvice(view.described, advice);
  const recommendation = fromChance(view.shown(HEADLINE).value, HEADLINE);
  decisions.recommendation = recommendation;
  return withAdvice({ ...view.described, verdict: [say`${recommendation.word}: ${first}`, ...rest] }, advice);
}
