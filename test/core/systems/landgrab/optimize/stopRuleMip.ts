/**
 * The constrained stop rule as a mixed integer programme, for an independent check by an
 * external MIP solver (HiGHS, compiled to WebAssembly: the `highs` dev dependency).
 *
 * Occupation measures over the states with a choice s (a >= 2, d >= 1), in the order of play:
 *   x_s = P(the attack is in s and rolls on), y_s = P(it is in s and stops), z_s in {0, 1}
 *   (1 = roll on). Flow: x_s + y_s = [s is the start] + sum over moves into s of
 *   P(move) x_parent (moves through a conquest, which is no choice, are followed to the next
 *   territory's first state). Linking (big-M with M = 1, as x, y <= 1): x_s <= z_s and
 *   y_s <= 1 - z_s, so every state is a pure stop or roll on. Objective: maximise E[armies
 *   kept] = sum kept_s y_s + the ends of the attack the moves reach (a lone army left, the
 *   last territory taken). Constraint: P(taking the whole path) >= target.
 * The relaxation (z in [0, 1]) is the best randomised rule.
 */
import type { DiceRule } from '../../../../../src/core/systems/landgrab/rules/tables.js';
import { statesInPlayOrder } from './everyRule.js';

export interface StopRuleMip {
  /** The programme in CPLEX LP format. */
  lp: string;
  /** Path state (k, a, d) of each binary z<i>. */
  choices: [number, number, number][];
}

/** A linear expression: coefficient per column name, and a constant. */
type Expression = Map<string, number>;

function add(into: Expression, from: Expression, factor: number): void {
  for (const [name, c] of from) into.set(name, (into.get(name) ?? 0) + c * factor);
}

function terms(e: Expression): string {
  const parts: string[] = [];
  for (const [name, c] of e) {
    if (c === 0 || name === '') continue;
    parts.push(`${c < 0 ? '-' : '+'} ${Math.abs(c)} ${name}`);
  }
  // A line of at most a few terms: the LP format allows continuation lines.
  const lines: string[] = [];
  for (let i = 0; i < parts.length; i += 6) lines.push(parts.slice(i, i + 6).join(' '));
  return lines.join('\n   ') || '0 x0';
}

/**
 * @example
 * stopRuleMip([plain], 8, [5], 0.5).lp // "Maximize\n obj: ..."
 */
export function stopRuleMip(rules: DiceRule[], attackers: number, defenders: number[], target: number): StopRuleMip {
  const states = statesInPlayOrder(rules, attackers, defenders);
  const inflow: Expression[] = states.map(() => new Map());
  inflow[0].set('', 1); // the start
  const objective: Expression = new Map();
  const conquest: Expression = new Map();
  const rows: string[] = [];
  const binaries: string[] = [];
  const bounds: string[] = [];
  const choices: [number, number, number][] = [];
  states.forEach((s, i) => {
    const flow = inflow[i];
    if (s.choice) {
      const n = choices.length;
      choices.push([s.k, s.a, s.d]);
      const [x, y, z] = [`x${n}`, `y${n}`, `z${n}`];
      // x + y - (moves in) = [start]
      const balance: Expression = new Map([
        [x, 1],
        [y, 1],
      ]);
      add(balance, flow, -1);
      rows.push(` f${n}: ${terms(balance)} = ${flow.get('') ?? 0}`);
      rows.push(` l${n}: ${x} - ${z} <= 0`, ` m${n}: ${y} + ${z} <= 1`);
      bounds.push(` 0 <= ${x} <= 1`, ` 0 <= ${y} <= 1`);
      binaries.push(z);
      objective.set(y, s.kept);
      for (const [j, q] of s.next) add(inflow[j], new Map([[x, 1]]), q);
    } else if (s.next.length > 0) {
      for (const [j, q] of s.next) add(inflow[j], flow, q);
    } else {
      add(objective, flow, s.kept);
      if (s.won) add(conquest, flow, 1);
    }
  });
  // Constants (the start's own flow) never reach an end: the start is a choice (attackers >= 2).
  const lp = [
    'Maximize',
    ` obj: ${terms(objective)}`,
    'Subject To',
    ...rows,
    ` p: ${terms(conquest)} >= ${target}`,
    'Bounds',
    ...bounds,
    'Binaries',
    ` ${binaries.join(' ')}`,
    'End',
  ].join('\n');
  return { lp, choices };
}
