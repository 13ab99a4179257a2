/**
 * Runs `task` on every item, at most `concurrency` at once (never more), taking the items in order; returns the
 * results in the items' order. A task should not throw: one that does ends the pool with its error.
 */
export async function runPool<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(concurrency), items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
