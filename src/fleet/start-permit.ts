import type { AuthError, ServiceClient } from '../client/index.ts';
import type { RunDeadline } from '../run/run-deadline.ts';

export interface StartPermitScope {
  client: Pick<ServiceClient, 'getUsage'>;
  deadline: RunDeadline;
  stopSignal: AbortSignal;
  waitTimeoutSeconds: number;
  /** No scan starts while the remaining credits are below this; undefined: credits are not read. */
  minCredits: number | undefined;
}

/**
 * Whether the fleet may start one more scan, asked before each start: not after the user's stop, a refused key,
 * the deadline, or once the remaining credits fell below min-credits (they only fall while scans run, so the
 * fleet then starts nothing more). Each reason not to start is the one the roll-up gives the repository.
 */
export class StartPermit {
  readonly #scope: StartPermitScope;
  #keyRefused: string | undefined;
  #creditsShort: string | undefined;

  constructor(scope: StartPermitScope) {
    this.#scope = scope;
  }

  get keyRefused(): boolean {
    return this.#keyRefused !== undefined;
  }

  /** A 401 (or a 403 on a start): no scan starts after it. */
  refuseKey(error: AuthError): void {
    this.#keyRefused ??= `the service refused the API key (${error.message})`;
  }

  /** Why no scan may start now, or undefined when one may. */
  async refusal(): Promise<string | undefined> {
    const standing = this.standingRefusal();
    if (standing !== undefined) return standing;
    if (this.#scope.minCredits === undefined) return undefined;
    await this.#checkCredits(this.#scope.minCredits);
    return this.standingRefusal();
  }

  /** Why no scan may start now, from what is known without a request (credits as last read). */
  standingRefusal(): string | undefined {
    const { stopSignal, deadline, waitTimeoutSeconds } = this.#scope;
    if (stopSignal.aborted) return 'not started: the run was interrupted';
    if (this.#keyRefused !== undefined) return `not started: ${this.#keyRefused}`;
    if (deadline.expired)
      return `not started: wait-timeout (${waitTimeoutSeconds} s) ran out before its turn`;
    return this.#creditsShort;
  }

  async #checkCredits(minCredits: number): Promise<void> {
    try {
      const usage = await this.#scope.client.getUsage({ signal: this.#scope.deadline.signal });
      if (usage.remaining_credits < minCredits) {
        this.#creditsShort ??= `not started for lack of credits: ${usage.remaining_credits} remained, below min-credits ${minCredits}`;
      }
    } catch (error) {
      if (this.standingRefusal() !== undefined) return;
      const reason = error instanceof Error ? error.message : String(error);
      this.#creditsShort ??= `not started: the remaining credits could not be read (${reason}), and min-credits ${minCredits} is set`;
    }
  }
}
