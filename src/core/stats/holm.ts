/**
 * Holm's step-down correction for testing many hypotheses at once (Holm 1979): it keeps the chance of
 * calling any true null hypothesis false (the family-wise error) at most the level, and rejects at least
 * what Bonferroni rejects. The p-values sorted from the smallest, the k-th (from 0) is compared with
 * level / (m - k) until one is not below it; the adjusted p-value of the k-th is the running maximum of
 * (m - k) p, capped at 1, and a hypothesis is rejected exactly when its adjusted p-value is at most the level.
 *
 * @example
 * // Wikipedia's worked example: four hypotheses, level 5%.
 * holm([0.01, 0.04, 0.03, 0.005])
 * // adjusted [0.03, 0.06, 0.06, 0.02]; rejected at 5%: the first and the last
 */
export function holm(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, k) => {
    running = Math.max(running, Math.min(1, (m - k) * p));
    adjusted[i] = running;
  });
  return adjusted;
}
