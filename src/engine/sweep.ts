/**
 * Sweeps: a scenario may declare axes over its battle entry (e.g. attackers 2..30 x
 * defenders 1..20 x fortress on/off) and variants of the rules (house rules) to compare.
 * Every cell is an ordinary battle entry, validated by its system like any other;
 * variants are overlays merged into each cell and run with common random numbers.
 */
import { z } from 'zod';
import type { CompiledBattle, RuleSystem } from './system.js';
import { compileEntry } from './compileEntry.js';
import { InputError } from './inputError.js';
import { slug } from './slug.js';

const scalar = z.union([z.number(), z.string(), z.boolean()]);
/** A value that is not a plain number, text or flag (e.g. a whole stack of counters) needs a label. */
const labelledValue = z.strictObject({ label: z.string().min(1), value: z.unknown() });
const axisValue = z.union([scalar, labelledValue]);
const rangeAxis = z.strictObject({
  from: z.number().int({ error: 'must be a whole number' }),
  to: z.number().int({ error: 'must be a whole number' }),
  step: z.number().int().min(1, { error: 'must be at least 1' }).default(1),
});

export const sweepSchema = z.strictObject({
  /** The battle entry every cell starts from. */
  base: z.record(z.string(), z.unknown()),
  /** Axis name (a key of the entry, dotted for nested keys) -> list of values or {from, to, step}. */
  axes: z
    .record(z.string(), z.union([z.array(axisValue).min(1, { error: 'needs at least one value' }), rangeAxis]))
    .refine((axes) => Object.keys(axes).length >= 1 && Object.keys(axes).length <= 4, { error: 'needs 1 to 4 axes' }),
  /** Axis titles for charts, with units (e.g. "attackers": "armies in the attacking territory"). */
  titles: z.record(z.string(), z.string()).optional(),
  /** Rule variants to compare; the first is the baseline the others are compared with. */
  variants: z
    .array(z.strictObject({ label: z.string().min(1), set: z.record(z.string(), z.unknown()).default({}) }))
    .min(1)
    .max(8)
    .optional(),
});

export type SweepSpec = z.output<typeof sweepSchema>;

export interface SweepAxis {
  name: string;
  /** What charts and CSVs show for each value. */
  values: Array<number | string | boolean>;
  /** What goes into the battle entry for each value (differs from `values` for labelled values). */
  settings: unknown[];
}

export interface SweepCell {
  index: number;
  /** Axis name -> this cell's value. */
  at: Record<string, number | string | boolean>;
  /** One compiled battle per variant (the baseline first). */
  battles: CompiledBattle<unknown>[];
}

export interface CompiledSweep {
  axes: SweepAxis[];
  titles?: Record<string, string>;
  variants: string[];
  cells: SweepCell[];
}

/** Largest grid one sweep may declare. */
export const MAX_CELLS = 20_000;

export function expandAxes(axes: SweepSpec['axes']): SweepAxis[] {
  return Object.entries(axes).map(([name, spec]) => {
    if (Array.isArray(spec)) {
      return {
        name,
        values: spec.map((v) => (typeof v === 'object' ? v.label : v)),
        settings: spec.map((v) => (typeof v === 'object' ? v.value : v)),
      };
    }
    const values: number[] = [];
    for (let v = spec.from; v <= spec.to; v += spec.step) values.push(v);
    return { name, values, settings: values };
  });
}

/** Sets `a.b.c` in a plain object, creating nested objects along the way (no mutation). */
export function withPath(target: Record<string, unknown>, dotted: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = dotted.split('.');
  if (rest.length === 0) return { ...target, [head]: value };
  const inner = (target[head] && typeof target[head] === 'object' ? target[head] : {}) as Record<string, unknown>;
  return { ...target, [head]: withPath(inner, rest.join('.'), value) };
}

export function compileSweep(system: RuleSystem, spec: SweepSpec, source: string): CompiledSweep {
  const axes = expandAxes(spec.axes);
  for (const axis of axes) {
    if (axis.values.length === 0)
      throw new InputError(source, `sweep.axes.${axis.name}`, 'is empty (from must be <= to)');
  }
  const count = axes.reduce((n, a) => n * a.values.length, 1);
  if (count > MAX_CELLS) throw new InputError(source, 'sweep.axes', `declares ${count} cells; at most ${MAX_CELLS}`);
  const variants = spec.variants ?? [{ label: 'baseline', set: {} }];
  // Variant labels name CSV columns and chart files: they must stay distinct as slugs.
  const seen = new Map<string, number>();
  variants.forEach((variant, v) => {
    const name = slug(variant.label);
    if (seen.has(name))
      throw new InputError(
        source,
        `sweep.variants[${v}].label`,
        `'${variant.label}' names the same columns and files as variants[${seen.get(name)}]; use a distinct label`,
      );
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
    const at: Record<string, number | string | boolean> = {};
    const settings: Record<string, unknown> = {};
    axes.forEach((axis, k) => {
      at[axis.name] = axis.values[picks[k]];
      settings[axis.name] = axis.settings[picks[k]];
    });
    const where = Object.entries(at)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ');
    const battles = variants.map((variant, v) => {
      let entry: Record<string, unknown> = { ...spec.base };
      for (const [key, value] of Object.entries(variant.set)) entry = withPath(entry, key, value);
      for (const [key, value] of Object.entries(settings)) entry = withPath(entry, key, value);
      try {
        return compileEntry(system, entry, source, '', `${where}${variants.length > 1 ? ` [${variant.label}]` : ''}`);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        const field = v === 0 && spec.variants === undefined ? 'sweep' : `sweep.variants[${v}]`;
        throw new InputError(
          source,
          field,
          `the cell ${where} is not a valid battle: ${error.field ? `${error.field}: ` : ''}${error.detail}`,
        );
      }
    });
    cells.push({ index, at, battles });
  }
  return { axes, titles: spec.titles, variants: variants.map((v) => v.label), cells };
}
