/** Checks and compilation of Advanced Civilization entries into plans. */
import type { CompiledBattle, FieldIssue } from '../../engine/system.js';
import type { AdvCivEntry, ConflictEntry, SweepEntry, TokenSpec } from './schema.js';
import { conflictLayout, type AdvCivPlan, type ConflictPlan, type SweepPlan, type TokenDistribution } from './plan.js';

/** Largest product of token-distribution sizes the exact solver enumerates. */
export const MAX_EXACT_COMBINATIONS = 1_000_000;

export function tokenDistribution(spec: TokenSpec): TokenDistribution {
  if (typeof spec === 'number') return { values: [spec], probabilities: [1] };
  if ('min' in spec) {
    const values: number[] = [];
    for (let x = spec.min; x <= spec.max; x++) values.push(x);
    return { values, probabilities: values.map(() => 1 / values.length) };
  }
  // Merge repeated values; weights default to equal.
  const weights = spec.weights ?? spec.values.map(() => 1);
  const byValue = new Map<number, number>();
  spec.values.forEach((v, i) => byValue.set(v, (byValue.get(v) ?? 0) + weights[i]));
  const values = [...byValue.keys()].sort((a, b) => a - b);
  const sum = values.reduce((s, v) => s + (byValue.get(v) as number), 0);
  return { values, probabilities: values.map((v) => (byValue.get(v) as number) / sum) };
}

function ownerName(place: ConflictEntry['fort']): string | undefined {
  return typeof place === 'object' ? place.owner : undefined;
}

function minTokens(spec: TokenSpec): number {
  if (typeof spec === 'number') return spec;
  if ('min' in spec) return spec.min;
  return Math.min(...spec.values);
}

function checkTokens(spec: TokenSpec, path: (string | number)[], issues: FieldIssue[]): void {
  if (typeof spec === 'number') return;
  if ('min' in spec) {
    if (spec.min > spec.max)
      issues.push({
        path: [...path, 'min'],
        message: `tokens range is empty: min ${spec.min} is above max ${spec.max}`,
      });
    return;
  }
  if (spec.weights) {
    if (spec.weights.length !== spec.values.length) {
      issues.push({
        path: [...path, 'weights'],
        message: `weights needs one weight per value (${spec.values.length}), got ${spec.weights.length}`,
      });
    } else if (!(spec.weights.reduce((s, w) => s + w, 0) > 0)) {
      issues.push({ path: [...path, 'weights'], message: 'weights must not all be 0' });
    }
  }
}

function checkConflict(entry: ConflictEntry): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const names = entry.nations.map((n) => n.name);
  const list = names.map((n) => `"${n}"`).join(', ');
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i)
      issues.push({ path: ['nations', i, 'name'], message: `nation names must be unique: "${name}" appears twice` });
  });
  entry.nations.forEach((nation, i) => {
    checkTokens(nation.tokens, ['nations', i, 'tokens'], issues);
    if (nation.armies > minTokens(nation.tokens)) {
      issues.push({
        path: ['nations', i, 'armies'],
        message: `armies (${nation.armies}) cannot exceed the nation's tokens (at least ${minTokens(nation.tokens)})`,
      });
    }
  });
  for (const place of ['fort', 'city'] as const) {
    const value = entry[place];
    if (value === undefined || value === false) continue;
    const owner = ownerName(value);
    if (owner === undefined) {
      issues.push({
        path: [place, 'owner'],
        message: `a ${place} needs an owner: set ${place}.owner to one of the nations (${list})`,
      });
    } else if (!names.includes(owner)) {
      issues.push({ path: [place, 'owner'], message: `${place}.owner "${owner}" is not one of the nations (${list})` });
    }
  }
  const combinations = entry.nations.reduce((p, n) => p * tokenDistribution(n.tokens).values.length, 1);
  if (issues.length === 0 && combinations > MAX_EXACT_COMBINATIONS) {
    issues.push({
      path: ['nations'],
      message: `too many token combinations to solve exactly (${combinations}); narrow the ranges below ${MAX_EXACT_COMBINATIONS}`,
    });
  }
  return issues;
}

function checkSweep(entry: SweepEntry): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const side of ['attackerTokens', 'defenderTokens'] as const) {
    const r = entry[side];
    if (r.min > r.max)
      issues.push({ path: [side, 'min'], message: `${side} range is empty: min ${r.min} is above max ${r.max}` });
  }
  for (const side of ['attacker', 'defender'] as const) {
    const tokens = entry[`${side}Tokens`].min;
    if (entry[side].armies > tokens) {
      issues.push({
        path: [side, 'armies'],
        message: `${side}.armies (${entry[side].armies}) cannot exceed the smallest ${side} token count swept (${tokens})`,
      });
    }
  }
  const cells =
    (entry.attackerTokens.max - entry.attackerTokens.min + 1) *
    (entry.defenderTokens.max - entry.defenderTokens.min + 1);
  if (cells > 10_000)
    issues.push({
      path: ['attackerTokens'],
      message: `the sweep has ${cells} token pairs per matchup; keep it at most 10000`,
    });
  return issues;
}

export function checkEntry(entry: AdvCivEntry): FieldIssue[] {
  return entry.type === 'sweep' ? checkSweep(entry) : checkConflict(entry);
}

export function compileEntry(entry: AdvCivEntry, label: string): CompiledBattle<AdvCivPlan> {
  if (entry.type === 'sweep') {
    const plan: SweepPlan = {
      kind: 'sweep',
      limit: entry.limit,
      attackerTokens: [entry.attackerTokens.min, entry.attackerTokens.max],
      defenderTokens: [entry.defenderTokens.min, entry.defenderTokens.max],
      engineering: entry.engineering,
      metalworking: entry.metalworking,
      fort: entry.fort,
      city: entry.city,
      attacker: entry.attacker,
      defender: entry.defender,
      reading: entry.advantageReading,
    };
    return { label, type: 'sweep', plan, tallySize: 0 };
  }
  const names = entry.nations.map((n) => n.name);
  const indexOf = (place: ConflictEntry['fort']) => {
    const owner = place === undefined || place === false ? undefined : ownerName(place);
    return owner === undefined ? -1 : names.indexOf(owner);
  };
  const tokens = entry.nations.map((n) => tokenDistribution(n.tokens));
  const plan: ConflictPlan = {
    kind: 'conflict',
    rules: {
      limit: entry.limit,
      names,
      metalworking: entry.nations.map((n) => n.metalworking),
      engineering: entry.nations.map((n) => n.engineering),
      military: entry.nations.map((n) => n.military),
      mathematics: entry.nations.map((n) => n.mathematics),
      fortOwner: indexOf(entry.fort),
      cityOwner: indexOf(entry.city),
      reading: entry.advantageReading,
    },
    tokens,
    armies: entry.nations.map((n) => n.armies),
    sampled: tokens.some((d) => d.values.length > 1),
  };
  return { label, type: 'conflict', plan, tallySize: plan.sampled ? conflictLayout(plan).size : 0 };
}
