import { Option } from 'commander';
import type { FailOn } from '../../domain/gate.ts';
import {
  FLEET_MANIFEST,
  fleetOptionsOf,
  readFleetManifest,
  type FleetOption,
  type SvcFleetOption,
} from '../../fleet/fleet-manifest.ts';
import type { FleetOptions, FleetSelection, ShardPart } from '../../fleet/fleet-options.ts';
import { fleetRunName } from '../../fleet/fleet-part.ts';
import { fleetRunId } from '../../fleet/run-id.ts';
import { shardFromEnvironment } from '../../fleet/shard-environment.ts';
import { flagOf } from '../../run/input-descriptor.ts';
import { RUN_INPUTS } from '../../run/settings.ts';
import { problemText, type InputProblem, type ProblemWords } from '../../run/input-problem.ts';
import { UsageError } from '../exit-codes.ts';
import {
  fleetGitHubCredentials,
  type GitHubFlagCredentials,
  type GitHubFlagValues,
} from './fleet-github-flags.ts';

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

/** The flags of the fleet's GitHub credentials, which `merge --verify` takes too. */
const GITHUB_FLAGS: readonly FleetOption<unknown>[] = [
  FLEET_MANIFEST.githubAppId,
  FLEET_MANIFEST.githubAppPrivateKeyFile,
  FLEET_MANIFEST.githubToken,
  FLEET_MANIFEST.githubApiUrl,
];

/**
 * `svc fleet merge`'s --fail-on: the fleet's floor, which `--verify` re-judges every entry at (or at the roll-up's
 * own, when stricter), so that a roll-up's word alone never loosens the gate. Its value as svc fleet scan reads it.
 */
export const MERGE_FAIL_ON: SvcFleetOption<FailOn> = {
  ...RUN_INPUTS.failOn,
  cli: {
    value: '<severity>',
    help: "the fleet's fail-on, for --verify: a roll-up judged looser is refused, each entry re-judged at the stricter of the two",
  },
};

/** The flags only `merge --verify` reads: the fleet's floor and its GitHub credentials. */
export const MERGE_VERIFY_FLAGS: readonly FleetOption<unknown>[] = [MERGE_FAIL_ON, ...GITHUB_FLAGS];

/** The attribute commander keeps a manifest option's flag under. */
export function attributeOf(option: FleetOption<unknown>): string {
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

/** What `svc fleet scan` decided before any request: the fleet's options, and its GitHub credentials if any. */
export interface FleetScanSettings {
  options: FleetOptions;
  github: GitHubFlagCredentials | undefined;
}

/**
 * Every flag of `svc fleet scan` checked before any request, by the fleet manifest's parsers (the action's fleet
 * mode reads its inputs with the same ones, defaults and bounds), a flag not given read from its variable where it
 * has one: a bad value is a usage error (exit 2) naming the flag.
 */
export function fleetScanSettings(
  flags: FleetScanFlags,
  env: Readonly<Record<string, string | undefined>>,
): FleetScanSettings {
  const {
    selection,
    projectId,
    shard,
    shards,
    runId,
    repositoryPolicy,
    githubAppId,
    githubAppPrivateKey: _actionOnly,
    githubAppPrivateKeyFile,
    githubToken,
    githubApiUrl,
    ...rest
  } = manifestValues(flags, env);
  const github = gitHubCredentialsOf(
    { githubAppId, githubAppPrivateKeyFile, githubToken, githubApiUrl },
    flags,
    env,
  );
  if (repositoryPolicy === 'on' && github === undefined)
    throw new UsageError(
      `${flagOf(FLEET_MANIFEST.repositoryPolicy)} on reads each repository's policy from GitHub: give ${flagOf(FLEET_MANIFEST.githubAppId)} with the App's private key, or ${flagOf(FLEET_MANIFEST.githubToken)}.`,
    );
  const chosen = withProject(selection ?? { kind: 'all' }, projectId);
  const part = shardPart(textFlag(flags, FLEET_MANIFEST.shard), shard, shards, env);
  const options: FleetOptions = {
    ...rest,
    selection: chosen,
    shard: part,
    ledgerRun: fleetRunName({ selection: chosen, shard: part, ref: rest.ref }),
    runId: runId ?? fleetRunId(undefined, env, '--run-id'),
    repositoryPolicy: (repositoryPolicy ?? (github === undefined ? 'off' : 'on')) === 'on',
  };
  return { options, github };
}

function gitHubCredentialsOf(
  values: GitHubFlagValues,
  flags: FleetScanFlags,
  env: Readonly<Record<string, string | undefined>>,
): GitHubFlagCredentials | undefined {
  return fleetGitHubCredentials(values, (option) => sourceOf(flags, option), env);
}

/** What `svc fleet merge --verify` decided before any file is read: the fleet's floor, its GitHub credentials. */
export interface FleetMergeSettings {
  failOn: FailOn;
  github: GitHubFlagCredentials | undefined;
}

/**
 * The settings of `svc fleet merge --verify`: --fail-on and the GitHub credentials, with the same flags, variables
 * and defaults as `svc fleet scan`'s (the merge's other flags are its own).
 */
export function fleetMergeSettings(
  flags: FleetScanFlags,
  env: Readonly<Record<string, string | undefined>>,
): FleetMergeSettings {
  const { failOn, githubAppId, githubAppPrivateKeyFile, githubToken, githubApiUrl } = manifestValues(
    Object.fromEntries(MERGE_VERIFY_FLAGS.map((option) => [attributeOf(option), flags[attributeOf(option)]])),
    env,
  );
  const values = { githubAppId, githubAppPrivateKeyFile, githubToken, githubApiUrl };
  return { failOn, github: gitHubCredentialsOf(values, flags, env) };
}

/** The fleet's options of `svc fleet scan` (fleetScanSettings, less the credentials). */
export function fleetScanOptions(
  flags: FleetScanFlags,
  env: Readonly<Record<string, string | undefined>>,
): FleetOptions {
  return fleetScanSettings(flags, env).options;
}

/**
 * The manifest's options from the flags: a flag given empty is a mistake; one not given takes its variable's value
 * where it has one, else the default.
 */
function manifestValues(
  flags: FleetScanFlags,
  env: Readonly<Record<string, string | undefined>>,
): ReturnType<typeof readFleetManifest> {
  for (const option of fleetOptionsOf('svc')) {
    const given = textFlag(flags, option);
    if (given !== undefined && given.trim() === '')
      throw new UsageError(`${flagOf(option)} is empty: give a value or leave the flag out.`);
  }
  const problems: InputProblem[] = [];
  const values = readFleetManifest(
    // --shard auto is svc's own: the engine's index, read below.
    (option) =>
      option === FLEET_MANIFEST.shard && isAuto(flags) ? undefined : givenText(flags, option, env),
    problems,
  );
  if (problems.length > 0)
    throw new UsageError(problems.map((problem) => problemText(problem, FLEET_FLAG_WORDS)).join('\n'));
  return values;
}

/** The flag's text, else its variable's when it has one and it is set. */
function givenText(
  flags: FleetScanFlags,
  option: FleetOption<unknown>,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const flag = textFlag(flags, option);
  if (flag !== undefined || option.env === undefined) return flag;
  const variable = env[option.env]?.trim();
  return variable === '' ? undefined : variable;
}

/** What gave an option its value: its flag, else its variable. */
function sourceOf(flags: FleetScanFlags, option: FleetOption<unknown>): string {
  return textFlag(flags, option) === undefined && option.env !== undefined ? option.env : flagOf(option);
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
