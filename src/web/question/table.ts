/**
 * "Vary two numbers": a table of the question over two of its numbers (e.g. attackers x
 * defenders; in Kings & Things, how many of a counter on each side), run as an engine sweep
 * (the same cells `battle-odds run` gives for a scenario with this `sweep`) and drawn as a
 * heatmap of the headline.
 */
import type { SystemModule } from '../../core/registry/systems.js';
import { formEntry } from '../../core/form/entry.js';
import { parseItems } from '../../core/form/read.js';
import { askedIn, TURN_KIND, fieldsOf, type PageField } from './fields.js';
import { MAX_COUNT, type AskedQuestion, type Problem } from './toQuestion.js';
import { playerWords, quoted } from './words.js';
import type { TableState } from './state.js';

export type { TableState } from './state.js';

/** The page draws at most this many cells. */
export const MAX_TABLE_CELLS = 2500;
/**
 * Sampled tables (run in one worker) share this many trials between their cells: at least
 * 1,000 each, at most the question's.
 */
export const TABLE_TRIAL_BUDGET = 2_000_000;

/** The most values a first table gives each of its two numbers. */
export const TABLE_SPAN = 12;

/**
 * A number a table can vary: a whole-number field the question asks (not a short list of
 * choices), or how many of one counter a roster field holds (Kings & Things: `attackers.0`, how
 * many of the first attacking counter).
 */
export interface TableAxis {
  /** Its name in the form and the link: the field's (`defenders`), or the roster field's and the counter's place. */
  param: string;
  label: string;
  /** The value it has in the question (null: none given). */
  value: number | null;
  /** The most it may be. */
  max: number;
  field: PageField;
  /** For a counter: its place in the roster field's list. */
  item?: number;
}

/** The numbers a table can vary, for this kind of question and these values of the fields. */
export function tableAxes(
  module: SystemModule,
  kind: string | undefined,
  values: Record<string, string | boolean> = {},
): TableAxis[] {
  // A turn's numbers are its board's: no table of the form's fields (the command line's sweeps vary a board).
  if (kind === TURN_KIND) return [];
  const asked = fieldsOf(module).filter((f) => askedIn(module, f, { kind, values }));
  const counts = asked
    .filter((f) => f.kind === 'count' && !f.choices)
    .map((f) => {
      const text = String(values[f.param] ?? '');
      return {
        param: f.param,
        label: f.label,
        value: /^\d+$/.test(text) ? Number(text) : null,
        max: f.field.max ?? Infinity,
        field: f,
      };
    });
  const counters = asked.flatMap((f) => {
    const catalogue = f.field.catalogue;
    if (!catalogue || catalogue.single) return [];
    const items = parseItems(String(values[f.param] ?? ''));
    const side = items.reduce((n, t) => n + (catalogue.read(t)?.count ?? 0), 0);
    return items.flatMap((text, i) => {
      const item = catalogue.read(text);
      if (!item || item.count < 1) return [];
      return [
        {
          param: `${f.param}.${i}`,
          label: `How many ${item.name} (${f.label.toLowerCase()})`,
          value: item.count,
          // The side holds at most MAX_COUNT counters in all.
          max: MAX_COUNT - (side - item.count),
          field: f,
          item: i,
        },
      ];
    });
  });
  return [...counts, ...counters];
}

/**
 * A first table around the question: the first two numbers it can vary (one counter of each
 * side, where the numbers are counters), from half their values up, at most TABLE_SPAN values
 * each (so a phone has room for a number in every cell).
 */
export function defaultTable(
  module: SystemModule,
  kind: string | undefined,
  values: Record<string, unknown>,
): TableState | null {
  const all = tableAxes(module, kind, values as Record<string, string | boolean>).filter((a) => a.value !== null);
  // An alternative to another field ("Or: armies that may attack") is never varied beside it.
  const axes = all.filter((a) => !/^or:/i.test(a.label));
  const counters = axes.filter((a) => a.item !== undefined);
  const sides = [...new Set(counters.map((a) => a.field.param))];
  const pair =
    axes.length - counters.length >= 2
      ? axes.filter((a) => a.item === undefined).slice(0, 2)
      : sides.length >= 2
        ? sides.map((p) => counters.find((a) => a.field.param === p) as TableAxis).slice(0, 2)
        : axes.slice(0, 2);
  if (pair.length < 2) return null;
  const range = (a: TableAxis, below?: number) => {
    const v = a.value as number;
    const from = Math.max(1, Math.ceil(v / 2));
    let to = Math.min(a.max, from + TABLE_SPAN - 1, Math.max(from + 5, v * 2));
    // A number that must stay below the other (a stop rule's armies below the attacking armies): below its least.
    if (below !== undefined) to = Math.max(from, Math.min(to, below - 1));
    return [String(from), String(to)];
  };
  const [x, y] = pair;
  const [xFrom, xTo] = range(x);
  const [yFrom, yTo] = range(y, /stop/i.test(y.param) ? Math.ceil((x.value as number) / 2) : undefined);
  return { x: x.param, xFrom, xTo, y: y.param, yFrom, yTo };
}

/** `attackers:6-22,defenders:5-20` (the URL's `table=`). */
export function tableToParam(t: TableState): string {
  return `${t.x}:${t.xFrom}-${t.xTo},${t.y}:${t.yFrom}-${t.yTo}`;
}

export function tableFromParam(text: string): TableState | null {
  const m = /^([a-z][a-z0-9-]*(?:\.\d+)?):(\d*)-(\d*),([a-z][a-z0-9-]*(?:\.\d+)?):(\d*)-(\d*)$/.exec(text);
  return m ? { x: m[1], xFrom: m[2], xTo: m[3], y: m[4], yFrom: m[5], yTo: m[6] } : null;
}

