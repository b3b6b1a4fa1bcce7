/**
 * What the player asks of a LandGrab attack beyond the odds (RuleSystem.advise): for the target
 * (the default one with advice alone) how many armies it needs (neededText.ts), with advice the
 * stop rule for the question's objective (by default the one that keeps the most armies while
 * still reaching the target; stopping/, objectives.ts, stopRuleText.ts). Asked how many are
 * needed (the force left out), the count is the whole answer. Otherwise the verdict's first line
 * comes with the advice, its recommendation read last: from the stop rule when it optimises
 * value (the rule says whether to attack at all), else from the chance. Every decision is a
 * named value of the report (`decisions`), and every number in a line quotes one.
 */
import type { AdviceView, Description } from '../../../model/contract.js';
import type { ChartRequest, Decisions, Table } from '../../../model/report.js';
import { withAdvice } from '../../../model/advice.js';
import { fromChance, type Recommendation } from '../../../words/verdict.js';
import { metricQuote, ofTheTime, plain, quote, say, type Sentence } from '../../../words/sentence.js';
import type { LandgrabEntry } from '../schema.js';
import type { LandgrabPlan } from '../plan.js';
import { HEADLINE, firstLine } from '../verdict.js';
import { reverseAnswer } from './neededText.js';
import { planPath, type AttackPath } from '../optimize/path.js';
import { endsPossible, exactChance, exactChances, nearAnEnd, neverCertain } from '../optimize/certainty.js';
import { policyFromStopTable } from '../policy.js';
import type { StoppingAnswer } from '../optimize/stopping/whenToStop.js';
import type { StopRuleDecision } from '../decisions.js';
import { stoppingObjective } from '../optimize/objectives.js';
import { whenToStop } from '../optimize/stopping/whenToStop.js';
import { stopRuleDecision, stopRuleLines, stopRuleTable } from './stopRuleText.js';

type View = AdviceView<LandgrabEntry, LandgrabPlan>;

export function adviseLandgrab(view: View): Description {
  const plan = view.plan;
  // The defender's best spread answers its own question: there is nothing more to advise.
  if (plan.kind === 'chain' && plan.defence) return view.described;
  const { target, advise } = view.asked;
  const decisions: Decisions = { target };
  const tables: Table[] = [];
  const charts: ChartRequest[] = [];
  const lines = reverseAnswer(view, decisions, target, tables, charts);
  if (advise && plan.kind !== 'capitol') lines.push(...stopRule(view, decisions, target, tables));
  const joined = withAdvice(view.described, { decisions, lines, tables, charts });
  if (view.question.forceAsked) return joined;
  const recommendation = recommendationOf(view, decisions);
  return {
    ...joined,
    verdict: [firstLine(view, recommendation), ...lines],
    decisions: { ...decisions, recommendation },
  };
}

/**
 * The stop rule keeping the most armies at the highest whole-percent target a rule can meet (at
 * most the best chance, fighting to the end's), or null when that is under 1% (or the solver's
 * limits refuse it).
 */
function reachableRule(path: ReturnType<typeof planPath>, bestChance: number) {
  for (let percent = Math.floor(bestChance * 100 + 1e-9); percent >= 1; percent--) {
    const target = percent / 100;
    const choice = { objective: 'armies' as const, minConquest: target };
    let answer;
    try {
      answer = whenToStop(path, stoppingObjective(choice));
    } catch (error) {
      if (error instanceof RangeError) return null;
      throw error;
    }
    const d = stopRuleDecision(answer, choice);
    // A target equal to the best chance may miss by the last bit of arithmetic: the next percent down then.
    if (!d.feasible) continue;
    return {
      bestChance,
      target,
      neverStops: d.neverStops,
      proved: d.proved,
      ...(d.gap !== undefined ? { gap: d.gap } : {}),
      gain: d.rule.armiesKept - d.fightToTheEnd.armiesKept,
      rule: d.rule,
      breakOff: d.breakOff,
    };
  }
  return null;
}

/** Asked for the most value, the stop rule itself says whether to attack; otherwise the chance does. */
function recommendationOf(view: View, decisions: Decisions): Recommendation {
  const rule = decisions.stopRule;
  const chance = view.shown(HEADLINE).value;
  if (rule && rule.objective === 'value')
    return { word: rule.attacks ? 'Attack' : 'Hold back', basis: 'objective', chance, of: HEADLINE };
  return fromChance(chance, HEADLINE);
}

