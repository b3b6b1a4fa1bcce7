/**
 * Princes & Queens' answer to the player's question (`--target`, `--advise`,
 * `should-i-attack`): from how far the attack is still possible (one and two Princes) and,
 * against a defending Prince, how far from his Queen he still holds (reach.ts). Nothing is
 * random, so the target is moot: the lines say what is possible, with a small table.
 */
import type { Description } from '../../engine/contract.js';
import type { Cell, Table } from '../../engine/report.js';
import type { PqPlan } from './plan.js';
import { MAX_DISTANCE } from './schema.js';
import { farthestAttack, farthestHold, type Reach } from './reach.js';

const hexes = (d: number) => `${d} hex${d === 1 ? '' : 'es'}`;

/** "up to 3 hexes from his Queen", "from any distance", "not even 1 hex from his Queen (4 against 9)". */
function reachText(r: Reach, whose: string): string {
  if (r.any) return `from any distance (${r.value} against ${r.against} even ${MAX_DISTANCE} hexes away)`;
  if (r.farthest === null) return `not even 1 hex from ${whose} Queen (${r.value} against ${r.against})`;
  return `up to ${hexes(r.farthest)} from ${whose} Queen`;
}

export function reachLines(plan: PqPlan): string[] {
  const one = farthestAttack(plan, 1);
  const two = farthestAttack(plan, 2);
  const now =
    plan.princes === 1
      ? `one Prince ${hexes(plan.distance)} from his Queen`
      : `two Princes ${hexes(plan.distance)} from their Queen`;
  const lines = [
    `Farthest attack on this defender: one Prince ${reachText(one, 'his')}, ` +
      `two Princes ${reachText(two, 'their')}; you attack with ${now}.`,
  ];
  const hold = farthestHold(plan);
  if (hold) {
    const pair = plan.defence.kind === 'two-princes';
    const who = pair ? 'The two defending Princes' : 'The defending Prince';
    const holds = pair ? 'hold' : 'holds';
    const where = `${pair ? 'they are' : 'he is'} ${plan.defence.distance} away`;
    const whose = pair ? 'their' : 'his';
    if (hold.any) lines.push(`${who} ${holds} against this attack at any distance from ${whose} Queen; ${where}.`);
    else if (hold.farthest === null)
      lines.push(`${who} cannot hold against this attack, ${reachText(hold, whose)}; ${where}.`);
    else lines.push(`${who} ${holds} against this attack ${reachText(hold, whose)}; ${where}.`);
  }
  return lines;
}

/** The answers as a table: one row per question, the farthest distance and the values there. */
export function reachTable(plan: PqPlan): Table {
  const row = (question: string, r: Reach, now: number | null): Cell[] => [
    question,
    r.farthest,
    r.any ? `any distance (tried up to ${MAX_DISTANCE})` : r.farthest === null ? 'none' : `1 to ${r.farthest}`,
    r.value,
    r.against,
    now,
  ];
  const rows = [
    row('one Prince can attack', farthestAttack(plan, 1), plan.princes === 1 ? plan.distance : null),
    row('two Princes can attack', farthestAttack(plan, 2), plan.princes === 2 ? plan.distance : null),
  ];
  const hold = farthestHold(plan);
  if (hold) {
    const who = plan.defence.kind === 'two-princes' ? 'the two defending Princes hold' : 'the defending Prince holds';
    rows.push(row(who, hold, plan.defence.distance ?? null));
  }
  return {
    name: 'farthest',
    title: 'From how far: the farthest distance (hexes to their own Queen) at which each still works',
    columns: [
      'question',
      'farthest distance (hexes)',
      'distances that work',
      'its value there (at 1 when none works)',
      'the other side',
      'this battle (hexes)',
    ],
    rows,
  };
}

/** Adds the reach lines and table to a description. */
export function addReach(out: Required<Omit<Description, 'decisions'>>, plan: PqPlan): void {
  out.verdict.push(...reachLines(plan));
  out.tables.push(reachTable(plan));
}
