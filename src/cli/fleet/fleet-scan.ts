import type { Repository } from '../../client/index.ts';
import { zeroCounts } from '../../core/severity.ts';
import { fleetExitCode } from '../../fleet/fleet-exit.ts';
import type { FleetOptions, FleetSelection } from '../../fleet/fleet-options.ts';
import { selectRepositories } from '../../fleet/fleet-selection.ts';
import { buildRollUp } from '../../fleet/rollup-build.ts';
import { compareRollUps } from '../../fleet/rollup-compare.ts';
import { NOT_STARTED, type RepositoryOutcome } from '../../fleet/rollup.ts';
import { runFleet, type FleetRunResult } from '../../fleet/run-fleet.ts';
import { formatShard, inShard } from '../../fleet/shard.ts';
import type { CommandContext } from '../command-context.ts';
import type { ExitCode } from '../exit-codes.ts';
import { checkWritable } from '../scan/scan-output.ts';
import { terminalInline } from '../terminal-text.ts';
import { fleetScanOptions, type FleetScanFlags } from './fleet-flags.ts';
import { checkRollUpTargets, readRollUpFile, writeRollUp } from './fleet-output.ts';

/** This process's part of the selection: the repositories to scan, and the names asked for that are not listed. */
interface FleetPart {
  repositories: Repository[];
  unknownNames: string[];
  /** Every full name of the selection before sharding (recorded on a shard's roll-up, for merge --allow-missing). */
  selected: string[];
}

/**
 * `svc fleet scan`: every flag and file checked before any request; the repositories listed once, selected and
 * sharded; the fleet run on them (Ctrl-C cancels the scans it started); the roll-up written; the exit code as the
 * roll-up decides. An empty shard writes its (empty) roll-up too, so that the merge finds every shard.
 */
export async function fleetScan(context: CommandContext, flags: FleetScanFlags): Promise<ExitCode> {
  const options = fleetScanOptions(flags, context.io.env);
  checkRollUpTargets(flags);
  if (options.ledgerPath !== undefined) checkWritable(options.ledgerPath, '--ledger');
  const previous = flags.compare === undefined ? undefined : readRollUpFile(flags.compare, '--compare ');
  const part = await selectPart(context, options);
  const shard = options.shard === undefined ? null : formatShard(options.shard);
  if (part.repositories.length === 0 && part.unknownNames.length === 0)
    context.err.line(
      terminalInline(
        `Shard ${shard ?? ''} has none of the ${part.selected.length} repositories selected: nothing to scan.`,
      ),
    );
  const result = await scanPart(context, options, part.repositories);
  const rollUp = buildRollUp(
    { outcomes: [...result.outcomes, ...part.unknownNames.map(notListed)], stoppedBy: result.stoppedBy },
    { shard, failOn: options.failOn, selected: shard === null ? null : part.selected },
  );
  writeRollUp(context, rollUp, flags, previous && compareRollUps(rollUp, previous));
  return fleetExitCode(rollUp);
}

async function selectPart(context: CommandContext, options: FleetOptions): Promise<FleetPart> {
  const listing = await listRepositories(context, options.selection);
  const selected = selectRepositories(listing, options.selection);
  for (const glob of selected.unmatchedGlobs)
    context.err.line(terminalInline(`warning: --repositories ${glob} matches no repository the key sees.`));
  const inPart = (name: string): boolean => inShard(name, options.shard);
  return {
    repositories: selected.repositories.filter((repository) => inPart(repository.full_name)),
    unknownNames: selected.unknownNames.filter(inPart),
    selected: [...selected.repositories.map((repository) => repository.full_name), ...selected.unknownNames],
  };
}

/** The service's listing, once, all pages (of the project, when one is selected). */
async function listRepositories(context: CommandContext, selection: FleetSelection): Promise<Repository[]> {
  const params = selection.kind === 'project' ? { project_id: selection.projectId } : {};
  const listing: Repository[] = [];
  for await (const repository of context.client().iterateRepositories(params, { signal: context.signal }))
    listing.push(repository);
  return listing;
}

function scanPart(
  context: CommandContext,
  options: FleetOptions,
  repositories: readonly Repository[],
): Promise<FleetRunResult> {
  if (repositories.length === 0) return Promise.resolve({ outcomes: [], stoppedBy: undefined });
  return runFleet(repositories, options, {
    client: context.client(),
    log: context.logger,
    stopSignal: context.signal,
    now: context.io.now,
  });
}

/** A name asked for by --repositories that the service does not list: reported, never dropped. */
function notListed(name: string): RepositoryOutcome {
  return {
    repository: name,
    scan_id: null,
    status: NOT_STARTED,
    gate: null,
    findings: zeroCounts(),
    error: 'The service lists no repository of this name for the key (svc repos list shows the names).',
  };
}
