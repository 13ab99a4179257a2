import type { Logger, ServiceClient } from '../client/index.ts';
import type { FleetOptions } from './fleet-options.ts';
import type { FleetRollUp } from './rollup.ts';

/** What a face gives the fleet: the client (one for the process), its log, and the user's stop. */
export interface FleetIo {
  client: ServiceClient;
  log: Logger;
  /** Aborted on Ctrl-C (or the runner's cancel): the fleet cancels every scan it started that still runs. */
  stopSignal: AbortSignal;
  now: () => number;
}

/**
 * Scans the fleet's repositories (this shard's part) from one process and returns the roll-up. Never throws for
 * one repository's fault: that repository is reported. Throws a usage error for a selection of no repository.
 */
export function runFleet(options: FleetOptions, io: FleetIo): Promise<FleetRollUp> {
  void options;
  void io;
  return Promise.reject(new Error('svc fleet: the engine is not built yet'));
}