/**
 * The stop rule for the question's objective (default: the most armies kept while still
 * reaching the target), with its gain over fighting to the end in the objective's terms.
 */
function stopRule(view: View, decisions: Decisions, target: number, tables: Table[]): Sentence[] {
  const path = planPath(view.plan);
  const { objective = 'armies', territoryWorth } = view.question;
  const certain = objective === 'armies' && target >= 1 ? certainToTheEnd(path) : false;
  if (objective === 'armies' && target >= 1 && !certain) {
    return [say`No stop rule makes a conquest certain: fighting to the end only comes closest.`];
  }
  const choice = { objective, minConquest: target, territoryWorth };
  let answer;
  try {
    // Certain to the end: breaking off anywhere it can reach would lose the certainty, so fighting on is the rule.
    answer = whenToStop(path, certain ? { kind: 'max-conquest' } : stoppingObjective(choice));
  } catch (error) {
    // The solver's limits (too many states): said in its own words, which hold no number of the battle.
    if (error instanceof RangeError)
      return [plain(`No stop rule: ${error.message.replace(/\d[\d,.]*/g, 'too many')}.`)];
    throw error;
  }
  const decision = exactEnds(path, answer, stopRuleDecision(answer, choice));
  if (certain) {
    // In the objective's own terms: armies kept, the same for the rule and for fighting on (gain 0).
    decision.rule.value = decision.rule.armiesKept;
    decision.fightToTheEnd.value = decision.fightToTheEnd.armiesKept;
    decision.gain = 0;
  }
  if (objective === 'armies' && !decision.feasible) {
    // What can be reached instead: the best chance (fighting to the end), and the rule keeping the most
    // armies at the highest whole percent below it.
    const reachable = reachableRule(path, decision.fightToTheEnd.pConquest);
    if (reachable) decision.reachable = reachable;
  }
  decisions.stopRule = decision;
  const table = stopRuleTable(decision, path.steps.length);
  if (table.rows.length > 0) tables.push(table);
  return stopRuleLines(decision, path.steps.length, sampledFightOn(view, decision));
}

/** Whether fighting to the end takes the whole path for certain (decided exactly: certainty.ts). */
function certainToTheEnd(path: AttackPath): boolean {
  if (neverCertain(path.steps)) return false;
  return endsPossible(path.steps, path.attackers).canFail[path.attackers] === 0;
}

/** The decision's chances of conquest with their ends decided exactly (a rule's own stops included). */
function exactEnds(path: AttackPath, answer: StoppingAnswer, d: StopRuleDecision): StopRuleDecision {
  const exact = exactChances(path.steps);
  const fightToTheEnd = { ...d.fightToTheEnd, pConquest: exact(path.attackers, d.fightToTheEnd.pConquest) as number };
  let p = d.rule.pConquest;
  if (d.neverStops) p = fightToTheEnd.pConquest;
  else if (nearAnEnd(p)) {
    const masks = policyFromStopTable(path, answer.stopTable).masks;
    const ends = endsPossible(path.steps, path.attackers, masks);
    p = exactChance(p, ends.canFail[path.attackers] === 1, ends.canWin[path.attackers] === 1);
  }
  return { ...d, fightToTheEnd, rule: { ...d.rule, pConquest: p } };
}

/**
 * Sampled (`--sample`), fighting to the end is the battle the table shows: its words quote the
 * estimate with its interval, not the exact solver's value beside it (a chain's armies kept, which no
 * metric shows, is said to be the exact solver's). Null when exact, or when the battle follows a rule.
 */
function sampledFightOn(view: View, d: StopRuleDecision): Sentence | null {
  const plan = view.plan;
  if (view.method !== 'monte-carlo' || plan.kind === 'capitol' || plan.policy) return null;
  const taken = ofTheTime(view, HEADLINE);
  if (plan.kind === 'battle')
    return say`takes it ${taken} and keeps ${metricQuote(view, 'attackerLeft', 'fixed1')} armies`;
  const territories = metricQuote(view, 'territoriesTaken', 'fixed2');
  const kept = quote('decisions.stopRule.fightToTheEnd.armiesKept', d.fightToTheEnd.armiesKept, 'fixed1');
  return say`takes it ${taken}, ${territories} territories on average, and keeps ${kept} armies (solved exactly)`;
}
