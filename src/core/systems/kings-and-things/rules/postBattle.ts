/**
 * The post-battle roll (11.72): one die for each fort, city, village and special income
 * counter in the hex, whoever won and whether or not it was hit. On 1 or 6 a city,
 * village or income counter is destroyed and a fort drops one level (castle -> keep ->
 * tower -> gone); citadels are never reduced. In-battle damage is then repaired (11.73).
 */
import type { Xoshiro128 } from '../../../random/xoshiro128.js';
import { die } from '../../../random/dice.js';

/** P(a post-battle die shows 1 or 6). */
export const DAMAGE_CHANCE = 1 / 3;

export function rollFortAfter(level: number, rng: Xoshiro128): number {
  if (level < 1 || level > 3) return level;
  const d = die(rng, 6);
  return d === 1 || d === 6 ? level - 1 : level;
}

export function rollSpecialsDestroyed(specials: number, rng: Xoshiro128): number {
  let destroyed = 0;
  for (let i = 0; i < specials; i++) {
    const d = die(rng, 6);
    if (d === 1 || d === 6) destroyed++;
  }
  return destroyed;
}

/** Exact distribution of the fort level after the roll, index = level 0..4. */
export function fortAfterDistribution(level: number): number[] {
  const out = [0, 0, 0, 0, 0];
  if (level < 1 || level > 3) out[level] = 1;
  else {
    out[level] = 1 - DAMAGE_CHANCE;
    out[level - 1] = DAMAGE_CHANCE;
  }
  return out;
}

/** Exact Binomial(specials, 1/3) distribution of counters destroyed. */
export function specialsDestroyedDistribution(specials: number): number[] {
  let dist = [1];
  for (let i = 0; i < specials; i++) {
    const next = new Array<number>(dist.length + 1).fill(0);
    for (let k = 0; k < dist.length; k++) {
      next[k] += dist[k] * (1 - DAMAGE_CHANCE);
      next[k + 1] += dist[k] * DAMAGE_CHANCE;
    }
    dist = next;
  }
  return dist;
}
