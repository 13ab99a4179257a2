import { fleetExitCode } from '../../fleet/fleet-exit.ts';
import { shardMatrix } from '../../fleet/fleet-plan.ts';
import { compareRollUps } from '../../fleet/rollup-compare.ts';
import { mergeRollUps } from '../../fleet/rollup-merge.ts';
import { parseShardCount } from '../../fleet/shard.ts';
import type { CommandContext } from '../command-context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { jsonText } from '../terminal-text.ts';
import { checkRollUpTargets, readRollUpFile, writeRollUp, type RollUpTargets } from './fleet-output.ts';

export interface FleetMergeFlags extends RollUpTargets {
  allowMissing?: boolean | undefined;
  compare?: string | undefined;
}

/**
 * `svc fleet merge <file>…`: the shards' roll-ups as one whole, written as `svc fleet scan` writes its own, with
 * its exit codes. Nothing is sent: the merge job needs no key.
 */
export function fleetMerge(
  context: CommandContext,
  files: readonly string[],
  flags: FleetMergeFlags,
): ExitCode {
  checkRollUpTargets(flags);
  const previous = flags.compare === undefined ? undefined : readRollUpFile(flags.compare, '--compare ');
  const parts = files.map((file) => ({ where: file, rollUp: readRollUpFile(file, '') }));
  const merged = mergeRollUps(parts, flags.allowMissing === true);
  writeRollUp(context, merged, flags, previous && compareRollUps(merged, previous));
  return fleetExitCode(merged);
}

/** `svc fleet plan --shards <n>`: the GitHub Actions matrix of the shards, on one line for $GITHUB_OUTPUT. */
export function fleetPlan(context: CommandContext, flags: { shards?: string | undefined }): ExitCode {
  const count = parseShardCount(flags.shards ?? '', '--shards');
  context.out.write(jsonText(shardMatrix(count), false));
  return EXIT.ok;
}
