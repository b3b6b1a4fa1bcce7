/** Validating and compiling one battle entry, shared by scenario files, sweeps, the CLI and the API. */
import type { z } from 'zod';
import type { Compiled, RuleSystem } from '../../model/contract.js';
import { EntryIssue, InputError, formatPath } from '../../model/inputError.js';

/** One battle ready to run: the system's compiled plan and layout, its label and its validated entry. */
export interface Battle<Plan = unknown> extends Compiled<Plan> {
  label: string;
  /** The validated entry (defaults filled in): exactly what is fought. */
  entry: unknown;
  /** A scenario's battle may ask to be solved for one of its fields (engine/solve/). */
  solveFor?: { field: string; target?: number; range?: readonly [number, number] };
}

/**
 * Validates one battle entry with its system's schema (cross-field checks included), or its quick
 * check when that is sure (RuleSystem.quickEntry), then compiles it.
 */
export function compileEntry(
  system: RuleSystem,
  entry: unknown,
  source: string,
  field: string,
  defaultLabel: string,
): Battle {
  const quick = system.quickEntry?.(entry);
  const parsed = quick !== undefined ? { success: true as const, data: quick } : system.entry.safeParse(entry);
  if (!parsed.success) {
    const issue = mainIssue(parsed.error.issues);
    throw new InputError(source, joinField(field, issueField(issue)), friendlyMessage(issue));
  }
  const label = (parsed.data as { label?: string }).label ?? defaultLabel;
  try {
    return { ...system.compile(parsed.data), label, entry: parsed.data };
  } catch (error) {
    if (error instanceof EntryIssue)
      throw new InputError(source, joinField(field, formatPath(error.path)), error.message);
    throw error;
  }
}

/**
 * The battle with its plan and layout compiled again from its validated entry each time they
 * are asked for, rather than kept: a scenario of 10,000 battles held 34 MB of plans and layouts
 * from validation to the end of the run. `{ ...battle }` takes a plain, fully compiled copy to
 * run with (compile is pure: every copy is the same battle).
 */
export function compactBattle(system: RuleSystem, battle: Battle): Battle {
  const { plan, layout, ...rest } = battle;
  void plan;
  void layout;
  const entry = battle.entry;
  let copy: Compiled<unknown> | undefined;
  // Spreading reads plan, then layout: both from one compile.
  const compiled = (key: 'plan' | 'layout') => {
    if (key === 'plan' || !copy) copy = system.compile(entry);
    const value = copy[key];
    if (key === 'layout') copy = undefined;
    return value;
  };
  return Object.defineProperties(rest as Battle, {
    plan: { get: () => compiled('plan'), enumerable: true },
    layout: { get: () => compiled('layout'), enumerable: true },
  });
}

function joinField(prefix: string, rest: string): string {
  if (!rest) return prefix;
  return rest.startsWith('[') ? `${prefix}${rest}` : prefix ? `${prefix}.${rest}` : rest;
}

/**
 * The issue to report: the first, except that a whole number beyond 2^53 (1e308), which
 * zod's `.int()` refuses first with the field's "whole number" words, is reported by the
 * field's own limit ("must be at most 5000") when it has one, else as beyond 2^53 - 1.
 */
export function mainIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue {
  const first = issues[0];
  if (first.code === 'invalid_key' && first.issues.length > 0) {
    // A record's key that its own schema refused ("Invalid key in record"): say what is wrong with it.
    return { ...mainIssue(first.issues), path: first.path };
  }
  if (first.code === 'invalid_union') {
    // A value of one of several forms (a list of values or a {from, to, step} range): when only
    // one form fits its shape, what is wrong is inside that form (`step`), not "Invalid input".
    const fitting = first.errors.filter(fitsShape);
    if (fitting.length === 1) {
      const inner = mainIssue(fitting[0]);
      return { ...inner, path: [...first.path, ...inner.path] };
    }
    return first;
  }
  if ((first.code !== 'too_big' && first.code !== 'too_small') || first.origin !== 'int') return first;
  const samePath = (other: z.core.$ZodIssue) =>
    other.path.length === first.path.length && other.path.every((key, i) => key === first.path[i]);
  const limit = issues.find((other) => other !== first && other.code === first.code && samePath(other));
  if (limit) return limit;
  return { ...first, message: `${first.code === 'too_big' ? 'Too big' : 'Too small'}: beyond the safe integers` };
}

/** A union option's issues fit the value's shape when some are inside it (not "expected an array" at its root). */
function fitsShape(issues: readonly z.core.$ZodIssue[]): boolean {
  return issues.some(
    (issue) => issue.path.length > 0 || (issue.code === 'invalid_union' && issue.errors.some(fitsShape)),
  );
}

/** The field an issue is about; for an unknown key, the key itself. */
export function issueField(issue: z.core.$ZodIssue): string {
  const at = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
  return formatPath(at);
}

/** zod's messages, with the unknown-key case made specific. */
export function friendlyMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const others =
      issue.keys.length > 1
        ? ` (also ${issue.keys
            .slice(1)
            .map((k) => `'${k}'`)
            .join(', ')})`
        : '';
    return `unknown key${others}; check the spelling against the scenario schema`;
  }
  if (issue.code === 'invalid_union' && 'note' in issue && issue.note === 'No matching discriminator') {
    // A defaulted discriminator shows up among the options as undefined: list the names only.
    const options = ('options' in issue && Array.isArray(issue.options) ? issue.options : []).filter(
      (o): o is string => typeof o === 'string',
    );
    if (options.length === 0) return 'unknown type';
    return `unknown type; expected one of: ${options.join(', ')} (or leave it out for ${options[0]})`;
  }
  return plainZodMessage(issue) ?? issue.message;
}

const TYPE_WORDS: Record<string, string> = {
  int: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  string: 'text',
  array: 'a list',
  object: 'an object',
};

/**
 * zod's own wording ("Too big: expected number to be <=5") in plain words ("must be at
 * most 5"). Messages a schema wrote itself are left alone.
 */
function plainZodMessage(issue: z.core.$ZodIssue): string | undefined {
  if (!/^(Too big|Too small|Invalid option|Invalid input):/.test(issue.message)) return undefined;
  const unit = (origin: unknown, n: number) =>
    origin === 'array' ? ` item${n === 1 ? '' : 's'}` : origin === 'string' ? ` character${n === 1 ? '' : 's'}` : '';
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum);
      return `must be ${issue.inclusive ? 'at most' : 'below'} ${max}${unit(issue.origin, max)}`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string' && min === 1) return 'must not be empty';
      return `must be ${issue.inclusive ? 'at least' : 'above'} ${min}${unit(issue.origin, min)}`;
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_type':
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    default:
      return undefined;
  }
}
