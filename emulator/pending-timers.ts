/**
 * The only timers the emulator has: injected latency and slow bodies. They are tracked so that stopping the
 * emulator cancels them instead of keeping the process alive until they fire.
 */
export class PendingTimers {
  readonly #timers = new Set<NodeJS.Timeout>();

  after(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      run();
    }, ms);
    this.#timers.add(timer);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.after(ms, resolve);
    });
  }

  clear(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
