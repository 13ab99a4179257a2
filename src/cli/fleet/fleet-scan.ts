import type { Logger, Repository, ServiceClient } from '../../client/index.ts';
import { LazyProxyAgent } from '../../client/http-stack.ts';
import type { FleetGitHub } from '../../fleet/fleet-github.ts';
import { fleetExitCode } from '../../fleet/fleet-exit.ts';
import type { FleetOptions } from '../../fleet/fleet-options.ts';
import { fleetPart, rollUpOfPart, selectionWarnings } from '../../fleet/fleet-part.ts';
import { Ledger } from '../../fleet/ledger.ts';
import { emptyRun, ledgerRunOf, runFleet, type FleetRunResult } from '../../fleet/run-fleet.ts';
import { formatShard } from '../../fleet/shard.ts';
import { utcSecond } from '../../fleet/utc-time.ts';
import type { CommandContext } from '../command-context.ts';
import type { ExitCode } from '../exit-codes.ts';
import { terminalInline } from '../terminal-text.ts';
import { fleetScanSettings, type FleetScanFlags } from './fleet-flags.ts';
import { connectFleetGitHub } from './fleet-github.ts';
import { checkRollUpTargets, prepareWritable, readEarlierRollUps, writeRollUp } from './fleet-output.ts';

/**
 * `svc fleet scan`: every flag and file checked before any request; the repositories listed once, selected and
 * sharded; the fleet run on them (Ctrl-C cancels the scans it started); the roll-up written; the exit code as the
 * roll-up decides. An empty shard writes its (empty) roll-up too, so that the merge finds every shard.
 */
export async function fleetScan(context: CommandContext, flags: FleetScanFlags): Promise<ExitCode> {
  const { options, github: givenGitHub } = fleetScanSettings(flags, context.io.env);
  checkRollUpTargets(flags);
  if (options.ledgerPath !== undefined) {
    prepareWritable(options.ledgerPath, '--ledger');
    Ledger.check(options.ledgerPath, ledgerRunOf(options));
  }
  const earlier = readEarlierRollUps(flags);
  // The fleet's log: each line opened by the UTC time, since a night's log is read in the morning.
  const log = context.loggerWith(() => `${utcSecond(context.io.now())} `);
  const network = new LazyProxyAgent();
  try {
    // GitHub's answer on the credentials comes before the listing: a refused key starts nothing.
    const github =
      givenGitHub === undefined
        ? undefined
        : await connectFleetGitHub(context, givenGitHub, {
            seconds: options.waitTimeoutSeconds,
            log,
            dispatcher: await network.open(),
          });
    const part = fleetPart(await listRepositories(context, options), options);
    tellSelection(part, options, log);
    const result = await scanPart(context, options, part.repositories, { log, github });
    const rollUp = rollUpOfPart(part, result, options);
    writeRollUp(context, rollUp, flags, earlier);
    return fleetExitCode(rollUp);
  } finally {
    await network.destroy();
  }
}

/** The selection's warnings, and a shard that holds none of it. */
function tellSelection(part: ReturnType<typeof fleetPart>, options: FleetOptions, log: Logger): void {
  for (const warning of selectionWarnings(part)) log.warning(terminalInline(`--repositories ${warning}`));
  if (part.repositories.length === 0 && part.unknownNames.length === 0 && options.shard !== undefined)
    log.info(
      terminalInline(
        `Shard ${formatShard(options.shard)} has none of the ${part.selected.length} repositories selected: nothing to scan.`,
      ),
    );
}

/** The service's listing, once, all pages (of the project, when one is selected). */
async function listRepositories(context: CommandContext, options: FleetOptions): Promise<Repository[]> {
  const { selection } = options;
  const params = selection.kind === 'project' ? { project_id: selection.projectId } : {};
  const listing: Repository[] = [];
  for await (const repository of fleetClient(context, options).iterateRepositories(params, {
    signal: context.signal,
  }))
    listing.push(repository);
  return listing;
}

/** The command's client, patient with 429s up to the fleet's deadline: a busy service delays the night, drops nothing. */
function fleetClient(context: CommandContext, options: FleetOptions): ServiceClient {
  return context.client({ rateLimitWaitMs: options.waitTimeoutSeconds * 1000 });
}

function scanPart(
  context: CommandContext,
  options: FleetOptions,
  repositories: readonly Repository[],
  { log, github }: { log: Logger; github: FleetGitHub | undefined },
): Promise<FleetRunResult> {
  if (repositories.length === 0) return Promise.resolve(emptyRun(context.io.now()));
  return runFleet(repositories, options, {
    client: fleetClient(context, options),
    log,
    github,
    stopSignal: context.signal,
    now: context.io.now,
    scrub: (text) => context.scrub(text),
  });
}
