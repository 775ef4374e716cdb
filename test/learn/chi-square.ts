/**
 * Pearson's chi-square against an exact law, for the tests that compare a sampler's draws with the law it
 * should follow. The tail is the regularised upper incomplete gamma Q(df/2, x/2) (series below a+1, Lentz's
 * continued fraction above, as in Numerical Recipes), so the tests can ask for a tail far beyond noise.
 */

/** ln Γ(z) for z > 0 (Lanczos, g = 7, nine terms: about 15 digits). */
function lnGamma(z: number): number {
  const c = [
    0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406,
    12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - lnGamma(1 - z);
  const x = z - 1;
  let sum = c[0] ?? 1;
  for (let i = 1; i < 9; i++) sum += (c[i] ?? 0) / (x + i);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Q(a, x) = Γ(a, x) / Γ(a), the regularised upper incomplete gamma. */
function upperGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = -x + a * Math.log(x) - lnGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return Math.max(0, 1 - sum * Math.exp(front));
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return Math.exp(front) * h;
}

/** P(χ² with `df` degrees of freedom ≥ x). */
export function chiSquareTail(x: number, df: number): number {
  return upperGamma(df / 2, x / 2);
}

export interface ChiSquare {
  /** Pearson's statistic over the cells of the law. */
  readonly statistic: number;
  /** Cells less one. */
  readonly df: number;
  /** P(χ² ≥ statistic) were the draws from the law. */
  readonly tail: number;
  /** Draws that fell on no cell of the law (the law gives them 0: one is already a failure). */
  readonly outside: number;
}

/**
 * Draws (counts by cell key) against a law (probabilities by cell key, summing to 1). A law of one cell
 * has no degrees of freedom: the statistic is 0 and only `outside` can fail.
 */
export function pearson(counts: ReadonlyMap<string, number>, law: ReadonlyMap<string, number>): ChiSquare {
  let draws = 0;
  for (const count of counts.values()) draws += count;
  let statistic = 0;
  for (const [cell, p] of law) {
    const expected = p * draws;
    const observed = counts.get(cell) ?? 0;
    statistic += (observed - expected) ** 2 / expected;
  }
  let outside = 0;
  for (const [cell, count] of counts) if (!law.has(cell)) outside += count;
  const df = law.size - 1;
  return { statistic, df, tail: df > 0 ? chiSquareTail(statistic, df) : 1, outside };
}
