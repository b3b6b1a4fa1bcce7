/**
 * Sweeps: a scenario may declare axes over its battle entry (e.g. attackers 2..30 x
 * defenders 1..20 x fortress on/off) and variants of the rules to compare. Every cell is
 * an ordinary battle entry, validated by its system like any other; variants are overlays
 * merged into each cell and run on common random numbers. Grids that used to be battle
 * types of their own (fort levels, Engineering matchups, outcome tables) are sweeps:
 * an axis value may set several fields at once, and a sweep with no axis compares its
 * variants on one battle.
 */
import { z } from 'zod';
import { userText } from '../../model/userText.js';
import type { RuleSystem } from '../../model/contract.js';
import { compileEntry, type Battle } from './entry.js';
import { InputError } from '../../model/inputError.js';
import { slug } from '../../model/fileNames.js';
import { solveForSchema } from './solveForSpec.js';
import { knobRange } from './fields.js';

/** Largest grid one sweep may declare (checked before anything is expanded). */
export const MAX_CELLS = 20_000;
/** Longest dotted field path an axis or variant may set. */
const MAX_PATH_SEGMENTS = 8;

const fieldPath = userText(
  z.string().min(1, { error: 'must not be empty' }).max(200, { error: 'must be at most 200 characters' }),
).refine((p) => p.split('.').length <= MAX_PATH_SEGMENTS, {
  error: `must have at most ${MAX_PATH_SEGMENTS} dotted parts`,
});
const settings = z.record(fieldPath, z.unknown());

const scalar = z.union([z.number(), userText(), z.boolean()]);
/** A value that is not a plain number, text or flag (e.g. a whole stack of counters) needs a label. */
const labelledValue = z.strictObject({ label: userText(z.string().min(1)), value: z.unknown() });
/** A value that sets several fields at once (e.g. who holds Engineering in a matchup). */
const settingsValue = z.strictObject({ label: userText(z.string().min(1)), set: settings });
const axisValue = z.union([scalar, labelledValue, settingsValue], {
  error: 'must be a number, text, true or false, {"label", "value"} or {"label", "set"}',
});
const rangeAxis = z.strictObject({
  from: z.number().int({ error: 'must be a whole number' }),
  to: z.number().int({ error: 'must be a whole number' }),
  step: z
    .number()
    .int({ error: 'must be a whole number, at least 1' })
    .min(1, { error: 'must be a whole number, at least 1' })
    .default(1),
});
const axisSpec = z.union([z.array(axisValue).min(1, { error: 'needs at least one value' }).max(MAX_CELLS), rangeAxis], {
  error: 'must be a list of values or a range {"from", "to", "step"}',
});

export const sweepSchema = z
  .strictObject({
    /** The battle entry every cell starts from. */
    base: z.record(z.string(), z.unknown()),
    /** Axis (a field of the entry, dotted for nested fields) -> list of values or {from, to, step}. */
    axes: z
      .record(fieldPath, axisSpec)
      .refine((axes) => Object.keys(axes).length <= 4, { error: 'at most 4 axes' })
      .default({}),
    /** Axis titles for charts, with units (e.g. "attackers": "armies in the attacking territory"). */
    titles: z.record(z.string(), userText(z.string().max(200))).optional(),
    /** Rule variants to compare; the first is the baseline the others are compared with. */
    variants: z
      .array(z.strictObject({ label: userText(z.string().min(1).max(100)), set: settings.default({}) }))
      .min(1)
      .max(8)
      .optional(),
    /**
     * "Smallest first-axis value where a probability reaches p": by default the headline at
     * 50%, 80% and 95%; name another probability metric of the system to test that instead.
     */
    thresholds: z
      .array(
        z.strictObject({
          metric: z.string().min(1).optional(),
          at: z.array(z.number().gt(0).max(1)).min(1).max(10),
        }),
      )
      .max(4)
      .optional(),
    /** Metric keys to write in each cell of the sweep's charts (e.g. "margin", or tokens left per nation). */
    cellText: z.array(z.string().min(1)).min(1).max(3).optional(),
    /** Write those numbers with their sign (e.g. a margin of +2). */
    cellTextSigned: z.boolean().optional(),
    /** Solve every cell (and variant) for a numeric field: "the fortress bonus that makes each cell fair". */
    solveFor: solveForSchema.optional(),
  })
  .refine((s) => Object.keys(s.axes).length > 0 || (s.variants?.length ?? 0) >= 2, {
    error: 'needs at least one axis, or two variants to compare',
    path: ['axes'],
  });

