/**
 * Pairs points of two sets on a line, closest first: the pair at the smallest distance is taken, then the
 * closest of what is left, and so on, until one side runs out. Equal distances go to the pair lower on the line.
 *
 * The closest remaining pair is always next to each other once the taken points are removed (anything
 * between them would be closer to one of them), so only neighbours are compared: O(n log n) for n points,
 * where comparing every pair would be O(n²).
 */
export function nearestPairs(
  left: readonly number[],
  right: readonly number[],
  /** Up to this many points, neighbours are scanned for the closest; above it, kept in a heap. Same result. */
  scanUpTo = SCAN_UP_TO,
): [number, number][] {
  if (left.length === 0 || right.length === 0) return [];
  if (left.length + right.length === 2) return [[0, 0]];
  const line = new PointLine(left, right, scanUpTo);
  const pairs: [number, number][] = [];
  const wanted = Math.min(left.length, right.length);
  while (pairs.length < wanted) {
    const low = line.closest();
    if (low < 0) break;
    pairs.push(line.take(low));
  }
  return pairs;
}

/**
 * The points of both sets in order on the line, as a list linked both ways that taken pairs leave. Point i is
 * left[i] for i < left.length, else right[i - left.length]; a position is a point's place in the order.
 */
class PointLine {
  readonly #leftCount: number;
  readonly #count: number;
  /** The point at each position. */
  readonly #order: number[];
  readonly #values: number[] = [];
  readonly #isLeft: boolean[] = [];
  readonly #previous: number[] = [];
  readonly #next: number[] = [];
  readonly #heap: NeighbourHeap | undefined;
  #first = 0;

  constructor(left: readonly number[], right: readonly number[], scanUpTo: number) {
    const leftCount = left.length;
    this.#leftCount = leftCount;
    this.#count = leftCount + right.length;
    const valueOf = (point: number): number =>
      point < leftCount ? (left[point] as number) : (right[point - leftCount] as number);
    this.#order = inOrder(this.#count, leftCount, valueOf);
    for (let position = 0; position < this.#count; position++) {
      const point = this.#order[position] as number;
      this.#values.push(valueOf(point));
      this.#isLeft.push(point < leftCount);
      this.#previous.push(position - 1);
      this.#next.push(position + 1);
    }
    this.#heap = this.#count > scanUpTo ? new NeighbourHeap() : undefined;
    if (this.#heap)
      for (let position = 0; position + 1 < this.#count; position++)
        if (this.#neighbours(position)) this.#heap.push(this.#distance(position), position, position + 1);
  }

  /** The lower position of the closest pair of neighbours from the two sets, or -1 when none is left. */
  closest(): number {
    return this.#heap ? this.#closestInHeap(this.#heap) : this.#closestByScan();
  }

  /** Takes the pair at `low` and the position after it out of the line: [index in left, index in right]. */
  take(low: number): [number, number] {
    const previous = this.#previous;
    const next = this.#next;
    const high = next[low] as number;
    const before = previous[low] as number;
    const after = next[high] as number;
    if (before >= 0) next[before] = after;
    else this.#first = after;
    if (after < this.#count) previous[after] = before;
    // Taken points leave the list; their neighbours become each other's.
    next[low] = -1;
    previous[high] = -1;
    if (this.#heap && this.#neighbours(before)) this.#heap.push(this.#distance(before), before, after);
    const [leftPoint, rightPoint] = this.#isLeft[low]
      ? [this.#order[low], this.#order[high]]
      : [this.#order[high], this.#order[low]];
    return [leftPoint as number, (rightPoint as number) - this.#leftCount];
  }

  #closestInHeap(heap: NeighbourHeap): number {
    for (let top = heap.pop(); top !== undefined; top = heap.pop()) {
      const [low, high] = top;
      // A pair pushed before one of its points was taken is stale.
      if (this.#next[low] === high && this.#previous[high] === low && this.#neighbours(low)) return low;
    }
    return -1;
  }

  #closestByScan(): number {
    let best = -1;
    let bestDistance = Infinity;
    for (let position = this.#first; position < this.#count; position = this.#next[position] as number) {
      if (this.#neighbours(position) && this.#distance(position) < bestDistance) {
        best = position;
        bestDistance = this.#distance(position);
      }
    }
    return best;
  }

  /** The point at `position` and the next one are of different sets. */
  #neighbours(position: number): boolean {
    const after = this.#next[position] as number;
    return position >= 0 && after < this.#count && this.#isLeft[position] !== this.#isLeft[after];
  }

  #distance(position: number): number {
    return (this.#values[this.#next[position] as number] as number) - (this.#values[position] as number);
  }
}

/** The points by value; equal values alternate sides in the order given, so equal points pair in order. */
function inOrder(count: number, leftCount: number, valueOf: (point: number) => number): number[] {
  const rankOnItsSide = (point: number): number => (point < leftCount ? point : point - leftCount);
  const order: number[] = [];
  for (let point = 0; point < count; point++) order.push(point);
  order.sort((a, b) => valueOf(a) - valueOf(b) || rankOnItsSide(a) - rankOnItsSide(b) || a - b);
  return order;
}

/** Up to this many points (nearly every group of findings), scanning is cheaper than keeping a heap. */
const SCAN_UP_TO = 32;

/** A binary min-heap of neighbouring positions, by distance, then by the lower position. */
class NeighbourHeap {
  readonly #distances: number[] = [];
  readonly #lows: number[] = [];
  readonly #highs: number[] = [];

  push(distance: number, low: number, high: number): void {
    this.#distances.push(distance);
    this.#lows.push(low);
    this.#highs.push(high);
    let child = this.#distances.length - 1;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.#before(child, parent)) break;
      this.#swap(child, parent);
      child = parent;
    }
  }

  pop(): [number, number] | undefined {
    const size = this.#distances.length;
    if (size === 0) return undefined;
    const top: [number, number] = [this.#lows[0] as number, this.#highs[0] as number];
    this.#swap(0, size - 1);
    this.#distances.pop();
    this.#lows.pop();
    this.#highs.pop();
    let parent = 0;
    for (;;) {
      const first = 2 * parent + 1;
      const second = first + 1;
      let smallest = parent;
      if (first < size - 1 && this.#before(first, smallest)) smallest = first;
      if (second < size - 1 && this.#before(second, smallest)) smallest = second;
      if (smallest === parent) break;
      this.#swap(parent, smallest);
      parent = smallest;
    }
    return top;
  }

  #before(a: number, b: number): boolean {
    const da = this.#distances[a] as number;
    const db = this.#distances[b] as number;
    return da < db || (da === db && (this.#lows[a] as number) < (this.#lows[b] as number));
  }

  #swap(a: number, b: number): void {
    for (const array of [this.#distances, this.#lows, this.#highs]) {
      const held = array[a] as number;
      array[a] = array[b] as number;
      array[b] = held;
    }
  }
}
