/**
 * A solved stop rule as a decision of the report (named values), in words built from those
 * values, and as a table a player can keep beside the board, for each objective, with its gain
 * over fighting to the end in the objective's own terms: armies kept (`armies`), P(conquest)
 * (`conquest`), or the expected value (`value`). "The most armies" is said only of a rule
 * proved best; otherwise the line states how far from the best it may be.
 */
import type { Table } from '../../../model/report.js';
import type { StopRuleDecision } from '../decisions.js';
import type { StoppingAnswer } from '../optimize/stopping/whenToStop.js';
import type { Outcome } from '../optimize/stopping/solve.js';
import type { ObjectiveChoice } from '../optimize/objectives.js';
import { join, quote, say, type Sentence } from '../../../words/sentence.js';

const REF = 'decisions.stopRule';
type BreakOff = StopRuleDecision['breakOff'][number];

/** The solver's answer as the report's decision. */
export function stopRuleDecision(answer: StoppingAnswer, choice: ObjectiveChoice): StopRuleDecision {
  const outcome = (o: Outcome & { value: number }) => ({
    value: o.value,
    pConquest: o.pConquest,
    armiesKept: o.expectedArmiesKept,
    territoriesTaken: o.expectedTerritoriesTaken,
  });
  const breakOff: BreakOff[] = answer.stopTable.flatMap((step) =>
    step.rows
      .filter((r) => r.shape !== 'continue')
      .map((r) => ({
        territory: step.step + 1,
        attackers: r.attackers,
        shape: r.shape === 'stop' ? 'any' : r.shape === 'threshold' ? 'threshold' : 'ranges',
        fromDefenders: r.shape === 'threshold' ? (r.stopWhenDefendersAtLeast as number) : null,
        ranges: r.stopRanges.map((x): [number, number] => [x.from, x.to]),
      })),
  );
  const decision: StopRuleDecision = {
    objective: choice.objective,
    attackers: answer.attackers,
    feasible: answer.constraint?.feasible ?? true,
    attacks: !staysHome(answer),
    neverStops: answer.neverStops,
    rule: outcome(answer.optimal),
    fightToTheEnd: outcome(answer.baseline),
    gain: answer.gain,
    proved: answer.objective.kind !== 'max-armies',
    breakOff,
  };
  if (choice.objective === 'armies') decision.target = choice.minConquest;
  if (choice.objective === 'value') decision.territoryWorth = choice.territoryWorth ?? 0;
  const c = answer.constraint;
  if (c) {
    // Proved by branch and bound, or the best rule found with its proven gap (decisions/stopping/bestStopRule.ts).
    decision.proved = c.proved;
    if (c.bound !== null) decision.bound = c.bound;
    if (c.gap !== null) decision.gap = c.gap;
    if (c.randomisedBound !== null) decision.randomisedBound = c.randomisedBound;
  }
  return decision;
}

/** True when the rule says not to attack at all (it stops in the starting state). */
function staysHome(answer: StoppingAnswer): boolean {
  const first = answer.stopTable[0];
  const start = first?.rows.find((r) => r.attackers === answer.attackers);
  return Boolean(start?.stopRanges.some((r) => r.from <= answer.defenders[0] && answer.defenders[0] <= r.to));
}

/** "2 vs 2+", "5 vs 3-4 or 7+", "3 vs any" (with "territory 2: " before it on a chain); `ref`: whose rule. */
function rowRule(row: BreakOff, i: number, chain: boolean, ref = REF): Sentence {
  const at = `${ref}.breakOff.${i}`;
  const where = chain ? say`territory ${quote(`${at}.territory`, row.territory, 'count')}: ` : say``;
  const armies = quote(`${at}.attackers`, row.attackers, 'count');
  if (row.shape === 'any') return say`${where}${armies} vs any`;
  if (row.shape === 'threshold')
    return say`${where}${armies} vs ${quote(`${at}.fromDefenders`, row.fromDefenders as number, 'count')}+`;
  const ranges = row.ranges.map(([from, to], k) =>
    from === to
      ? say`${quote(`${at}.ranges.${k}.0`, from, 'count')}`
      : say`${quote(`${at}.ranges.${k}.0`, from, 'count')}-${quote(`${at}.ranges.${k}.1`, to, 'count')}`,
  );
  return say`${where}${armies} vs ${join(ranges, ' or ')}`;
}

