import type { Logger, ServiceClient } from '../client/index.ts';
import type { Repository } from '../client/types.ts';
import type { FleetRunOptions } from './fleet-options.ts';
import type { RepositoryOutcome } from './rollup.ts';

/** What a face gives the fleet: the client (one for the process), its log, and the user's stop. */
export interface FleetIo {
  client: ServiceClient;
  log: Logger;
  /** Aborted on Ctrl-C (or the runner's cancel): the fleet cancels every scan it started that still runs. */
  stopSignal: AbortSignal;
  now: () => number;
}

/** What the fleet learnt: one outcome per repository given, in the order given, and why it stopped early. */
export interface FleetRunResult {
  outcomes: RepositoryOutcome[];
  /**
   * `key-refused`: a 401 (or a 403 on a start) stopped new starts, and the rest are not judged (exit 3).
   * `interrupted`: the user's stop; the scans the fleet started were cancelled (exit 130).
   */
  stoppedBy: 'key-refused' | 'interrupted' | undefined;
}

/**
 * Scans the given repositories (already selected and sharded by the face) from one process. Never throws for one
 * repository's fault: that repository is reported as not judged, with why.
 */
export function runFleet(
  repositories: readonly Repository[],
  options: FleetRunOptions,
  io: FleetIo,
): Promise<FleetRunResult> {
  void repositories;
  void options;
  void io;
  return Promise.reject(new Error('svc fleet: the engine is not built yet'));
}
