import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LazyProxyAgent } from '../../client/http-stack.ts';
import type { FailOn } from '../../domain/gate.ts';
import { fleetExitCode } from '../../fleet/fleet-exit.ts';
import { FLEET_WAIT_TIMEOUT_SECONDS } from '../../fleet/fleet-manifest.ts';
import { shardMatrix } from '../../fleet/fleet-plan.ts';
import { mergeRollUps, type ShardRollUp } from '../../fleet/rollup-merge.ts';
import { verifyRollUp } from '../../fleet/rollup-verify.ts';
import { stricterFailOn } from '../../fleet/fleet-settings.ts';
import { parseShardCount } from '../../fleet/shard.ts';
import type { CommandContext } from '../command-context.ts';
import { EXIT, UsageError, type ExitCode } from '../exit-codes.ts';
import { jsonText } from '../terminal-text.ts';
import { flagOf } from '../../run/input-descriptor.ts';
import {
  MERGE_FAIL_ON,
  MERGE_VERIFY_FLAGS,
  attributeOf,
  fleetMergeSettings,
  type FleetMergeSettings,
} from './fleet-flags.ts';
import { connectFleetGitHub } from './fleet-github.ts';
import {
  checkRollUpTargets,
  readEarlierRollUps,
  readRollUpFile,
  writeRollUp,
  type EarlierRollUpFlags,
  type RollUpTargets,
} from './fleet-output.ts';

export interface FleetMergeFlags extends RollUpTargets, EarlierRollUpFlags {
  readonly [attribute: string]: string | string[] | boolean | undefined;
  allowMissing?: boolean | undefined;
  verify?: boolean | undefined;
  dir?: string | undefined;
}

/**
 * `svc fleet merge <file>…`: the shards' roll-ups as one whole, written as `svc fleet scan` writes its own, with
 * its exit codes. Without --verify nothing is sent (the merge job needs no key), and the roll-up says it was not
 * verified; with it, every entry is re-judged against the service (a key is needed: exit 3 without one).
 */
export async function fleetMerge(
  context: CommandContext,
  files: readonly string[],
  flags: FleetMergeFlags,
): Promise<ExitCode> {
  // The floor and the GitHub credentials are only for --verify; they are checked before any file is read.
  const settings = flags.verify === true ? fleetMergeSettings(textFlags(flags), context.io.env) : undefined;
  if (flags.verify !== true) refuseVerifyFlags(flags);
  checkRollUpTargets(flags);
  const earlier = readEarlierRollUps(flags);
  const parts = [
    ...files.map((file) => ({ where: file, rollUp: readRollUpFile(file, '') })),
    ...(flags.dir === undefined ? [] : shardRollUpsIn(flags.dir, flags.output)),
  ];
  const merged = mergeRollUps(parts, flags.allowMissing === true);
  const judged = settings === undefined ? merged : await verified(context, merged, settings);
  writeRollUp(context, judged, flags, earlier);
  return fleetExitCode(judged);
}

/**
 * The merged roll-up re-judged against the service at the fleet's floor, and through GitHub when it was given
 * credentials (the policies an entry was judged by are read again): GitHub's answer on them comes first. A roll-up
 * judged looser than the floor is refused before anything is sent.
 */
async function verified(
  context: CommandContext,
  merged: ReturnType<typeof mergeRollUps>,
  settings: FleetMergeSettings,
): Promise<ReturnType<typeof mergeRollUps>> {
  refuseLooserRollUp(merged.fail_on, settings.failOn);
  const given = settings.github;
  const network = new LazyProxyAgent();
  try {
    const github =
      given === undefined
        ? undefined
        : await connectFleetGitHub(context, given, {
            seconds: FLEET_WAIT_TIMEOUT_SECONDS,
            log: context.logger,
            dispatcher: await network.open(),
          });
    return await verifyRollUp(merged, context.client(), context.signal, github, settings.failOn);
  } finally {
    await network.destroy();
  }
}

/** --fail-on or a GitHub flag without --verify is a mistake: nothing would use it. */
function refuseVerifyFlags(flags: FleetMergeFlags): void {
  const given = MERGE_VERIFY_FLAGS.filter((option) => typeof flags[attributeOf(option)] === 'string');
  if (given.length > 0)
    throw new UsageError(
      `${given.map((option) => flagOf(option)).join(', ')}: read only by merge --verify (the fleet's floor, GitHub's credentials). Add --verify, or leave them out.`,
    );
}

/** A roll-up whose fail-on is looser than the fleet's floor was not judged by the fleet: refused, naming both. */
function refuseLooserRollUp(rollUpFailOn: FailOn, floor: FailOn): void {
  if (stricterFailOn(floor, rollUpFailOn) !== rollUpFailOn)
    throw new UsageError(
      `The roll-up was judged with fail-on ${rollUpFailOn}, looser than ${flagOf(MERGE_FAIL_ON)} ${floor} (the fleet's floor): give the ${flagOf(MERGE_FAIL_ON)} the fleet scans with, or merge roll-ups judged at it.`,
    );
}

/** The flags that hold text (commander's attributes), for the GitHub flags' reading. */
function textFlags(flags: FleetMergeFlags): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(flags).map(([name, value]) => [name, typeof value === 'string' ? value : undefined]),
  );
}

/**
 * The shards' roll-ups in `dir` (`--dir`), so that a recipe needs no shell glob: every `*.json` file in it, but the
 * merge's own `--output` and any roll-up that is not a shard's (a merged one, an unsharded run's). A `.json` file
 * that is not a roll-up is refused, naming it: a shard is never dropped silently.
 */
function shardRollUpsIn(dir: string, output: string | undefined): ShardRollUp[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`--dir ${dir} cannot be read: ${reason}`);
  }
  const own = output === undefined ? undefined : resolve(output);
  return names
    .map((name) => join(dir, name))
    .filter((path) => resolve(path) !== own)
    .map((path) => ({ where: path, rollUp: readRollUpFile(path, '--dir ') }))
    .filter(({ rollUp }) => rollUp.shard !== null);
}

/** `svc fleet plan --shards <n>`: the GitHub Actions matrix of the shards, on one line for $GITHUB_OUTPUT. */
export function fleetPlan(context: CommandContext, flags: { shards?: string | undefined }): ExitCode {
  const count = parseShardCount(flags.shards ?? '', '--shards');
  context.out.write(jsonText(shardMatrix(count), false));
  return EXIT.ok;
}
