/**
 * Pairs points of two sets on a line, closest first: the pair at the smallest distance is taken, then the
 * closest of what is left, and so on, until one side runs out. Equal distances go to the pair lower on the line.
 *
 * The closest remaining pair is always next to each other once the taken points are removed (anything
 * between them would be closer to one of them), so only neighbours are compared: O(n log n) for n points,
 * where comparing every pair would be O(n²).
 */
export function nearestPairs(left: readonly number[], right: readonly number[]): [number, number][] {
  if (left.length === 0 || right.length === 0) return [];
  if (left.length === 1 && right.length === 1) return [[0, 0]];
  const count = left.length + right.length;
  // Point i is left[i] for i < left.length, else right[i - left.length].
  const valueOf = (point: number): number =>
    point < left.length ? (left[point] as number) : (right[point - left.length] as number);
  // Equal values alternate sides in the order given, so equal points pair in order.
  const rankOnItsSide = (point: number): number => (point < left.length ? point : point - left.length);
  const order = Array.from({ length: count }, (_, point) => point);
  order.sort((a, b) => valueOf(a) - valueOf(b) || rankOnItsSide(a) - rankOnItsSide(b) || a - b);
  const values = Float64Array.from(order, valueOf);
  const isLeft = Uint8Array.from(order, (point) => (point < left.length ? 1 : 0));
  const previous = Int32Array.from(order, (_, position) => position - 1);
  const next = Int32Array.from(order, (_, position) => position + 1);
  const taken = new Uint8Array(count);

  const heap = new NeighbourHeap();
  const offer = (position: number): void => {
    if (position < 0) return;
    const after = next[position] as number;
    if (after < count && isLeft[position] !== isLeft[after])
      heap.push((values[after] as number) - (values[position] as number), position, after);
  };
  for (let position = 0; position + 1 < count; position++) offer(position);

  const pairs: [number, number][] = [];
  const wanted = Math.min(left.length, right.length);
  while (pairs.length < wanted) {
    const top = heap.pop();
    if (top === undefined) break;
    const [low, high] = top;
    if (taken[low] === 1 || taken[high] === 1 || next[low] !== high) continue;
    taken[low] = 1;
    taken[high] = 1;
    const before = previous[low] as number;
    const after = next[high] as number;
    if (before >= 0) next[before] = after;
    if (after < count) previous[after] = before;
    offer(before);
    const [leftPoint, rightPoint] = isLeft[low] === 1 ? [order[low], order[high]] : [order[high], order[low]];
    pairs.push([leftPoint as number, (rightPoint as number) - left.length]);
  }
  return pairs;
}

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
