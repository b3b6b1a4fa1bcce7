/**
 * Cross-field checks the schema's field types cannot express, each naming its field in
 * the user's terms. The schema folds them in with superRefine (schema.ts).
 */
import { roster } from './roster.js';
import { lossOrder } from './lossOrder.js';
import { compileRetreat, isNever } from './retreat.js';
import { hexCounters, playerNames } from './compile.js';
import { TARGET_POLICIES } from './plan.js';
import { countersOf, fortLevelOf, type Counter } from './counters.js';
import type { BattleEntry, KtEntry, LossPolicy, RetreatPolicy } from './schema.js';

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

function lossOrderIssues(path: (string | number)[], counters: Counter[], policy: LossPolicy | undefined): FieldIssue[] {
  if (!policy || typeof policy === 'string') return [];
  const { unmatched } = lossOrder(counters, policy, 'weakest-first');
  return unmatched.map((name) => ({
    path,
    message:
      `loss order names '${name}', which is not (or not that many times) on this side; ` +
      `the side has: ${counters.map((c) => c.name).join(', ')}`,
  }));
}

function incomeIssues(path: (string | number)[], income: string[] | undefined): FieldIssue[] {
  const known = roster().incomeCounters;
  return (income ?? [])
    .map((name, i) => ({ name, i }))
    .filter(({ name }) => !known.some((k) => k.toLowerCase() === name.trim().toLowerCase()))
    .map(({ name, i }) => ({
      path: [...path, i],
      message: `unknown special income counter '${name}' (the roster has: ${known.join(', ')})`,
    }));
}

/** Judged on the compiled rule, so `{}` (no condition set) counts as never, like 'never'. */
const retreats = (r: RetreatPolicy) => !isNever(compileRetreat(r));

/**
 * 12.13: "A hex may never have more than one fort in it. It can contain both a fort and a special
 * income counter, though." Read as one fort plus at most one special income counter, cities and
 * villages being special income counters (11.72: "each fort, city, village, and other special
 * income counter"). The entry holds one fort at most by its shape.
 */
function hexIssues(
  path: (string | number)[],
  d: { city?: boolean; village?: boolean; income?: string[] },
): FieldIssue[] {
  const issues = incomeIssues([...path, 'income'], d.income);
  const specials = [...(d.city ? ['a city'] : []), ...(d.village ? ['a village'] : []), ...(d.income ?? [])];
  if (specials.length > 1) {
    const field = (d.income?.length ?? 0) > 0 ? 'income' : 'village';
    issues.push({
      path: [...path, field],
      message:
        'a hex holds one fort and at most one special income counter (a city, a village or an income ' +
        `counter such as a Gold Mine, 12.13); this one has ${specials.length}: ${specials.join(', ')}`,
    });
  }
  return issues;
}

function duelIssues(entry: BattleEntry): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const d = entry.defender;
  const fort = fortLevelOf(d.fort);
  if (entry.attacker.creatures.length === 0)
    issues.push({ path: ['attacker', 'creatures'], message: 'the attacker needs at least one creature or character' });
  if (entry.unexplored && retreats(d.retreat)) {
    issues.push({
      path: ['defender', 'retreat'],
      message:
        "defenders of an unexplored hex never retreat (11.6): set defender.retreat to 'never' or drop 'unexplored'",
    });
  }
  if (entry.unexplored && fort > 0)
    issues.push({ path: ['defender', 'fort'], message: 'an unexplored hex has no fort (nobody has built one there)' });
  issues.push(...hexIssues(['defender'], d));
  issues.push(...lossOrderIssues(['attacker', 'losses'], countersOf(entry.attacker.creatures), entry.attacker.losses));
  issues.push(...lossOrderIssues(['defender', 'losses'], hexCounters(d, fort), d.losses));
  return issues;
}

export function entryIssues(entry: KtEntry): FieldIssue[] {
  switch (entry.type) {
    case 'battle':
      return duelIssues(entry);
    case 'multi': {
      const issues: FieldIssue[] = [];
      const names = playerNames(entry);
      if (entry.cup !== undefined && !entry.unexplored)
        issues.push({
          path: ['cup'],
          message:
            'a cup applies only to a fight over an unexplored hex (unexplored: true), whose last army explores it',
        });
      if (Array.isArray(entry.cup) && entry.cup.length === 0)
        issues.push({ path: ['cup'], message: 'a custom cup needs at least one counter' });
      if (new Set(names).size !== names.length)
        issues.push({ path: ['players'], message: `player names must differ (got ${names.join(', ')})` });
      entry.players.forEach((p, i) => {
        const path = ['players', i];
        if (
          i > 0 &&
          (p.fort !== undefined ||
            p.city !== undefined ||
            p.village !== undefined ||
            p.income !== undefined ||
            p.fortAfterRetreat !== undefined)
        ) {
          issues.push({
            path,
            message:
              'only the defender (the first player, who owns the hex) has a fort, city, village or income ' +
              'counters (and fortAfterRetreat)',
          });
        }
        const counters = i === 0 ? hexCounters(p, fortLevelOf(p.fort)) : countersOf(p.creatures);
        if (counters.length === 0)
          issues.push({ path: [...path, 'creatures'], message: `${names[i]} has no counters in the battle` });
        if (!(TARGET_POLICIES as readonly string[]).includes(p.target)) {
          if (!names.includes(p.target)) {
            issues.push({
              path: [...path, 'target'],
              message:
                `unknown target '${p.target}': use ${TARGET_POLICIES.join(', ')} ` +
                `or another player's name (${names.join(', ')})`,
            });
          } else if (p.target === names[i])
            issues.push({ path: [...path, 'target'], message: 'a player cannot target himself' });
        }
        // A fight over an unexplored hex (11.9): nobody owns it, so nobody has buildings there.
        if (i === 0 && entry.unexplored) {
          for (const field of ['fort', 'city', 'village', 'income'] as const) {
            const value = p[field];
            if (value !== undefined && value !== false && value !== 'none' && !(Array.isArray(value) && !value.length))
              issues.push({
                path: [...path, field],
                message: 'an unexplored hex has no fort, city, village or income counters (nobody owns it yet)',
              });
          }
        }
        if (i === 0) issues.push(...hexIssues(path, p));
        issues.push(...lossOrderIssues([...path, 'losses'], counters, p.losses));
      });
      return issues;
    }
    case 'explore': {
      const issues: FieldIssue[] = [];
      if (entry.explorer.creatures.length === 0)
        issues.push({
          path: ['explorer', 'creatures'],
          message: 'the explorer needs at least one creature or character',
        });
      if (Array.isArray(entry.cup) && entry.cup.length === 0)
        issues.push({ path: ['cup'], message: 'a custom cup needs at least one counter' });
      issues.push(
        ...lossOrderIssues(['explorer', 'losses'], countersOf(entry.explorer.creatures), entry.explorer.losses),
      );
      return issues;
    }
  }
}
