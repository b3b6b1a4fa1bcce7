/**
 * What a system's entry schema says about one field, found by walking the zod schema:
 * the values it accepts when they are a closed list (an enum, a union of literals) and its
 * default. The form offers a list instead of a text box from this, so the choices come from
 * the one definition of the entry, never a second list in the page.
 */
import type { ZodType } from 'zod';

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } })?._zod?.def;

export interface FieldFacts {
  /** Every value the field accepts, when that is a closed list. */
  choices?: Array<string | number>;
  /** The schema's default for the field, when it has one. */
  default?: unknown;
}

/** Facts about top-level field `name` in any branch of the entry schema (the first branch that has it). */
export function fieldFacts(schema: ZodType, name: string): FieldFacts {
  for (const object of objectsOf(schema)) {
    const shape = (object.shape ?? {}) as Record<string, unknown>;
    if (name in shape) return factsOf(shape[name]);
  }
  return {};
}

/** The object schemas of an entry: itself, or the branches of a union (through pipes and wrappers). */
function objectsOf(schema: unknown, depth = 0): Def[] {
  const def = defOf(schema);
  if (!def || depth > 8) return [];
  if (def.type === 'object') return [def];
  if (def.type === 'union') return (def.options as unknown[]).flatMap((o) => objectsOf(o, depth + 1));
  if (def.type === 'pipe') return objectsOf(def.in, depth + 1);
  if ('innerType' in def) return objectsOf(def.innerType, depth + 1);
  return [];
}

function factsOf(schema: unknown): FieldFacts {
  const facts: FieldFacts = {};
  let def = defOf(schema);
  for (let i = 0; def && i < 8; i++) {
    if (def.type === 'default' && !('default' in facts)) facts.default = def.defaultValue;
    if ('innerType' in def) def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.in);
    else break;
  }
  const choices = def ? closedValues(def) : undefined;
  return choices ? { ...facts, choices } : facts;
}

function closedValues(def: Def): Array<string | number> | undefined {
  if (def.type === 'enum') return Object.values(def.entries as Record<string, string | number>);
  if (def.type === 'literal') return literalValues(def);
  if (def.type === 'union') {
    const parts = (def.options as unknown[]).map((o) => defOf(o));
    if (parts.some((p) => !p || p.type !== 'literal')) return undefined;
    return parts.flatMap((p) => literalValues(p as Def) ?? []);
  }
  return undefined;
}

function literalValues(def: Def): Array<string | number> | undefined {
  const values = (def.values as unknown[]).filter((v) => typeof v === 'string' || typeof v === 'number');
  return values.length > 0 ? (values as Array<string | number>) : undefined;
}
