import type { Faker } from '@faker-js/faker';

/** Seeded draws through faker's generator, so a fixed seed gives the same data every run. */
export class Rand {
  constructor(readonly faker: Faker) {}

  /** Float in [0, 1). */
  next(): number {
    return this.faker.number.float();
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }

  /** Up to n distinct items. */
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle(items).slice(0, n);
  }
}

/** Draws indexes in proportion to fixed weights (binary search over the running sum). */
export class WeightedSampler {
  private readonly cumulative: Float64Array;
  readonly total: number;

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => {
      sum += Math.max(0, w);
      this.cumulative[i] = sum;
    });
    if (sum <= 0) throw new Error('weights must not all be zero');
    this.total = sum;
  }

  sample(rand: Rand): number {
    const target = rand.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
