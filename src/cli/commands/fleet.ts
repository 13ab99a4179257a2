import type { Command } from 'commander';
import { MERGE_VERIFY_FLAGS, type FleetScanFlags } from '../fleet/fleet-flags.ts';
import { fleetMerge, fleetPlan, type FleetMergeFlags } from '../fleet/fleet-merge.ts';
import { fleetScan } from '../fleet/fleet-scan.ts';
import { fleetOptionsOf } from '../../fleet/fleet-manifest.ts';
import { flagOptions } from '../scan/scan-settings.ts';
import type { SvcCommand } from './command.ts';

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
    .description('scan many repositories from one process and write one roll-up');
  // The fleet's flags are its manifest's: the action's fleet mode takes the same defaults, bounds and parsers.
  for (const option of fleetOptionsOf('svc').flatMap(flagOptions)) scan.addOption(option);
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
      're-judge every entry against the service (its scan, its repository, its report), and the policy it was judged by through GitHub when given its credentials: one that does not match is not judged; needs the key',
    );
  // --verify re-judges at the fleet's floor, and reads again through GitHub with the credentials svc fleet scan takes.
  for (const option of MERGE_VERIFY_FLAGS.flatMap(flagOptions)) merge.addOption(option);
  addRollUpOptions(merge)
    .addHelpText('after', EXIT_CODES_HELP)
    .action((files: string[], flags: FleetMergeFlags, command: Command) =>
      io.invoke(command, (c) => fleetMerge(c, files, flags)),
    );
};