export type TableAsk =
  { ok: true; scenario: Record<string, unknown>; cells: number; trials: number } | { ok: false; problem: Problem };

/** The table as a one-sweep scenario (validated by the engine like any scenario file), or what is wrong with it. */
export function toTable(asked: AskedQuestion, table: TableState, kind: string | undefined): TableAsk {
  const axes = new Map(tableAxes(asked.module, kind, pageValues(asked)).map((a) => [a.param, a]));
  const bad = (message: string): TableAsk => ({ ok: false, problem: { param: 'table', message } });
  const x = axes.get(table.x);
  const y = axes.get(table.y);
  if (!x || !y) return bad('choose two numbers of this question to vary');
  if (x === y) return bad('choose two different numbers to vary');
  const ranges = [table.xFrom, table.xTo, table.yFrom, table.yTo].map(Number);
  if ([table.xFrom, table.xTo, table.yFrom, table.yTo].some((v) => !/^\d+$/.test(v)))
    return bad('every "from" and "to" must be a whole number');
  const [xFrom, xTo, yFrom, yTo] = ranges;
  if (xFrom > xTo || yFrom > yTo) return bad('each "from" must be at most its "to"');
  const cells = (xTo - xFrom + 1) * (yTo - yFrom + 1);
  if (cells > MAX_TABLE_CELLS) return bad(`${cells} cells: at most ${MAX_TABLE_CELLS} (narrow a range)`);
  const base = {
    ...(formEntry(asked.module.form, asked.values, asked.kind, asked.question) as Record<string, unknown>),
  };
  delete base.label;
  const keys: string[] = [];
  for (const a of [x, y]) {
    const key = axisPath(a, base);
    if (!key) return bad(`${quoted(a.label)} cannot be varied in a table (it is not a number of the battle)`);
    keys.push(key);
  }
  for (const [a, from, to] of [
    [x, xFrom, xTo],
    [y, yFrom, yTo],
  ] as const)
    if (a.item !== undefined && (from < 1 || to > a.max))
      return bad(`${quoted(a.label)} must be from 1 to ${a.max} (a side holds at most ${MAX_COUNT} counters)`);
  const trials = Math.max(1000, Math.min(asked.trials, Math.floor(TABLE_TRIAL_BUDGET / cells)));
  const scenario = {
    name: 'page-table',
    system: asked.module.system.id,
    seed: asked.seed,
    trials,
    method: asked.method,
    exact: asked.method === 'sample',
    ...(asked.question.target !== undefined ? { target: asked.question.target } : {}),
    sweep: {
      base,
      axes: { [keys[0]]: { from: xFrom, to: xTo }, [keys[1]]: { from: yFrom, to: yTo } },
      titles: { [keys[0]]: x.label, [keys[1]]: y.label },
    },
  };
  return { ok: true, scenario, cells, trials };
}

/** The form's values as the page's fields hold them (the text a roster field's picker writes). */
function pageValues(asked: AskedQuestion): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const f of fieldsOf(asked.module)) {
    const v = asked.values[f.key];
    if (v === undefined) continue;
    values[f.param] = typeof v === 'boolean' ? v : Array.isArray(v) ? v.join(',') : String(v);
  }
  return values;
}

/**
 * The entry's path an axis sets in the sweep's base entry: a field's own key, or for a counter its
 * count in its side's list (`attacker.creatures.0.count`, the item written there as an object).
 */
function axisPath(a: TableAxis, base: Record<string, unknown>): string | null {
  if (a.item === undefined) return a.field.key in base ? a.field.key : null;
  const catalogue = a.field.field.catalogue;
  for (const path of a.field.field.entry ?? [a.field.key]) {
    const parts = path.split('.');
    let at: unknown = base;
    for (const p of parts) at = (at as Record<string, unknown> | undefined)?.[p];
    if (!Array.isArray(at) || typeof at[a.item] !== 'string' || !catalogue) continue;
    const item = catalogue.read(at[a.item] as string);
    if (!item) return null;
    const stats = item.stats ? catalogue.custom?.read(item.stats) : null;
    at[a.item] = stats
      ? {
          name: item.name,
          value: stats.value,
          ...(stats.kind === 'magic' ? { magic: true } : stats.kind === 'ranged' ? { ranged: true } : {}),
          ...(stats.flags.includes('charge') ? { charge: true } : {}),
          ...(stats.flags.includes('flying') ? { flying: true } : {}),
          count: item.count,
        }
      : { name: item.name, count: item.count };
    return `${path}.${a.item}.count`;
  }
  return null;
}

/**
 * The engine's refusal of a table in a player's words: a cell named by the entry's paths
 * (`the cell attackers=6, stopAt=6 is not a valid battle: stopAt: ...`) by the table's labels.
 */
export function tableRefusal(asked: AskedQuestion, scenario: Record<string, unknown>, message: string): string {
  const titles = ((scenario.sweep as { titles?: Record<string, string> } | undefined)?.titles ?? {}) as Record<
    string,
    string
  >;
  const text = message
    .replace(/\b([A-Za-z][\w.]*)=(-?\d+)/g, (whole, key: string, value: string) =>
      titles[key] ? `${quoted(titles[key])} ${value}` : whole,
    )
    .replace(/^the cell (.*?) is not a valid battle: /, 'the cell with $1 is no battle: ');
  return playerWords(asked.module.form, text).replace(/”: (?=must|is|are)/g, '” ');
}
