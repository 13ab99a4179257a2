/**
 * What the emulator received and did, for tests and benchmarks to assert on (`GET /_emulator/stats`).
 * Requests are keyed by "METHOD /path-template"; control requests are not counted.
 */

export type StatsEvent =
  | 'scans_created'
  | 'cancels'
  | 'remediations_created'
  | 'ai_analyses_created'
  | 'api_keys_created'
  | 'api_keys_revoked'
  | 'rate_limited';

export interface StatsSnapshot {
  since: string;
  requests_total: number;
  requests: Record<string, number>;
  responses_by_status: Record<string, number>;
  bytes_sent: number;
  scans_created: number;
  cancels: number;
  remediations_created: number;
  ai_analyses_created: number;
  api_keys_created: number;
  api_keys_revoked: number;
  rate_limited: number;
  /** The most scans of one organization that were running at once, counted at each start. */
  scans_running_peak: number;
  faults_injected: Record<string, number>;
  faults_injected_total: number;
}

export class Stats {
  #since = new Date();
  #requestsTotal = 0;
  #bytesSent = 0;
  readonly #requests = new Map<string, number>();
  readonly #statuses = new Map<string, number>();
  readonly #events = new Map<StatsEvent, number>();
  readonly #faults = new Map<string, number>();
  #scansRunningPeak = 0;

  request(template: string): void {
    this.#requestsTotal++;
    bump(this.#requests, template);
  }

  response(status: number, bytes: number): void {
    bump(this.#statuses, String(status));
    this.#bytesSent += bytes;
  }

  event(name: StatsEvent): void {
    bump(this.#events, name);
  }

  /** `running` scans of the organization are running now, the one just started included. */
  scansRunning(running: number): void {
    this.#scansRunningPeak = Math.max(this.#scansRunningPeak, running);
  }

  fault(kind: string): void {
    bump(this.#faults, kind);
  }

  reset(): void {
    this.#since = new Date();
    this.#requestsTotal = 0;
    this.#bytesSent = 0;
    this.#requests.clear();
    this.#statuses.clear();
    this.#events.clear();
    this.#faults.clear();
    this.#scansRunningPeak = 0;
  }

  snapshot(): StatsSnapshot {
    const faults = Object.fromEntries(this.#faults);
    const event = (name: StatsEvent): number => this.#events.get(name) ?? 0;
    return {
      since: this.#since.toISOString(),
      requests_total: this.#requestsTotal,
      requests: Object.fromEntries(this.#requests),
      responses_by_status: Object.fromEntries(this.#statuses),
      bytes_sent: this.#bytesSent,
      scans_created: event('scans_created'),
      cancels: event('cancels'),
      remediations_created: event('remediations_created'),
      ai_analyses_created: event('ai_analyses_created'),
      api_keys_created: event('api_keys_created'),
      api_keys_revoked: event('api_keys_revoked'),
      rate_limited: event('rate_limited'),
      scans_running_peak: this.#scansRunningPeak,
      faults_injected: faults,
      faults_injected_total: Object.values(faults).reduce((sum, count) => sum + count, 0),
    };
  }
}

function bump<K>(counts: Map<K, number>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
