/**
 * A slow, obviously correct turn planner for tiny boards, written apart from src/ (it shares no code
 * with it): plain objects and string keys, every placement on every territory of mine, every action
 * before every roll, every move-in, every dice roll of both sides enumerated, every conversion ratio
 * 1..100 taken one by one.
 */
import type { BoardInput } from '../../../../../src/core/systems/landgrab/turn/board.js';

export interface BruteRules {
  attackerDice: number;
  defenderDice: number;
  ties: 'defender' | 'attacker';
  fortressBonus: number;
  leaderBonus: number;
  moveIn: 'dice' | 'one';
  leaderMovesIn: boolean;
  capitolTerritoriesAttack: boolean;
}

export const BRUTE_DEFAULTS: BruteRules = {
  attackerDice: 3,
  defenderDice: 2,
  ties: 'defender',
  fortressBonus: 1,
  leaderBonus: 1,
  moveIn: 'dice',
  leaderMovesIn: false,
  capitolTerritoriesAttack: true,
};

export type BruteObjective =
  | { kind: 'continent'; continent: string }
  | { kind: 'capitol'; player: string }
  | { kind: 'territories' }
  | { kind: 'reinforcements' }
  | { kind: 'value'; territoryWorth: number };

interface Spot {
  owner: string;
  armies: number;
  /** A leader stands here (mine or the owner's). */
  leader: boolean;
  capitol: boolean;
  /** Gained from a capitol this turn when such territories may not attack. */
  mayNotAttack: boolean;
}

type Position = Record<string, Spot>;

/** P(attacker loses i armies) for one round, by rolling every die of both sides. */
function roundLosses(nA: number, nD: number, aBonus: number, dBonus: number, ties: string): number[] {
  const losses = new Array<number>(Math.min(nA, nD) + 1).fill(0);
  const total = 6 ** (nA + nD);
  for (let roll = 0; roll < total; roll++) {
    const dice: number[] = [];
    let rest = roll;
    for (let i = 0; i < nA + nD; i++) {
      dice.push((rest % 6) + 1);
      rest = Math.floor(rest / 6);
    }
    const att = dice.slice(0, nA).sort((x, y) => y - x);
    const def = dice.slice(nA).sort((x, y) => y - x);
    att[0] += aBonus;
    def[0] += dBonus;
    let lost = 0;
    for (let i = 0; i < Math.min(nA, nD); i++) {
      const attackerWins = ties === 'attacker' ? att[i] >= def[i] : att[i] > def[i];
      if (!attackerWins) lost++;
    }
    losses[lost] += 1 / total;
  }
  return losses;
}

export interface BruteAnswer {
  best: number;
  /** Value per placement, keyed "A=2,B=0" over my territories in input order. */
  placements: Map<string, number>;
}

