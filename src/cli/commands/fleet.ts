import type { Command } from 'commander';
import { FLEET_DEFAULTS, type FleetScanFlags } from '../fleet/fleet-flags.ts';
import { fleetMerge, fleetPlan, type FleetMergeFlags } from '../fleet/fleet-merge.ts';
import { fleetScan } from '../fleet/fleet-scan.ts';
import { PROGRESS_INTERVAL } from '../../fleet/fleet-progress.ts';
import { sharedScanOptions } from '../scan/scan-settings.ts';
import type { SvcCommand } from './command.ts';

/** The flags of svc scan that judge each repository of the fleet as svc scan judges one. */
const GATE_FLAGS = ['--fail-on', '--severity-threshold'];

const EXIT_CODES_HELP = `
Exit codes of svc fleet scan and svc fleet merge:
  0    every selected repository was scanned and passed the gate (an empty shard too)
  1    at least one repository failed the gate (a scan that failed does not: it is not judged, exit 4)
  2    usage error (a bad flag, a selection of no repository, a bad or missing shard, shards' roll-ups that
       do not make one whole); nothing was sent
  3    the service refused the key: no scan was started after that, and the rest are not judged
  4    none failed, but at least one repository could not be judged (its scan failed, or it timed out, …) or a
       shard's roll-up was missing
  130  interrupted (Ctrl-C): every scan the fleet started that still ran was cancelled
`;

/** The roll-up's outputs, the same for scan and merge. */
function addRollUpOptions(command: Command): Command {
  return command
    .option(
      '--output <file>',
      'write the JSON roll-up to this file (stdout shows a table, or the JSON with --json)',
    )
    .option(
      '--summary <file>',
      'write the roll-up as markdown to this file (in GitHub Actions: also to the job summary)',
    )
    .option(
      '--compare <file>',
      "the previous night's roll-up: the roll-up's changes since (newly failing, passing or not judged, new repositories, counts up and down, a change of fail-on)",
    )
    .option(
      '--history <file...>',
      "earlier nights' roll-ups: the markdown shows the findings by severity per night (at most 60), as a table and a chart",
    );
}

function addScan(fleet: Command, io: Parameters<SvcCommand>[1]): void {
  const scan = fleet
    .command('scan')
    .description('scan many repositories from one process and write one roll-up')
    .option(
      '--repositories <list>',
      'owner/name or globs such as acme/service-*, comma separated; one starting with ! excludes: all, !acme/legacy (default: every repository the key sees)',
    )
    .option('--project-id <id>', 'the repositories of this project')
    .option('--ref <ref>', "git ref to scan in every repository (default: each repository's default branch)")
    .option(
      '--shard <i/n|auto>',
      "scan shard i of n (1-based); auto: from the engine's index (JOB_COMPLETION_INDEX, CI_NODE_INDEX, CIRCLE_NODE_INDEX, AWS_BATCH_JOB_ARRAY_INDEX)",
    )
    .option('--shards <n>', 'the shard count for --shard auto where the engine gives none')
    .option(
      '--concurrency <n>',
      `scans in flight at once, never more (default: ${FLEET_DEFAULTS.concurrency})`,
    )
    .option(
      '--poll-interval <seconds>',
      'the first interval of the polling schedule, which backs off for long scans (default: 2)',
    )
    .option('--ledger <file>', 'JSON lines recording each start, so that a re-run never starts a scan twice')
    .option(
      '--run-id <id>',
      'the CI run this is an attempt of, in the ledger and the roll-up (default: GITHUB_RUN_ID, else CI_PIPELINE_ID); a ledger finished under the same id is read again, never scanned again',
    )
    .option('--min-credits <n>', 'start no scan while the remaining credits are below n')
    .option(
      '--progress-interval <seconds>',
      `a progress line on stderr every this many seconds while the scans run, and one when the last ends; 0: none; else ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max} (default: ${PROGRESS_INTERVAL.defaultSeconds})`,
    )
    .option(
      '--wait-timeout <seconds>',
      `bound the whole fleet; scans still running then are cancelled (default: ${FLEET_DEFAULTS.waitTimeoutSeconds})`,
    );
  // The gate's flags are svc scan's own (from the inputs' descriptors): the same choices, defaults and help.
  for (const option of sharedScanOptions())
    if (GATE_FLAGS.includes(option.long ?? '')) scan.addOption(option);
  addRollUpOptions(scan)
    .addHelpText('after', EXIT_CODES_HELP)
    .action((flags: FleetScanFlags, command: Command) => io.invoke(command, (c) => fleetScan(c, flags)));
}

export const addFleetCommand: SvcCommand = (program, io) => {
  const fleet = program
    .command('fleet')
    .description("the organization's scan from one process: many repositories, shards, one roll-up");
  addScan(fleet, io);
  fleet
    .command('plan')
    .description('print a GitHub Actions matrix of shards: {"include":[{"shard":"1/n"},…]} (at most 256)')
    .requiredOption('--shards <n>', 'how many shards')
    .action((flags: { shards?: string }, command: Command) => io.invoke(command, (c) => fleetPlan(c, flags)));
  const merge = fleet
    .command('merge')
    .description(
      "merge the shards' roll-ups into one (same outputs and exit codes as fleet scan); --verify checks them against the service",
    )
    .argument('[file...]', "the shards' roll-ups (svc fleet scan --shard i/n --output)")
    .option(
      '--dir <folder>',
      "every shard's roll-up in this folder (*.json; merged roll-ups and --output are skipped)",
    )
    .option(
      '--allow-missing',
      "merge the shards that are there; a missing shard's repositories are not judged (exit 4)",
    )
    .option(
      '--verify',
      're-judge every entry against the service (its scan, its repository, its report): one that does not match is not judged; needs the key',
    );
  addRollUpOptions(merge)
    .addHelpText('after', EXIT_CODES_HELP)
    .action((files: string[], flags: FleetMergeFlags, command: Command) =>
      io.invoke(command, (c) => fleetMerge(c, files, flags)),
    );
};
