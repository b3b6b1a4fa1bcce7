/**
 * Advanced Civilization plans (what workers receive) and their tally layout: one
 * definition, read by name by the summary and by offset (`plan.at`) by the kernels and
 * the exact solver. Plain arrays and numbers only, so a plan is structured-cloneable.
 */
import { LayoutBuilder, type TallyLayout } from '../../model/tallyLayout.js';
import type { ConflictRules } from './rules.js';

/** A nation's token count as a finite distribution (a point mass when known). */
export interface TokenDistribution {
  values: number[];
  probabilities: number[];
  /**
   * Whole-number weights in proportion to `probabilities` (1 each for a range; the weights given,
   * scaled to whole numbers, for a list), when there are such: the exact solver then adds whole
   * numbers and divides once, so a certain outcome sums to exactly 1 and equal chances are equal.
   */
  counts?: number[];
  /** Running sums of `probabilities` (what the sampler's inverse CDF reads). */
  cumulative: number[];
}

/** Where a conflict's tally bins start (see `conflictLayout`). */
export interface ConflictOffsets {
  /** Controls the area: one bin per nation. */
  holder: number;
  /** Nobody controls the area (a tie, or an empty area). */
  noHolder: number;
  /** Alone in the area: one bin per nation. */
  alone: number;
  stay: number;
  cityStands: number;
  empty: number;
  cityAttacked: number;
  /** The fort's fate: kept, captured, removed (nothing is counted when there is no fort). */
  fort: number;
  /** Tokens left, per nation: `maxLeft[i] + 1` bins from `left[i]`. */
  left: number[];
}

export interface ConflictPlan {
  kind: 'conflict';
  rules: ConflictRules;
  tokens: TokenDistribution[];
  armies: number[];
  /** True when some nation's tokens are uncertain: the battle is then sampled. */
  sampled: boolean;
  at: ConflictOffsets;
  /** The layout's size (the exact solver's vector length). */
  size: number;
}

export type AdvCivPlan = ConflictPlan;

/** Metric keys are indices, never nation names (names are user text). */
export const key = {
  controls: (i: number) => `controls_${i}`,
  alone: (i: number) => `alone_${i}`,
  left: (i: number) => `left_${i}`,
};

/** The answer: the first nation listed (the attacker) controls the area, alone or by majority. */
export const HEADLINE = key.controls(0);

/** The fort's fates, in the order of their bins. */
export const FORT_FATES = ['kept', 'captured', 'removed'] as const;
export type FortFate = 'none' | (typeof FORT_FATES)[number];
const FORT_KEYS = ['fortKept', 'fortCaptured', 'fortRemoved'];

/** Largest number of tokens each nation can have after the conflict (a city adds up to 7). */
export function maxTokensLeft(rules: Pick<ConflictRules, 'cityOwner'>, tokens: TokenDistribution[]): number[] {
  return tokens.map((d, i) => Math.max(...d.values) + (rules.cityOwner === i ? 7 : 0));
}

/**
 * The layout of one conflict, and its offsets:
 *   [controls the area: one bin per nation, then one for "nobody"]
 *   [alone in the area: one bin per nation] [several stay] [city stands] [area empty]
 *   [city attacked] [fort kept, captured, removed]
 *   [tokens left, per nation: maxLeft + 1 bins each]
 * The alone bins, stay, city stands and empty partition the battles (the outcome
 * categories); so do the control bins. Every part exists whatever the area holds, so a
 * variant that adds or removes the fort keeps the layout's size; the city and fort
 * events (the city attack, a city standing beside others, the fort's fate) are reported
 * only where there is a city or a fort: elsewhere they cannot happen. A sampled conflict reports
 * each nation's tokens left as a distribution; a fixed one as values (describe).
 */
export function conflictLayout(
  rules: ConflictRules,
  maxLeft: number[],
  sampled: boolean,
): { layout: TallyLayout; at: ConflictOffsets } {
  const b = new LayoutBuilder();
  const names = rules.names;
  const n = names.length;
  const p = (text: string) => (sampled ? `P(${text})` : text);
  const city = rules.cityOwner >= 0;
  const fort = rules.fortOwner >= 0;

  const holder = b.block('holder', n + 1);
  const how = city ? 'alone, by majority or by a standing city' : 'alone or by majority';
  names.forEach((name, i) => b.event(key.controls(i), p(`${name} controls the area: ${how}`), [[holder + i, 1]]));
  b.event('controls_none', p('Nobody controls the area: tie or empty'), [[holder + n, 1]]);

  const alone = b.block('alone', n);
  const stay = b.block('stay#bin', 1);
  const cityStands = b.block('cityStands#bin', 1);
  const empty = b.block('empty#bin', 1);
  names.forEach((name, i) => b.event(key.alone(i), p(`${name} alone in the area`), [[alone + i, 1]]));
  b.event('stay', p(`${n === 2 ? 'Both stay' : 'Several nations stay'}: limit no longer exceeded`), [[stay, 1]]);
  // Without a city it cannot happen: counted (0) and in the partition, so sweeps line up, but not reported.
  b.event(
    'cityStands',
    p(city ? `${names[rules.cityOwner]}'s city stands beside others` : 'A city stands beside others (no city here)'),
    [[cityStands, 1]],
    { report: city },
  );
  b.event('empty', p('Area empty'), [[empty, 1]]);
  b.partition('outcome', 'Outcome of the conflict', [
    ...names.map((_, i) => key.alone(i)),
    'stay',
    'cityStands',
    'empty',
  ]);

  const cityAttacked = b.block('cityAttacked#bin', 1);
  b.event('cityAttacked', p('The city is attacked'), [[cityAttacked, 1]], { report: city });
  const fortBins = b.block('fort', FORT_FATES.length);
  const fortLabels = [
    `${fort ? names[rules.fortOwner] : 'Its builder'} keeps the fort`,
    'The fort is captured',
    'The fort is removed',
  ];
  FORT_KEYS.forEach((k, f) => b.event(k, p(fortLabels[f]), [[fortBins + f, 1]], { report: fort }));

  const left = names.map((name, i) => {
    const to = maxLeft[i];
    if (!sampled) return b.block(key.left(i), to + 1);
    return b.histogram(key.left(i), {
      label: `${name} tokens left`,
      xLabel: 'tokens left',
      series: name,
      from: 0,
      to,
      means: [{ key: key.left(i), label: `${name} tokens left (mean)` }],
    });
  });
  return {
    layout: b.build(),
    at: { holder, noHolder: holder + n, alone, stay, cityStands, empty, cityAttacked, fort: fortBins, left },
  };
}
