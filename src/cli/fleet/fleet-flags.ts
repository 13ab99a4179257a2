import { Option } from 'commander';
import {
  FLEET_MANIFEST,
  fleetOptionsOf,
  readFleetManifest,
  type FleetOption,
} from '../../fleet/fleet-manifest.ts';
import type { FleetOptions, FleetSelection, ShardPart } from '../../fleet/fleet-options.ts';
import { fleetRunName } from '../../fleet/fleet-part.ts';
import { fleetRunId } from '../../fleet/run-id.ts';
import { shardFromEnvironment } from '../../fleet/shard-environment.ts';
import { flagOf } from '../../run/input-descriptor.ts';
import { problemText, type InputProblem, type ProblemWords } from '../../run/input-problem.ts';
import { UsageError } from '../exit-codes.ts';

/**
 * The flags of `svc fleet scan`, as commander gives them: the fleet manifest's under their attributes
 * (`--wait-timeout` is `waitTimeout`), undefined when not given, and the roll-up's files.
 */
export interface FleetScanFlags {
  readonly [attribute: string]: string | string[] | boolean | undefined;
  output?: string | undefined;
  summary?: string | undefined;
  compare?: string | undefined;
  history?: string[] | undefined;
}

/** The attribute commander keeps a manifest option's flag under. */
function attributeOf(option: FleetOption<unknown>): string {
  return new Option(flagOf(option)).attributeName();
}

/** svc's words for the fleet's options: each is its flag. */
const FLEET_FLAG_WORDS: ProblemWords = {
  subject: (input) => flagNamed(input),
  reference: (input) => flagNamed(input),
};

function flagNamed(input: string): string {
  const option = fleetOptionsOf('svc').find((candidate) => candidate.name === input);
  return option === undefined ? `'${input}'` : flagOf(option);
}

/**
 * Every flag of `svc fleet scan` checked before any request, by the fleet manifest's parsers (the action's fleet
 * mode reads its inputs with the same ones, defaults and bounds): a bad value is a usage error (exit 2) naming the
 * flag.
 */
export function fleetScanOptions(
  flags: FleetScanFlags,
  env: Readonly<Record<string, string | undefined>>,
): FleetOptions {
  const { selection, projectId, shard, shards, runId, ...rest } = manifestValues(flags);
  const chosen = withProject(selection ?? { kind: 'all' }, projectId);
  const part = shardPart(textFlag(flags, FLEET_MANIFEST.shard), shard, shards, env);
  return {
    ...rest,
    selection: chosen,
    shard: part,
    ledgerRun: fleetRunName({ selection: chosen, shard: part, ref: rest.ref }),
    runId: runId ?? fleetRunId(undefined, env, '--run-id'),
  };
}

/** The manifest's options from the flags: a flag given empty is a mistake, one not given takes the default. */
function manifestValues(flags: FleetScanFlags): ReturnType<typeof readFleetManifest> {
  for (const option of fleetOptionsOf('svc')) {
    const given = textFlag(flags, option);
    if (given !== undefined && given.trim() === '')
      throw new UsageError(`${flagOf(option)} is empty: give a value or leave the flag out.`);
  }
  const problems: InputProblem[] = [];
  const values = readFleetManifest(
    // --shard auto is svc's own: the engine's index, read below.
    (option) => (option === FLEET_MANIFEST.shard && isAuto(flags) ? undefined : textFlag(flags, option)),
    problems,
  );
  if (problems.length > 0)
    throw new UsageError(problems.map((problem) => problemText(problem, FLEET_FLAG_WORDS)).join('\n'));
  return values;
}

/** A flag's value as the option's text (a switch's `true` or `false`); undefined when it was not given. */
function textFlag(flags: FleetScanFlags, option: FleetOption<unknown>): string | undefined {
  const value = flags[attributeOf(option)];
  if (typeof value === 'boolean') return String(value);
  return typeof value === 'string' ? value : undefined;
}

function isAuto(flags: FleetScanFlags): boolean {
  return textFlag(flags, FLEET_MANIFEST.shard)?.trim() === 'auto';
}

/**
 * --repositories all (or none given, or only `!` patterns): every repository the key sees, or --project-id's;
 * else the patterns. Either less what the `!` patterns match.
 */
function withProject(selection: FleetSelection, projectId: string | undefined): FleetSelection {
  if (projectId === undefined) return selection;
  if (selection.kind === 'patterns')
    throw new UsageError(
      '--project-id selects with --repositories all (or alone), not with a list of names.',
    );
  return { ...selection, kind: 'project', projectId };
}

/** --shard i/n, or --shard auto (with --shards n where the engine gives none); --shards alone is a mistake. */
function shardPart(
  given: string | undefined,
  part: ShardPart | undefined,
  shards: number | undefined,
  env: Readonly<Record<string, string | undefined>>,
): ShardPart | undefined {
  if (given === undefined) {
    if (shards !== undefined)
      throw new UsageError('--shards is the count of --shard auto: give --shard auto too.');
    return undefined;
  }
  if (given.trim() === 'auto') return shardFromEnvironment(env, shards);
  if (part !== undefined && shards !== undefined && shards !== part.count)
    throw new UsageError(`--shards ${shards} disagrees with --shard ${given}: give one n.`);
  return part;
}
