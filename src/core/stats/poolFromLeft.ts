/**
 * Adjacent bins of two parallel series pooled from the left, as a chi-square test pools bins
 * too small to count on: a pool closes as soon as its two sums are `enough`, and what is left
 * after the last closed pool joins it (no pool closes: nothing is returned).
 *
 * @example
 * poolFromLeft(3, (i) => [5, 1, 1][i], (i) => [5, 1, 1][i], (a, b) => a + b >= 4)
 * // { first: [7], second: [7] }
 */
export function poolFromLeft(
  length: number,
  firstAt: (i: number) => number,
  secondAt: (i: number) => number,
  enough: (first: number, second: number) => boolean,
): { first: number[]; second: number[] } {
  const first: number[] = [];
  const second: number[] = [];
  let accFirst = 0;
  let accSecond = 0;
  for (let i = 0; i < length; i++) {
    accFirst += firstAt(i);
    accSecond += secondAt(i);
    if (enough(accFirst, accSecond)) {
      first.push(accFirst);
      second.push(accSecond);
      accFirst = 0;
      accSecond = 0;
    }
  }
  if (first.length > 0) {
    first[first.length - 1] += accFirst;
    second[second.length - 1] += accSecond;
  }
  return { first, second };
}
