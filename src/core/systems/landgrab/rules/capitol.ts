/**
 * Capitol conversion: when a capitol falls, every other territory of its owner passes
 * to the attacker keeping max(1, floor(armies * r / 100)) armies, with one conversion
 * ratio r drawn uniformly from 1..100 for the whole conquest.
 *
 * @example
 * convertedArmies([10, 3], 73) // 7 + 2 = 9
 */
export function convertedArmies(territories: readonly number[], ratio: number): number {
  let total = 0;
  for (const armies of territories) total += Math.max(1, Math.floor((armies * ratio) / 100));
  return total;
}

/** Exact distribution of armies converted: index = armies, value = probability. */
export function conversionDistribution(territories: readonly number[]): Float64Array {
  const max = territories.reduce((s, x) => s + x, 0);
  const dist = new Float64Array(max + 1);
  for (let ratio = 1; ratio <= 100; ratio++) dist[convertedArmies(territories, ratio)] += 1 / 100;
  return dist;
}