export type SweepSpec = z.output<typeof sweepSchema>;

export interface SweepAxis {
  name: string;
  title: string;
  /** What charts and CSVs show for each value. */
  values: Array<number | string | boolean>;
  /** The fields each value sets in the battle entry. */
  settings: Array<Array<[path: string, value: unknown]>>;
}

export interface SweepCell {
  index: number;
  /** This cell's value on each axis, in the axes' order. */
  at: Array<number | string | boolean>;
  /** One compiled battle per variant (the baseline first). */
  battles: Battle[];
}

export interface CompiledSweep {
  axes: SweepAxis[];
  variants: string[];
  cellText?: string[];
  cellTextSigned?: boolean;
  thresholds: Array<{ metric?: string; at: number[] }>;
  solveFor?: { field: string; target: number; range?: [number, number] };
  cells: SweepCell[];
}

type AxisSpec = z.output<typeof axisSpec>;

function axisLength(spec: AxisSpec): number {
  if (Array.isArray(spec)) return spec.length;
  return spec.to < spec.from ? 0 : Math.floor((spec.to - spec.from) / spec.step) + 1;
}

function expandAxis(name: string, spec: AxisSpec, title: string): SweepAxis {
  if (!Array.isArray(spec)) {
    const values: number[] = [];
    for (let v = spec.from; v <= spec.to; v += spec.step) values.push(v);
    return { name, title, values, settings: values.map((v) => [[name, v]]) };
  }
  return {
    name,
    title,
    values: spec.map((v) => (typeof v === 'object' ? v.label : v)),
    settings: spec.map((v) => {
      if (typeof v !== 'object') return [[name, v]];
      return 'set' in v ? Object.entries(v.set) : [[name, v.value]];
    }),
  };
}

/** A path that cannot be set: a list indexed by something that is no place in it. */
export class PathProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PathProblem';
  }
}

/**
 * Sets `a.b.c` (numeric parts index lists: `nations.0.tokens`) in a plain object, creating
 * objects along the way; returns a new object (nothing is mutated). A part that indexes a list
 * must be a place in it, 0, 1, 2 ... (at most one past its end, which adds an item): `length`,
 * `-1`, `1e0`, `01` or `NaN` would set a property the list ignores (PathProblem).
 */
export function withPath(target: Record<string, unknown>, dotted: string, value: unknown): Record<string, unknown> {
  const parts = dotted.split('.');
  const root: Record<string, unknown> = { ...target };
  let node: Record<string, unknown> | unknown[] = root;
  for (let i = 0; i < parts.length; i++) {
    const key = parts[i];
    if (Array.isArray(node)) {
      const list = parts.slice(0, i).join('.');
      if (!/^(0|[1-9]\d{0,8})$/.test(key))
        throw new PathProblem(`'${key}' is no place in the list ${list}: write 0, 1, 2 ...`);
      if (Number(key) > node.length)
        throw new PathProblem(`${list} has ${node.length} items: ${key} is beyond its end`);
    }
    const index = Array.isArray(node) ? Number(key) : key;
    if (i === parts.length - 1) {
      setOwn(node, index, value);
      break;
    }
    const current: unknown = Object.hasOwn(node, index) ? (node as Record<string | number, unknown>)[index] : undefined;
    const copy: Record<string, unknown> | unknown[] = Array.isArray(current)
      ? [...current]
      : current && typeof current === 'object'
        ? { ...(current as Record<string, unknown>) }
        : {};
    setOwn(node, index, copy);
    node = copy;
  }
  return root;
}

