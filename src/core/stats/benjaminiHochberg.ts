/**
 * The Benjamini-Hochberg step-up correction (1995): it keeps the expected share of false discoveries
 * among the hypotheses rejected at most the level (not the chance of any, as Holm's does: it rejects
 * more when many differ). The p-values sorted from the smallest, the largest k (from 1) with
 * p(k) <= k level / m is found and every hypothesis up to it rejected; the adjusted p-value (q-value)
 * of the k-th is the running minimum from the largest of m p(k) / k, capped at 1.
 *
 * @example
 * // Benjamini and Hochberg's own example (1995, section 4): fifteen p-values, level 5%.
 * benjaminiHochberg([0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459,
 *                    0.324, 0.4262, 0.5719, 0.6528, 0.759, 1])
 * // the first four adjusted to at most 5% (0.0015, 0.003, 0.0095, 0.035625): four rejected
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const adjusted = new Array<number>(m);
  let running = 1;
  for (let k = m - 1; k >= 0; k--) {
    const { p, i } = order[k];
    running = Math.min(running, (m * p) / (k + 1));
    adjusted[i] = Math.min(1, running);
  }
  return adjusted;
}