export function bruteForce(
  input: BoardInput,
  objective: BruteObjective,
  changes: Partial<BruteRules> = {},
): BruteAnswer {
  const rules = { ...BRUTE_DEFAULTS, ...changes };
  const me = input.me;
  const names = input.territories.map((t) => t.name);
  const near = (a: string, b: string) => input.links.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const myNames = input.territories.filter((t) => t.owner === me).map((t) => t.name);
  const continents = input.continents ?? [];
  const reinforcementsFor = (owned: number, p: Position) => {
    let bonus = 0;
    for (const c of continents) if (c.territories.every((t) => p[t].owner === me)) bonus += c.bonus;
    return Math.max(3, Math.floor(owned / 3)) + bonus;
  };
  const start: Position = {};
  for (const t of input.territories)
    start[t.name] = {
      owner: t.owner,
      armies: t.armies,
      leader: t.leader ?? false,
      capitol: t.capitol ?? false,
      mayNotAttack: false,
    };
  const reinforcements = input.reinforcements ?? reinforcementsFor(myNames.length, start);

  const final = (p: Position): number => {
    const owned = names.filter((t) => p[t].owner === me);
    switch (objective.kind) {
      case 'continent': {
        const c = continents.find((x) => x.name === objective.continent)!;
        return c.territories.every((t) => p[t].owner === me) ? 1 : 0;
      }
      case 'capitol': {
        const cap = input.territories.find((t) => t.owner === objective.player && t.capitol)!.name;
        return p[cap].owner === me ? 1 : 0;
      }
      case 'territories':
        return owned.length;
      case 'reinforcements':
        return reinforcementsFor(owned.length, p);
      case 'value':
        return owned.reduce((s, t) => s + p[t].armies, 0) + objective.territoryWorth * owned.length;
    }
  };

  const rounds = new Map<string, number[]>();
  const round = (nA: number, nD: number, aBonus: number, dBonus: number) => {
    const key = `${nA},${nD},${aBonus},${dBonus}`;
    if (!rounds.has(key)) rounds.set(key, roundLosses(nA, nD, aBonus, dBonus, rules.ties));
    return rounds.get(key)!;
  };

  const memo = new Map<string, number>();
  const copy = (p: Position): Position => Object.fromEntries(names.map((t) => [t, { ...p[t] }]));

  const value = (p: Position): number => {
    const key = JSON.stringify(p);
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = final(p);
    for (const x of names) {
      const from = p[x];
      if (from.owner !== me || from.armies < 2 || from.mayNotAttack) continue;
      for (const y of names) {
        const to = p[y];
        if (to.owner === me || !near(x, y)) continue;
        const nA = Math.min(rules.attackerDice, from.armies - 1);
        const nD = Math.min(rules.defenderDice, to.armies);
        const aBonus = from.leader ? rules.leaderBonus : 0;
        const dBonus =
          (input.territories.find((t) => t.name === y)!.fortress ? rules.fortressBonus : 0) +
          (to.leader ? rules.leaderBonus : 0);
        const losses = round(nA, nD, aBonus, dBonus);
        let expected = 0;
        losses.forEach((q, lost) => {
          if (q === 0) return;
          const next = copy(p);
          next[x].armies -= lost;
          next[y].armies -= losses.length - 1 - lost;
          expected += q * (next[y].armies === 0 ? conquest(next, x, y, nA) : value(next));
        });
        if (expected > best) best = expected;
      }
    }
    memo.set(key, best);
    return best;
  };

  const conquest = (p: Position, x: string, y: string, nA: number): number => {
    const loser = p[y].owner;
    const wasCapitol = p[y].capitol;
    const taken = copy(p);
    taken[y] = { owner: me, armies: 0, leader: false, capitol: false, mayNotAttack: false };
    if (!wasCapitol) return moveIn(taken, x, y, nA);
    let total = 0;
    for (let r = 1; r <= 100; r++) {
      const converted = copy(taken);
      for (const t of names)
        if (converted[t].owner === loser)
          converted[t] = {
            owner: me,
            armies: Math.max(1, Math.floor((converted[t].armies * r) / 100)),
            leader: false,
            capitol: false,
            mayNotAttack: !rules.capitolTerritoriesAttack,
          };
      total += moveIn(converted, x, y, nA) / 100;
    }
    return total;
  };

  const moveIn = (p: Position, x: string, y: string, nA: number): number => {
    let best = -Infinity;
    const least = rules.moveIn === 'dice' ? nA : 1;
    for (let k = least; k <= p[x].armies - 1; k++) {
      for (const withLeader of rules.leaderMovesIn && p[x].leader ? [false, true] : [false]) {
        const next = copy(p);
        next[x].armies -= k;
        next[y].armies = k;
        if (withLeader) {
          next[x].leader = false;
          next[y].leader = true;
        }
        best = Math.max(best, value(next));
      }
    }
    return best;
  };

  const placements = new Map<string, number>();
  const place = (i: number, left: number, added: number[]) => {
    if (i === myNames.length - 1) {
      const all = [...added, left];
      const p = copy(start);
      myNames.forEach((t, j) => (p[t].armies += all[j]));
      placements.set(myNames.map((t, j) => `${t}=${all[j]}`).join(','), value(p));
      return;
    }
    for (let k = 0; k <= left; k++) place(i + 1, left - k, [...added, k]);
  };
  place(0, reinforcements, []);
  return { best: Math.max(...placements.values()), placements };
}
