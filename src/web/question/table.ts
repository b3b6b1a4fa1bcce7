/**
 * "Vary two numbers": a table of the question over two of its whole-number fields (e.g.
 * attackers x defenders), run as an engine sweep (the same cells `battle-odds run` gives
 * for a scenario with this `sweep`) and drawn as a heatmap of the headline.
 */
import type { SystemModule } from '../../core/registry/systems.js';
import { formEntry } from '../../core/form/entry.js';
import { askedIn, fieldsOf, type PageField } from './fields.js';
import type { AskedQuestion, Problem } from './toQuestion.js';
import { quoted } from './words.js';
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

/** Whole-number fields the question asks (not a short list of choices): what a table can vary. */
export function tableAxes(
  module: SystemModule,
  kind: string | undefined,
  values: Record<string, string | boolean> = {},
): PageField[] {
  return fieldsOf(module).filter((f) => f.kind === 'count' && !f.choices && askedIn(module, f, { kind, values }));
}

/**
 * A first table around the question: the first two whole-number fields, from half their
 * values up, at most TABLE_SPAN values each (so a phone has room for a number in every cell).
 */
export function defaultTable(
  module: SystemModule,
  kind: string | undefined,
  values: Record<string, unknown>,
): TableState | null {
  const axes = tableAxes(module, kind, values as Record<string, string | boolean>).filter((f) =>
    /^\d+$/.test(String(values[f.param] ?? '')),
  );
  if (axes.length < 2) return null;
  const range = (f: PageField) => {
    const v = Number(values[f.param]);
    const from = Math.max(1, Math.ceil(v / 2));
    return [String(from), String(Math.min(from + TABLE_SPAN - 1, Math.max(from + 5, v * 2)))];
  };
  const [xFrom, xTo] = range(axes[0]);
  const [yFrom, yTo] = range(axes[1]);
  return { x: axes[0].param, xFrom, xTo, y: axes[1].param, yFrom, yTo };
}

/** `attackers:6-22,defenders:5-20` (the URL's `table=`). */
export function tableToParam(t: TableState): string {
  return `${t.x}:${t.xFrom}-${t.xTo},${t.y}:${t.yFrom}-${t.yTo}`;
}

export function tableFromParam(text: string): TableState | null {
  const m = /^([a-z][a-z0-9-]*):(\d*)-(\d*),([a-z][a-z0-9-]*):(\d*)-(\d*)$/.exec(text);
  return m ? { x: m[1], xFrom: m[2], xTo: m[3], y: m[4], yFrom: m[5], yTo: m[6] } : null;
}

export type TableAsk =
  { ok: true; scenario: Record<string, unknown>; cells: number; trials: number } | { ok: false; problem: Problem };

/** The table as a one-sweep scenario (validated by the engine like any scenario file), or what is wrong with it. */
export function toTable(asked: AskedQuestion, table: TableState, kind: string | undefined): TableAsk {
  const axes = new Map(tableAxes(asked.module, kind).map((f) => [f.param, f]));
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
  for (const f of [x, y])
    if (!(f.key in base))
      return bad(`${quoted(f.label)} cannot be varied in a table (it is not a number of the battle)`);
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
      axes: { [x.key]: { from: xFrom, to: xTo }, [y.key]: { from: yFrom, to: yTo } },
      titles: { [x.key]: x.label, [y.key]: y.label },
    },
  };
  return { ok: true, scenario, cells, trials };
}
