/**
 * The reach (reach.ts) in words: the report's decision (`decisions.reach`), the lines that
 * quote it and a small table.
 */
import type { Cell, Table } from '../../../model/report.js';
import type { ReachDecision } from '../decisions.js';
import { quote, say, type Sentence } from '../../../words/sentence.js';
import type { PqPlan } from '../plan.js';
import { MAX_DISTANCE } from '../schema.js';
import { farthestAttack, farthestHold, type Reach } from './reach.js';

const AT = 'decisions.reach';
type Asked = 'onePrince' | 'twoPrinces' | 'hold';

/** "3 hexes", "1 hex": a distance quoted by name, with its noun. */
function hexes(ref: string, d: number): Sentence {
  return say`${quote(ref, d, 'count')} ${d === 1 ? 'hex' : 'hexes'}`;
}

/** From how far each attack (and a defending Prince's hold) works, as a decision of the report. */
export function reachDecision(plan: PqPlan): ReachDecision {
  return {
    triedTo: MAX_DISTANCE,
    onePrince: farthestAttack(plan, 1),
    twoPrinces: farthestAttack(plan, 2),
    hold: farthestHold(plan),
  };
}

/** "up to 3 hexes from his Queen", "from any distance", "not even one hex from his Queen (4 against 9)". */
function reachText(d: ReachDecision, asked: Asked, whose: string): Sentence {
  const r = d[asked] as Reach;
  const values = say`${quote(`${AT}.${asked}.value`, r.value, 'count')} against ${quote(
    `${AT}.${asked}.against`,
    r.against,
    'count',
  )}`;
  if (r.any) return say`from any distance (${values} even ${quote(`${AT}.triedTo`, d.triedTo, 'count')} hexes away)`;
  if (r.farthest === null) return say`not even one hex from ${whose} Queen (${values})`;
  return say`up to ${hexes(`${AT}.${asked}.farthest`, r.farthest)} from ${whose} Queen`;
}

export function reachLines(plan: PqPlan, d: ReachDecision): Sentence[] {
  const where = hexes('entry.distance', plan.distance);
  const now = plan.princes === 1 ? say`one Prince ${where} from his Queen` : say`two Princes ${where} from their Queen`;
  const lines = [
    say`Farthest attack on this defender: one Prince ${reachText(d, 'onePrince', 'his')}, two Princes ${reachText(
      d,
      'twoPrinces',
      'their',
    )}; you attack with ${now}.`,
  ];
  const hold = d.hold;
  if (hold) {
    const pair = plan.defence.kind === 'two-princes';
    const who = pair ? 'The two defending Princes' : 'The defending Prince';
    const holds = pair ? 'hold' : 'holds';
    const away = quote('entry.defenderDistance', plan.defence.distance as number, 'count');
    const where = say`${pair ? 'they are' : 'he is'} ${away} away`;
    const whose = pair ? 'their' : 'his';
    if (hold.any) lines.push(say`${who} ${holds} against this attack at any distance from ${whose} Queen; ${where}.`);
    else if (hold.farthest === null)
      lines.push(say`${who} cannot hold against this attack, ${reachText(d, 'hold', whose)}; ${where}.`);
    else lines.push(say`${who} ${holds} against this attack ${reachText(d, 'hold', whose)}; ${where}.`);
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