const MAX_RULES_IN_TEXT = 6;

/** "break off at (your armies vs their defenders) 2 vs 2+, 3 vs 3+, ... (table)". */
function breakOff(d: Pick<StopRuleDecision, 'breakOff'>, territories: number, ref = REF): Sentence {
  const chain = territories > 1;
  const rows = d.breakOff.slice(0, MAX_RULES_IN_TEXT).map((r, i) => rowRule(r, i, chain, ref));
  const more = d.breakOff.length > MAX_RULES_IN_TEXT ? ', ... (table)' : '';
  return say`break off at (your armies vs their defenders) ${join(rows, ', ')}${more}`;
}

/**
 * When no stop rule meets the target: what one can. "At 53%, the highest whole percent a rule
 * reaches, the rule keeping the most armies breaks off at ...: it takes it 53.0% of the time and
 * keeps 4.1 armies (+0.5)."
 */
function reachableLine(d: StopRuleDecision, territories: number): Sentence | null {
  const r = d.reachable;
  if (!r) return null;
  const ref = `${REF}.reachable`;
  const at = say`At ${quote(`${ref}.target`, r.target, 'target')}, the highest whole percent a stop rule reaches`;
  const kept = quote(`${ref}.rule.armiesKept`, r.rule.armiesKept, 'fixed1');
  if (r.neverStops) return say`${at}, the rule keeping the most armies is to fight to the end as well.`;
  const which = r.proved
    ? say`the rule keeping the most armies`
    : say`the best rule found (within ${quote(`${ref}.gap`, r.gap as number, 'limit')} armies of the best)`;
  const takes = say`it takes it ${quote(`${ref}.rule.pConquest`, r.rule.pConquest, 'chance')} of the time`;
  const rows = breakOffRows(r, territories, ref);
  const gain = quote(`${ref}.gain`, r.gain, 'signed1');
  const keeps = say`keeps ${kept} armies (${gain})`;
  return say`${at}, ${which} breaks off at (your armies vs their defenders) ${rows}: ${takes} and ${keeps}.`;
}

/** The rows of a rule in words, as `breakOff` writes them after its opening words. */
function breakOffRows(d: Pick<StopRuleDecision, 'breakOff'>, territories: number, ref: string): Sentence {
  const chain = territories > 1;
  const rows = d.breakOff.slice(0, MAX_RULES_IN_TEXT).map((r, i) => rowRule(r, i, chain, ref));
  const more = d.breakOff.length > MAX_RULES_IN_TEXT ? ', ... (table)' : '';
  return say`${join(rows, ', ')}${more}`;
}

/** "the territory", "all 3 territories". */
function taking(d: StopRuleDecision, territories: number): Sentence {
  return territories > 1
    ? say`all ${quote('entry.path.length', territories, 'count')} territories`
    : say`the territory`;
}

/** "at least 80% while keeping the most armies" (or "..., within 0.04 armies of the best rule"). */
function aim(d: StopRuleDecision, territories: number): Sentence {
  if (d.objective === 'armies') {
    const want = quote(`${REF}.target`, d.target as number, 'target');
    if (d.proved) return say`at least ${want} while keeping the most armies`;
    const gap = quote(`${REF}.gap`, d.gap as number, 'limit');
    return say`at least ${want} keeping within ${gap} armies of the best possible rule`;
  }
  if (d.objective === 'conquest') return say`the best chance of taking ${taking(d, territories)}`;
  const worth = quote(`${REF}.territoryWorth`, d.territoryWorth as number, 'number');
  return say`the most value (armies kept + ${worth} per territory taken)`;
}

/** "takes it 96.5% of the time and keeps 11.7 armies" (on a chain: ", 2.94 territories on average," before "and"). */
function outcomeWords(which: 'rule' | 'fightToTheEnd', d: StopRuleDecision, territories: number): Sentence {
  const o = d[which];
  const at = `${REF}.${which}`;
  const taken =
    territories > 1
      ? say`, ${quote(`${at}.territoriesTaken`, o.territoriesTaken, 'fixed2')} territories on average,`
      : say``;
  return say`takes it ${quote(`${at}.pConquest`, o.pConquest, 'percent')} of the time${taken} and keeps ${quote(
    `${at}.armiesKept`,
    o.armiesKept,
    'fixed1',
  )} armies`;
}

