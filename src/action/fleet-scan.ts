import type { Logger, ServiceClient } from '../client/index.ts';
import type { Repository } from '../client/types.ts';
import { fleetExitCode, FLEET_EXIT } from '../fleet/fleet-exit.ts';
import type { FleetGitHub } from '../fleet/fleet-github.ts';
import type { FleetOptions, FleetSelection } from '../fleet/fleet-options.ts';
import { fleetPart, rollUpOfPart, selectionWarnings, type FleetPart } from '../fleet/fleet-part.ts';
import type { StartSeal } from '../fleet/start-seal.ts';
import { emptyRun, runFleet } from '../fleet/run-fleet.ts';
import { FleetUsageError } from '../fleet/fleet-usage-error.ts';
import type { FleetRollUp, RollUpTotals } from '../fleet/rollup.ts';
import { renderRollUpMarkdown } from '../fleet/rollup-markdown.ts';
import { formatShard } from '../fleet/shard.ts';
import { RunError } from '../run/run-error.ts';

/** What the fleet mode hands the fleet: the process's one client, the log, the runner's stop, the clock. */
export interface FleetScanIo {
  client: ServiceClient;
  log: Logger;
  /** Aborted when the runner cancels the workflow: the fleet cancels every scan it started that still runs. */
  stopSignal: AbortSignal;
  now: () => number;
  /** Every secret the step knows, taken out of what the fleet writes to its ledger. */
  scrub: (text: string) => string;
  /** Seals the ledger's started lines: the post step cancels only those. */
  seal: StartSeal;
  /** The GitHub App's access, checked already, when the workflow gave one. */
  github?: FleetGitHub | undefined;
}

/** The roll-up, its markdown, the exit code svc would give, and one line saying why. */
export interface FleetVerdict {
  rollUp: FleetRollUp;
  markdown: string;
  exitCode: number;
  reason: string;
}

/**
 * The fleet, as the action runs it: the repositories listed once, selected and sharded, scanned, rolled up and
 * judged. A selection of no repository is the user's mistake (svc: exit 2); an empty shard passes, saying so.
 */
export async function scanFleet(options: FleetOptions, io: FleetScanIo): Promise<FleetVerdict> {
  const part = partOf(await listRepositories(io.client, options.selection, io.stopSignal), options);
  for (const warning of selectionWarnings(part)) io.log.warning(`Input 'repositories': ${warning}`);
  const shard = options.shard ? ` (shard ${formatShard(options.shard)})` : '';
  io.log.info(
    `Scanning ${part.repositories.length} of the ${part.selected.length} repositories selected${shard}, ` +
      `at most ${options.concurrency} at a time.`,
  );
  const result =
    part.repositories.length === 0 ? emptyRun(io.now()) : await runFleet(part.repositories, options, io);
  const rollUp = rollUpOfPart(part, result, options);
  const exitCode = fleetExitCode(rollUp);
  return { rollUp, markdown: renderRollUpMarkdown(rollUp), exitCode, reason: reasonOf(rollUp, exitCode) };
}

/** The service's listing, once, all pages (of the project, when one is selected). */
async function listRepositories(
  client: ServiceClient,
  selection: FleetSelection,
  signal: AbortSignal,
): Promise<Repository[]> {
  const params = selection.kind === 'project' ? { project_id: selection.projectId } : {};
  const listing: Repository[] = [];
  for await (const repository of client.iterateRepositories(params, { signal })) listing.push(repository);
  return listing;
}

/** The selection, or the user's mistake in the words of the input that made it. */
function partOf(listing: readonly Repository[], options: FleetOptions): FleetPart {
  try {
    return fleetPart(listing, options);
  } catch (error) {
    if (error instanceof FleetUsageError) throw new RunError(`Input 'repositories': ${error.message}`);
    throw error;
  }
}

/** How many of those not judged are so because their scan failed, when any. */
function scansFailed(totals: RollUpTotals): string {
  if (totals.scan_failed === 0) return '';
  return totals.scan_failed === 1
    ? ' (1 because its scan failed)'
    : ` (${totals.scan_failed} because their scan failed)`;
}

/** One line for the step's result, as the exit code decides it. */
function reasonOf(rollUp: FleetRollUp, exitCode: number): string {
  const { totals } = rollUp;
  switch (exitCode) {
    case FLEET_EXIT.passed:
      return totals.repositories === 0
        ? 'This shard holds none of the repositories selected: nothing to scan.'
        : `Every one of the ${totals.repositories} repositories passed the gate.`;
    case FLEET_EXIT.failed:
      return (
        `${totals.failed} of ${totals.repositories} repositories failed the gate (fail-on: ${rollUp.fail_on})` +
        `${totals.not_judged > 0 ? `; ${totals.not_judged} could not be judged` : ''}. The job summary lists them.`
      );
    case FLEET_EXIT.keyRefused:
      return `The service refused the key: no scan was started after it, and ${totals.not_judged} repositories were not judged.`;
    case FLEET_EXIT.interrupted:
      return `The workflow was cancelled: the scans the fleet started that still ran were cancelled, and ${totals.not_judged} repositories were not judged.`;
    default:
      return `${totals.not_judged} of ${totals.repositories} repositories could not be judged${scansFailed(totals)}; none failed the gate. The job summary says why.`;
  }
}
