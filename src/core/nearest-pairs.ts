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
  const leftCount = left.length;
  const count = leftCount + right.length;
  if (leftCount === 0 || right.length === 0) return [];
  if (count === 2) return [[0, 0]];
  // Point i is left[i] for i < leftCount, else right[i - leftCount].
  const valueOf = (point: number): number =>
    point < leftCount ? (left[point] as number) : (right[point - leftCount] as number);
  // Equal values alternate sides in the order given, so equal points pair in order.
  const rankOnItsSide = (point: number): number => (point < leftCount ? point : point - leftCount);
  const order: number[] = [];
  for (let point = 0; point < count; point++) order.push(point);
  order.sort((a, b) => valueOf(a) - valueOf(b) || rankOnItsSide(a) - rankOnItsSide(b) || a - b);
  const values: number[] = [];
  const isLeft: boolean[] = [];
  const previous: number[] = [];
  const next: number[] = [];
  for (let position = 0; position < count; position++) {
    const point = order[position] as number;
    values.push(valueOf(point));
    isLeft.push(point < leftCount);
    previous.push(position - 1);
    next.push(position + 1);
  }
  const neighbours = (position: number): boolean => {
    const after = next[position] as number;
    return position >= 0 && after < count && isLeft[position] !== isLeft[after];
  };
  const distance = (position: number): number =>
    (values[next[position] as number] as number) - (values[position] as number);

  const heap = count > scanUpTo ? new NeighbourHeap() : undefined;
  if (heap)
    for (let position = 0; position + 1 < count; position++)
      if (neighbours(position)) heap.push(distance(position), position, position + 1);
  let first = 0;
  const closest = (): number => {
    if (heap) {
      for (let top = heap.pop(); top !== undefined; top = heap.pop()) {
        const [low, high] = top;
        if (next[low] === high && previous[high] === low && neighbours(low)) return low;
      }
      return -1;
    }
    let best = -1;
    let bestDistance = Infinity;
    for (let position = first; position < count; position = next[position] as number) {
      if (neighbours(position) && distance(position) < bestDistance) {
        best = position;
        bestDistance = distance(position);
      }
    }
    return best;
  };

  const pairs: [number, number][] = [];
  const wanted = Math.min(leftCount, right.length);
  while (pairs.length < wanted) {
    const low = closest();
    if (low < 0) break;
    const high = next[low] as number;
    const before = previous[low] as number;
    const after = next[high] as number;
    if (before >= 0) next[before] = after;
    else first = after;
    if (after < count) previous[after] = before;
    // Taken points leave the list; their neighbours become each other's.
    next[low] = -1;
    previous[high] = -1;
    if (heap && neighbours(before)) heap.push(distance(before), before, after);
    const [leftPoint, rightPoint] = isLeft[low] ? [order[low], order[high]] : [order[high], order[low]];
    pairs.push([leftPoint as number, (rightPoint as number) - leftCount]);
  }
  return pairs;
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
