/**
 * The emulator's clock: the start option's clock (the real time by default) plus an offset that tests and the
 * control endpoint move forward, so an installation token's hour, a JWT's ten minutes and a rate-limit window
 * pass without waiting. Timestamps, token expiry, JWT checks and the per-installation limits all read it.
 */
export class EmulatorClock {
  readonly #base: () => Date;
  #offsetMs = 0;

  constructor(base: () => Date) {
    this.#base = base;
  }

  nowMs(): number {
    return this.#base().getTime() + this.#offsetMs;
  }

  /** GitHub's timestamp form, to the second: `2026-02-01T12:00:00Z`. */
  iso(): string {
    return isoSeconds(this.nowMs());
  }

  get offsetSeconds(): number {
    return this.#offsetMs / 1000;
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0)
      throw new RangeError('advance_s must be a number of seconds, 0 or more');
    this.#offsetMs += seconds * 1000;
  }
}

export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