/**
 * The stop rule's lines: the rule (or why there is none), then what it achieves against fighting to the
 * end; `sampledFightOn`: what fighting to the end does in a sampled answer's own estimates (advise.ts).
 */
export function stopRuleLines(d: StopRuleDecision, territories: number, sampledFightOn?: Sentence | null): Sentence[] {
  const fightOn = sampledFightOn ?? outcomeWords('fightToTheEnd', d, territories);
  const rule = outcomeWords('rule', d, territories);
  const value = (which: 'rule' | 'fightToTheEnd') => quote(`${REF}.${which}.value`, d[which].value, 'fixed2');
  const gain = (format: 'signed1' | 'signed2' | 'points1') => quote(`${REF}.gain`, d.gain, format);
  const endWords = say`fighting to the end ${fightOn}`;
  if (d.objective === 'armies' && !d.feasible) {
    const want = quote(`${REF}.target`, d.target as number, 'target');
    const reachable = reachableLine(d, territories);
    if (!reachable) return [say`No stop rule reaches ${want}: ${endWords}.`];
    // Stopping never adds to the chance of conquest: fighting to the end's is the best any rule gives.
    return [say`No stop rule reaches ${want}; the best chance is fighting to the end, which ${fightOn}.`, reachable];
  }
  const head = say`Stop rule for ${aim(d, territories)}`;
  const where = say`${head}: ${breakOff(d, territories)}.`;
  if (d.objective === 'armies') {
    if (d.neverStops) return [say`${head}: fight to the end (it ${fightOn}).`];
    return [where, say`It ${rule} on average (${gain('signed1')}); ${endWords}.`];
  }
  if (d.objective === 'conquest') {
    if (d.neverStops) {
      const p = quote(`${REF}.rule.pConquest`, d.rule.pConquest, 'percent');
      const kept = quote(`${REF}.rule.armiesKept`, d.rule.armiesKept, 'fixed1');
      const best = say`no stop rule takes it more often than ${p} of the time`;
      return [say`${head}: fight to the end; that is optimal, ${best} (it keeps ${kept} armies on average).`];
    }
    return [where, say`It ${rule} on average (${gain('points1')} points of P(conquest) more); ${endWords}.`];
  }
  const endWorth = say`fighting to the end ${value('fightToTheEnd')} (it ${fightOn})`;
  if (d.neverStops)
    return [say`${head}: fight to the end; that is optimal, worth ${value('rule')} on average (it ${rule}).`];
  if (!d.attacks) {
    const armies = quote(`${REF}.attackers`, d.attackers, 'count');
    return [say`${head}: do not attack; keeping your ${armies} armies is worth ${value('rule')}, ${endWorth}.`];
  }
  const worth = say`It is worth ${value('rule')} on average (${gain('signed2')}): it ${rule}`;
  return [where, say`${worth}; fighting to the end is worth ${value('fightToTheEnd')} (it ${fightOn}).`];
}

/** Words for the table's title: the aim without numbers that belong to the lines. */
function aimForTitle(d: StopRuleDecision): string {
  if (d.objective === 'armies') return `at least ${Number(((d.target as number) * 100).toFixed(6))}% of the time`;
  if (d.objective === 'conquest') return 'the best chance of conquest';
  return `the most value (armies kept + ${d.territoryWorth} per territory taken)`;
}

/**
 * The rule as a table: one row per army count at which to break off (when no rule meets the
 * target, the rule for the highest one a rule meets).
 */
export function stopRuleTable(decision: StopRuleDecision, territories: number): Table {
  const several = territories > 1;
  const r = decision.reachable;
  const d: StopRuleDecision =
    !decision.feasible && r ? { ...decision, target: r.target, breakOff: r.breakOff } : decision;
  const rows = d.breakOff.map((r) => [
    ...(several ? [r.territory] : []),
    r.attackers,
    r.shape === 'threshold'
      ? `${r.fromDefenders} or more`
      : r.shape === 'any'
        ? 'any'
        : r.ranges.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(' or '),
  ]);
  return {
    name: 'stop-rule',
    title: `Stop rule for ${aimForTitle(d)}: break off with these armies in your territory when the defenders are`,
    columns: [...(several ? ['territory'] : []), 'armies in the attacking territory', 'break off when defenders are'],
    rows,
  };
}
