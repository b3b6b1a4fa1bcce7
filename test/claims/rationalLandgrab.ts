/**
 * An independent LandGrab oracle in rational arithmetic (BigInt numerators over a common
 * denominator), written from the rules and not from the solver: each side rolls its dice
 * (`min(cap, armies - 1)` for the attacker, `min(cap, defenders)` for the defender), sorts them,
 * adds its bonus to its single highest die, and the top pairs are compared (ties to `ties`). What
 * it answers exactly: P(conquest) of one battle, so certainty (= 1) and impossibility (= 0) need
 * no float. Small battles only (every roll is enumerated).
 *
 * @example
 * conquest({ attackers: 4, defenders: 2 }) // { num: 6610505n, den: 10077696n } (reduced)
 */
export interface OracleBattle {
  attackers: number;
  defenders: number;
  attackerDice?: number;
  defenderDice?: number;
  attackerBonus?: number;
  defenderBonus?: number;
  ties?: 'defender' | 'attacker';
  stopAt?: number;
}

export interface Fraction {
  num: bigint;
  den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const reduce = (f: Fraction): Fraction => {
  const g = gcd(f.num, f.den) || 1n;
  return { num: f.num / g, den: f.den / g };
};
const add = (a: Fraction, b: Fraction): Fraction => reduce({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
const times = (a: Fraction, b: Fraction): Fraction => reduce({ num: a.num * b.num, den: a.den * b.den });

/** Every roll of n dice, each sorted from highest with the bonus on the highest. */
function rolls(n: number, bonus: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < n; i++) out = out.flatMap((r) => [1, 2, 3, 4, 5, 6].map((x) => [...r, x]));
  return out.map((r) => {
    const sorted = r.sort((x, y) => y - x);
    sorted[0] += bonus;
    return sorted;
  });
}

/** P(the attacker loses k armies) in one round with these dice, as fractions by k. */
function round(nA: number, nD: number, b: Required<OracleBattle>): Fraction[] {
  const pairs = Math.min(nA, nD);
  const counts = new Array<bigint>(pairs + 1).fill(0n);
  const att = rolls(nA, b.attackerBonus);
  const def = rolls(nD, b.defenderBonus);
  for (const x of att)
    for (const y of def) {
      let lost = 0;
      for (let i = 0; i < pairs; i++) if (!(b.ties === 'attacker' ? x[i] >= y[i] : x[i] > y[i])) lost++;
      counts[lost]++;
    }
  const total = BigInt(att.length * def.length);
  return counts.map((c) => reduce({ num: c, den: total }));
}

/** P(conquest) of one battle, exactly. */
export function conquest(battle: OracleBattle): Fraction {
  const b: Required<OracleBattle> = {
    attackerDice: 3,
    defenderDice: 2,
    attackerBonus: 0,
    defenderBonus: 0,
    ties: 'defender',
    stopAt: 1,
    ...battle,
  };
  const memo = new Map<string, Fraction>();
  const tables = new Map<string, Fraction[]>();
  const win = (a: number, d: number): Fraction => {
    if (d === 0) return { num: 1n, den: 1n };
    if (a <= b.stopAt || a < 2) return { num: 0n, den: 1n };
    const key = `${a},${d}`;
    const known = memo.get(key);
    if (known) return known;
    const nA = Math.min(b.attackerDice, a - 1);
    const nD = Math.min(b.defenderDice, d);
    const tk = `${nA},${nD}`;
    const table = tables.get(tk) ?? round(nA, nD, b);
    tables.set(tk, table);
    const pairs = table.length - 1;
    let p: Fraction = { num: 0n, den: 1n };
    table.forEach((q, lost) => {
      if (q.num !== 0n) p = add(p, times(q, win(a - lost, d - (pairs - lost))));
    });
    memo.set(key, p);
    return p;
  };
  return win(b.attackers, b.defenders);
}

export const isOne = (f: Fraction) => f.num === f.den;
export const isZero = (f: Fraction) => f.num === 0n;
