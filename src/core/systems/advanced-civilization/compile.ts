/** A validated Advanced Civilization entry -> plan (rules, token distributions, tally offsets) and its named layout. */
import type { Compiled } from '../../model/contract.js';
import type { AdvCivEntry, TokenSpec } from './schema.js';
import type { ConflictRules } from './rules.js';
import { HEADLINE, conflictLayout, maxTokensLeft, type ConflictPlan, type TokenDistribution } from './plan.js';

export function tokenDistribution(spec: TokenSpec): TokenDistribution {
  let values: number[];
  let probabilities: number[];
  let counts: number[] | undefined;
  if (typeof spec === 'number') {
    values = [spec];
    probabilities = [1];
    counts = [1];
  } else if ('min' in spec) {
    values = [];
    for (let x = spec.min; x <= spec.max; x++) values.push(x);
    probabilities = values.map(() => 1 / values.length);
    counts = values.map(() => 1);
  } else {
    // Merge repeated values (in a Map: values are numbers, never user text); weights default to equal.
    const weights = spec.weights ?? spec.values.map(() => 1);
    const byValue = new Map<number, number>();
    spec.values.forEach((v, i) => byValue.set(v, (byValue.get(v) ?? 0) + weights[i]));
    values = [...byValue.keys()].sort((a, b) => a - b);
    const sum = values.reduce((s, v) => s + (byValue.get(v) as number), 0);
    probabilities = values.map((v) => (byValue.get(v) as number) / sum);
    counts = wholeWeights(values.map((v) => byValue.get(v) as number));
  }
  let acc = 0;
  const cumulative = probabilities.map((p) => (acc += p));
  return { values, probabilities, cumulative, ...(counts ? { counts } : {}) };
}

/** Weights given with up to 6 decimals, scaled to whole numbers (0.25, 0.5 -> 25, 50); undefined with more. */
function wholeWeights(weights: number[]): number[] | undefined {
  for (let scale = 1; scale <= 1e6; scale *= 10) {
    const scaled = weights.map((w) => w * scale);
    if (scaled.every((w) => Number.isSafeInteger(Math.round(w)) && Math.abs(w - Math.round(w)) < 1e-9 * scale))
      return scaled.map(Math.round);
  }
  return undefined;
}

function ownerIndex(names: string[], place: AdvCivEntry['fort']): number {
  if (place === undefined || place === false || place === true) return -1;
  return place.owner === undefined ? -1 : names.indexOf(place.owner);
}

export function conflictRules(entry: AdvCivEntry): ConflictRules {
  const names = entry.nations.map((n) => n.name);
  return {
    limit: entry.limit,
    names,
    metalworking: entry.nations.map((n) => n.metalworking),
    engineering: entry.nations.map((n) => n.engineering),
    military: entry.nations.map((n) => n.military),
    mathematics: entry.nations.map((n) => n.mathematics),
    fortOwner: ownerIndex(names, entry.fort),
    cityOwner: ownerIndex(names, entry.city),
    reading: entry.advantageReading,
    fortWhereCityDestroyed: entry.fortWhereCityDestroyed,
    fortEngineeringOpponents: entry.fortEngineeringOpponents,
    replacedCityTieBreak: entry.replacedCityTieBreak,
  };
}

export function compileAdvCiv(entry: AdvCivEntry): Compiled<ConflictPlan> {
  const rules = conflictRules(entry);
  const tokens = entry.nations.map((n) => tokenDistribution(n.tokens));
  const sampled = tokens.some((d) => d.values.length > 1);
  const { layout, at } = conflictLayout(rules, maxTokensLeft(rules, tokens), sampled);
  const plan: ConflictPlan = {
    kind: 'conflict',
    rules,
    tokens,
    armies: entry.nations.map((n) => n.armies),
    sampled,
    at,
    size: layout.size,
  };
  return { type: 'conflict', plan, layout, headline: HEADLINE, ...(sampled ? {} : { deterministic: true }) };
}
