/**
 * What the player asks of a Kings & Things battle beyond the odds (RuleSystem.advise): for the
 * target (the default one with advice alone) the weakest creature to add to reach it
 * (addedCreature.ts), with advice the value under optimal play and the first loss decisions
 * (optimalPlay.ts). Battles of several players and explorations get neither: one line each
 * says why (the added creature only when a target was named). Every number of a line quotes
 * the report's decisions (`target`, `addedCreature`, `optimalPlay`).
 */
import type { AdviceView, Description } from '../../../model/contract.js';
import type { Decisions } from '../../../model/report.js';
import { withAdvice, type Advice } from '../../../model/advice.js';
import { quote, say, type Sentence } from '../../../words/sentence.js';
import type { KtEntry } from '../schema.js';
import type { KtPlan } from '../plan.js';
import type { BattleEntry } from '../duel/schema.js';
import { DUEL_HEADLINE, type DuelPlan } from '../duel/plan.js';
import type { MultiPlan } from '../multi/plan.js';
import { addedCreature } from './addedCreature.js';
import {
  addedCreatureChart,
  addedCreatureDecision,
  addedCreatureLine,
  addedCreatureRefused,
  addedCreatureTable,
} from './addedCreatureText.js';
import { optimalPlayAdvice } from './optimalPlay.js';

type View = AdviceView<KtEntry, KtPlan>;

export function adviseKingsAndThings(view: View): Description {
  const plan = view.plan;
  const advice =
    plan.kind === 'battle' && view.entry.type === 'battle'
      ? adviseDuel(view, view.entry, plan)
      : refused(view, plan.kind === 'multi' ? multiRefusal(plan) : EXPLORE_REFUSAL);
  return withAdvice(view.described, advice);
}

/** A two-sided battle: the added creature for the target, then (with advice) optimal play. */
function adviseDuel(view: View, entry: BattleEntry, plan: DuelPlan): Advice {
  const { target, advise } = view.asked;
  const d = addedCreatureDecision(addedCreature(entry, target), target, entry.attacker.creatures.length);
  const decisions: Decisions = { target, addedCreature: d };
  const lines = [addedCreatureLine(d, view.method === 'monte-carlo')];
  const tables = d.tried.length > 0 ? [addedCreatureTable(d)] : [];
  const charts = d.tried.length > 0 ? [addedCreatureChart(d)] : [];
  if (advise) {
    const { value: capture, sampled } = view.shown(DUEL_HEADLINE);
    const advice = optimalPlayAdvice(plan, {
      unexplored: entry.unexplored,
      fixedPCapture: capture,
      fixedSampled: sampled,
    });
    decisions.optimalPlay = advice.decision;
    lines.push(...advice.lines);
    tables.push(...advice.tables);
  }
  return { decisions, lines, tables, charts };
}

const EXPLORE_REFUSAL: Refusal = {
  advice: 'an exploration: the optimal-play solver does not model defenders drawn from the cup or bribes',
  target: 'it covers battles of two sides (type battle) only',
};

/** Why a `multi` entry gets no optimal play and no added creature, in words true of this entry. */
function multiRefusal(plan: MultiPlan): Refusal {
  if (plan.unowned)
    return {
      advice:
        'armies meeting in an unexplored hex: the optimal-play solver does not model the exploration that ' +
        'follows their fight',
      target: "it solves an attacker against a hex's defender, not armies meeting in an unexplored hex",
    };
  if (plan.names.length > 2)
    return {
      advice: 'a battle of several players: the optimal-play solver works out battles of two sides',
      target: 'it covers battles of two sides (type battle) only',
    };
  return {
    advice: 'an entry of type multi: the same fight asked as type battle (the owner defending) gets it',
    target: 'it covers entries of type battle; the same fight asked as one (the owner defending) gets it',
  };
}

/** Why a question is not answered for this battle type: the optimal play, the added creature. */
interface Refusal {
  advice: string;
  target: string;
}

/** What `--advise` and `--target` cannot answer for this battle, one line each, and the decisions saying so. */
function refused(view: View, why: Refusal): Advice {
  const { target, targetNamed, advise } = view.asked;
  const decisions: Decisions = {};
  const lines: Sentence[] = [];
  if (advise) {
    decisions.optimalPlay = {
      refusal: why.advice,
      optimal: null,
      fixedPolicy: null,
      fixedPolicySampled: false,
      attackerAlone: null,
      firstLosses: [],
    };
    lines.push(say`No optimal-play advice for ${quote('decisions.optimalPlay.refusal', why.advice, 'text')}.`);
  }
  if (targetNamed) {
    decisions.target = target;
    decisions.addedCreature = addedCreatureRefused(target, why.target);
    lines.push(addedCreatureLine(decisions.addedCreature));
  }
  return { decisions, lines };
}