/**
 * An own property, whatever its name: `__proto__` from a scenario's path becomes a key the
 * entry's schema refuses as unknown, never the object's prototype.
 */
function setOwn(node: object, key: string | number, value: unknown): void {
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
}

export function compileSweep(system: RuleSystem, spec: SweepSpec, source: string): CompiledSweep {
  const axisEntries = Object.entries(spec.axes);
  for (const [name, axis] of axisEntries) {
    if (axisLength(axis) === 0) throw new InputError(source, `sweep.axes.${name}`, 'is empty (from must be <= to)');
  }
  // Count before expanding: a range of 2^53 values must be refused, not built.
  const count = axisEntries.reduce((n, [, axis]) => n * axisLength(axis), 1);
  if (count > MAX_CELLS) throw new InputError(source, 'sweep.axes', `declares ${count} cells; at most ${MAX_CELLS}`);
  const titles = new Map(Object.entries(spec.titles ?? {}));
  const axes = axisEntries.map(([name, axis]) => expandAxis(name, axis, titles.get(name) ?? name));
  const variants = spec.variants ?? [{ label: 'baseline', set: {} }];
  // Variant labels name CSV columns and chart files: they must stay distinct.
  const seen = new Map<string, number>();
  variants.forEach((variant, v) => {
    const name = slug(variant.label);
    const earlier = seen.get(name);
    if (earlier !== undefined) {
      throw new InputError(
        source,
        `sweep.variants[${v}].label`,
        `'${variant.label}' names the same columns and files as variants[${earlier}]; use a distinct label`,
      );
    }
    seen.set(name, v);
  });
  const cells: SweepCell[] = [];
  for (let index = 0; index < count; index++) {
    // The last axis varies fastest; `at` keeps the axes in their declared order.
    const picks = new Array<number>(axes.length);
    let rest = index;
    for (let k = axes.length - 1; k >= 0; k--) {
      picks[k] = rest % axes[k].values.length;
      rest = Math.floor(rest / axes[k].values.length);
    }
    const at = axes.map((axis, k) => axis.values[picks[k]]);
    const where = axes.map((axis, k) => `${axis.name}=${at[k]}`).join(', ');
    const battles = variants.map((variant, v) => {
      let entry: Record<string, unknown> = { ...spec.base };
      const set = (key: string, value: unknown, field: string) => {
        try {
          entry = withPath(entry, key, value);
        } catch (error) {
          if (!(error instanceof PathProblem)) throw error;
          throw new InputError(source, field, error.message);
        }
      };
      for (const [key, value] of Object.entries(variant.set)) set(key, value, `sweep.variants[${v}].set.${key}`);
      axes.forEach((axis, k) => {
        for (const [key, value] of axis.settings[picks[k]]) set(key, value, `sweep.axes.${axis.name}`);
      });
      const label = [where, variants.length > 1 ? `[${variant.label}]` : ''].filter(Boolean).join(' ');
      try {
        return compileEntry(system, entry, source, '', label);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        const field = v === 0 && spec.variants === undefined ? 'sweep' : `sweep.variants[${v}]`;
        const what = where ? `the cell ${where}` : `the variant '${variant.label}'`;
        throw new InputError(
          source,
          field,
          `${what} is not a valid battle: ${error.field ? `${error.field}: ` : ''}${error.detail}`,
        );
      }
    });
    cells.push({ index, at, battles });
  }
  // Checked on the first cell now, so a field no cell has is refused before anything runs.
  // (A range asked is searched in each cell within what the field takes there.)
  if (spec.solveFor && cells.length > 0)
    knobRange(system, cells[0].battles[0].entry, spec.solveFor.field, { source, field: 'sweep.solveFor.field' });
  return {
    axes,
    variants: variants.map((v) => v.label),
    thresholds: spec.thresholds ?? [],
    ...(spec.solveFor ? { solveFor: spec.solveFor } : {}),
    ...(spec.cellText ? { cellText: spec.cellText } : {}),
    ...(spec.cellTextSigned ? { cellTextSigned: true } : {}),
    cells,
  };
}
