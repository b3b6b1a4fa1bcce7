/**
 * Exact outcome distribution of one LandGrab (Risk-style) dice round.
 *
 * Each side rolls its dice, sorts them descending, adds its modifier to its single
 * highest die, and the top min(nA, nD) pairs are compared; the loser of each pair
 * loses one army (ties go to `ties`). Enumerating every roll gives exact integer
 * counts over 6^(nA + nD) outcomes.
 *
 * @example
 * roundOutcomeCounts({ attackerDice: 3, defenderDice: 2, attackerBonus: 0, defenderBonus: 0, ties: 'defender' })
 * // { pairs: 2, counts: [2890, 2611, 2275], total: 7776 }  (index = armies the attacker loses)
 */
export type TieWinner = 'defender' | 'attacker';

export interface RoundRule {
  attackerDice: number;
  defenderDice: number;
  attackerBonus: number;
  defenderBonus: number;
  ties: TieWinner;
}

export interface RoundOutcome {
  /** Number of dice pairs compared = armies lost in total this round. */
  pairs: number;
  /** counts[i] = number of rolls in which the attacker loses i armies (defender pairs - i). */
  counts: number[];
  total: number;
}

/** Distribution of the sorted top `keep` dice (highest first, bonus on the highest) for `dice` dice. */
function sortedTopDistribution(
  dice: number,
  keep: number,
  bonus: number,
): Map<string, { top: number[]; count: number }> {
  const result = new Map<string, { top: number[]; count: number }>();
  const roll = new Array<number>(dice).fill(1);
  const outcomes = 6 ** dice;
  for (let n = 0; n < outcomes; n++) {
    let rest = n;
    for (let i = 0; i < dice; i++) {
      roll[i] = (rest % 6) + 1;
      rest = Math.floor(rest / 6);
    }
    const top = [...roll].sort((x, y) => y - x).slice(0, keep);
    top[0] += bonus;
    const key = top.join(',');
    const entry = result.get(key);
    if (entry) entry.count++;
    else result.set(key, { top, count: 1 });
  }
  return result;
}

/**
 * Rounds already enumerated, by rule. A scenario of thousands of battles uses a handful of rules,
 * and enumerating 6^(nA + nD) rolls again for each battle made most of its validation's time and
 * garbage (10,000 battles: 1.6 s and hundreds of megabytes allocated). At most MAX_KNOWN are kept.
 */
const known = new Map<string, RoundOutcome>();
const MAX_KNOWN = 1024;

/** The round's exact outcome counts (frozen: shared by every battle of the same rule). */
export function roundOutcomeCounts(rule: RoundRule): RoundOutcome {
  const key = `${rule.attackerDice} ${rule.defenderDice} ${rule.attackerBonus} ${rule.defenderBonus} ${rule.ties}`;
  const hit = known.get(key);
  if (hit) return hit;
  const outcome = enumerateRound(rule);
  Object.freeze(outcome.counts);
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(key, Object.freeze(outcome));
  return outcome;
}

function enumerateRound(rule: RoundRule): RoundOutcome {
  const pairs = Math.min(rule.attackerDice, rule.defenderDice);
  const attacker = sortedTopDistribution(rule.attackerDice, pairs, rule.attackerBonus);
  const defender = sortedTopDistribution(rule.defenderDice, pairs, rule.defenderBonus);
  const counts = new Array<number>(pairs + 1).fill(0);
  for (const a of attacker.values()) {
    for (const d of defender.values()) {
      let attackerLosses = 0;
      for (let i = 0; i < pairs; i++) {
        const attackerWinsPair = rule.ties === 'attacker' ? a.top[i] >= d.top[i] : a.top[i] > d.top[i];
        if (!attackerWinsPair) attackerLosses++;
      }
      counts[attackerLosses] += a.count * d.count;
    }
  }
  return { pairs, counts, total: 6 ** (rule.attackerDice + rule.defenderDice) };
}
