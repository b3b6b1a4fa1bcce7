/**
 * The standard normal distribution's two-sided tail: the p-value of a z statistic, from the
 * complementary error function (Numerical Recipes' erfcc, a Chebyshev fit with fractional error below
 * 1.2e-7 everywhere: far below what separates a p-value from a 5% level).
 *
 * @example
 * twoSidedP(1.959963984540054) // 0.05 (to 7 digits)
 * twoSidedP(0) // 1
 */

/** erfc(x), x >= 0 or not, to a fractional error below 1.2e-7. */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -z * z -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const r = t * Math.exp(poly);
  return x >= 0 ? r : 2 - r;
}

/** P(|Z| >= |z|) for a standard normal Z. */
export function twoSidedP(z: number): number {
  if (!Number.isFinite(z)) return Number.isNaN(z) ? NaN : 0;
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}
