import type { Now, Sleep } from './clock.ts';

/**
 * One wait for every request of a client: once the service answers 429 with a Retry-After, no request of the
 * client is sent before that time has passed. A process that drives many scans through one client (a fleet) then
 * backs off as one caller, instead of each of its requests finding the limit on its own and making it worse.
 * A cancel does not wait here (Call.passesRateHold): it ends work on the service, and one held behind a long
 * Retry-After at a deadline or a stop would time out and leave its scan running.
 */
export class RateGate {
  readonly #now: Now;
  readonly #sleep: Sleep;
  #openAt = Number.NEGATIVE_INFINITY;

  constructor(now: Now, sleep: Sleep) {
    this.#now = now;
    this.#sleep = sleep;
  }

  /** Holds every request until `ms` from now (a hold already longer stands); returns when the gate opens. */
  hold(ms: number): number {
    this.#openAt = Math.max(this.#openAt, this.#now() + ms);
    return this.#openAt;
  }

  /**
   * Resolves once no hold is in force; a hold made during the wait is waited out too. `waited` is the opening a
   * caller has waited for already (the retry of the request that was told to wait): no hold up to it stops it.
   */
  async pass(signal?: AbortSignal, waited = Number.NEGATIVE_INFINITY): Promise<void> {
    for (;;) {
      const until = this.#openAt;
      const waitMs = until - this.#now();
      if (until <= waited || !(waitMs > 0)) return;
      await this.#sleep(waitMs, signal);
      if (this.#openAt === until) return;
    }
  }
}
