import { describe, expect, it } from 'vitest';
import { nearestPairs } from '../../../src/new-findings/nearest-pairs.ts';

/** Every pairing of the smaller side into the larger one, for checking small cases exhaustively. */
function closestFirstByBruteForce(left: number[], right: number[]): [number, number][] {
  const pairs: [number, number][] = [];
  const leftTaken = new Set<number>();
  const rightTaken = new Set<number>();
  for (;;) {
    let best: [number, number, number] | undefined;
    left.forEach((a, i) => {
      if (leftTaken.has(i)) return;
      right.forEach((b, j) => {
        if (rightTaken.has(j)) return;
        const distance = Math.abs(a - b);
        if (!best || distance < best[2]) best = [i, j, distance];
      });
    });
    if (!best) return pairs;
    leftTaken.add(best[0]);
    rightTaken.add(best[1]);
    pairs.push([best[0], best[1]]);
  }
}

/** A seeded generator of whole numbers below a bound. */
function randomBelow(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

const sorted = (pairs: [number, number][]) => [...pairs].sort((a, b) => a[0] - b[0]);

describe('nearestPairs', () => {
  it.each([
    { left: [], right: [1, 2], pairs: [] },
    { left: [5], right: [90], pairs: [[0, 0]] },
    { left: [15, 21], right: [20], pairs: [[1, 0]] },
    {
      left: [15, 21],
      right: [10, 20],
      pairs: [
        [0, 0],
        [1, 1],
      ],
    },
    {
      left: [12, 22, 32],
      right: [10, 20, 30],
      pairs: [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
    },
    {
      left: [7, 7],
      right: [7, 7],
      pairs: [
        [0, 0],
        [1, 1],
      ],
    },
    { left: [1, 100], right: [50], pairs: [[0, 0]] },
  ])('pairs $left with $right as $pairs', ({ left, right, pairs }) => {
    expect(sorted(nearestPairs(left, right))).toEqual(pairs);
  });

  it('takes the closest pair first, like comparing every pair, on random lines', () => {
    const most = 8;
    const random = randomBelow(7);
    for (let round = 0; round < 300; round++) {
      const left = Array.from({ length: random(most) }, () => random(60));
      const right = Array.from({ length: random(most) }, () => random(60));
      const pairs = nearestPairs(left, right);
      const reference = closestFirstByBruteForce(left, right);
      expect(pairs).toHaveLength(reference.length);
      // Ties may be broken differently; the distances taken, in order, are the same.
      const distances = (list: [number, number][]) =>
        list.map(([i, j]) => Math.abs((left[i] as number) - (right[j] as number))).sort((a, b) => a - b);
      expect(distances(pairs)).toEqual(distances(reference));
      expect(new Set(pairs.map(([i]) => i)).size).toBe(pairs.length);
      expect(new Set(pairs.map(([, j]) => j)).size).toBe(pairs.length);
    }
  });

  it('pairs the same whether it scans the neighbours or keeps them in a heap', () => {
    const random = randomBelow(11);
    for (let round = 0; round < 300; round++) {
      const left = Array.from({ length: random(40) }, () => random(60));
      const right = Array.from({ length: random(40) }, () => random(60));
      expect(nearestPairs(left, right, 0)).toEqual(nearestPairs(left, right, Number.POSITIVE_INFINITY));
    }
  });

  it('pairs 100,000 points on each side', () => {
    const left = Array.from({ length: 100_000 }, (_, i) => i * 3);
    const right = Array.from({ length: 100_000 }, (_, i) => i * 3 + 1);
    const pairs = nearestPairs(left, right);
    expect(pairs).toHaveLength(100_000);
    expect(pairs.every(([i, j]) => i === j)).toBe(true);
  });
});
