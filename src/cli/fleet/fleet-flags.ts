import type { FleetOptions, FleetSelection, ShardPart } from '../../fleet/fleet-options.ts';
import { fleetRunName } from '../../fleet/fleet-part.ts';
import { PROGRESS_INTERVAL, parseProgressInterval } from '../../fleet/fleet-progress.ts';
import { fleetRunId } from '../../fleet/run-id.ts';
import { parseRepositorySelection } from '../../fleet/repository-patterns.ts';
import { shardFromEnvironment } from '../../fleet/shard-environment.ts';
import { parseShard, parseShardCount } from '../../fleet/shard.ts';
import { UsageError } from '../exit-codes.ts';
import { scanSettings } from '../scan/scan-settings.ts';

/** The flags of `svc fleet scan`, as commander gives them. */
export interface FleetScanFlags {
  projectId?: string | undefined;
  repositories?: string | undefined;
  ref?: string | undefined;
  shard?: string | undefined;
  shards?: string | undefined;
  concurrency?: string | undefined;
  pollInterval?: string | undefined;
  progressInterval?: string | undefined;
  ledger?: string | undefined;
  minCredits?: string | undefined;
  waitTimeout?: string | undefined;
  failOn?: string | undefined;
  severityThreshold?: string | undefined;
  output?: string | undefined;
  summary?: string | undefined;
  compare?: string | undefined;
  history?: string[] | undefined;
  runId?: string | undefined;
}

export const FLEET_DEFAULTS = {
  concurrency: 10,
  /**
   * The whole fleet's bound: 5 h 30 min, half an hour inside the 6 hours a GitHub-hosted job runs, so the roll-up
   * is written before the runner stops the job.
   */
  waitTimeoutSeconds: 19_800,
} as const;

const LIMITS = {
  concurrency: { min: 1, max: 500 },
  minCredits: { min: 0, max: 1_000_000_000 },
} as const;

/**
 * Every flag of `svc fleet scan` checked before any request: a bad value is a usage error (exit 2) naming the flag.
 * The gate's flags, --ref, --poll-interval and --wait-timeout are read by svc scan's own parser, so the two
 * commands take and refuse the same values.
 */
export function fleetScanOptions(
  flags: FleetScanFlags,
  env: Readonly<Record<string, string | undefined>>,
): FleetOptions {
  const settings = scanSettings('fleet/fleet', {
    ref: flags.ref,
    failOn: flags.failOn,
    severityThreshold: flags.severityThreshold,
    pollInterval: flags.pollInterval,
    waitTimeout: flags.waitTimeout ?? String(FLEET_DEFAULTS.waitTimeoutSeconds),
  });
  const selection = fleetSelection(flags);
  const shard = shardPart(flags, env);
  return {
    selection,
    shard,
    ref: settings.ref,
    ledgerRun: fleetRunName({ selection, shard, ref: settings.ref }),
    runId: fleetRunId(flags.runId, env, '--run-id'),
    concurrency:
      wholeNumber(flags.concurrency, '--concurrency', LIMITS.concurrency) ?? FLEET_DEFAULTS.concurrency,
    pollIntervalSeconds: settings.pollIntervalSeconds,
    waitTimeoutSeconds: settings.waitTimeoutSeconds,
    progressIntervalSeconds:
      flags.progressInterval === undefined
        ? PROGRESS_INTERVAL.defaultSeconds
        : parseProgressInterval(flags.progressInterval, '--progress-interval'),
    minCredits: wholeNumber(flags.minCredits, '--min-credits', LIMITS.minCredits),
    ledgerPath: nonEmpty(flags.ledger, '--ledger'),
    failOn: settings.failOn,
    severityThreshold: settings.severityThreshold,
  };
}

/**
 * --repositories all (or none given, or only `!` patterns): every repository the key sees, or --project-id's;
 * else the patterns. Either less what the `!` patterns match.
 */
function fleetSelection(flags: FleetScanFlags): FleetSelection {
  const projectId = nonEmpty(flags.projectId, '--project-id');
  const selection = parseRepositorySelection(flags.repositories ?? 'all', '--repositories');
  if (projectId === undefined) return selection;
  if (selection.kind === 'patterns')
    throw new UsageError(
      '--project-id selects with --repositories all (or alone), not with a list of names.',
    );
  return { ...selection, kind: 'project', projectId };
}

/** --shard i/n, or --shard auto (with --shards n where the engine gives none); --shards alone is a mistake. */
function shardPart(
  flags: FleetScanFlags,
  env: Readonly<Record<string, string | undefined>>,
): ShardPart | undefined {
  const shards = flags.shards === undefined ? undefined : parseShardCount(flags.shards, '--shards');
  if (flags.shard === undefined) {
    if (shards !== undefined)
      throw new UsageError('--shards is the count of --shard auto: give --shard auto too.');
    return undefined;
  }
  if (flags.shard.trim() === 'auto') return shardFromEnvironment(env, shards);
  const part = parseShard(flags.shard, '--shard');
  if (shards !== undefined && shards !== part.count)
    throw new UsageError(`--shards ${shards} disagrees with --shard ${flags.shard}: give one n.`);
  return part;
}

function wholeNumber(
  text: string | undefined,
  flag: string,
  bounds: { min: number; max: number },
): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (value >= bounds.min && value <= bounds.max) return value;
  throw new UsageError(
    `${flag} is invalid: got '${text}'; expected a whole number from ${bounds.min} to ${bounds.max}.`,
  );
}

function nonEmpty(text: string | undefined, flag: string): string | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === '') throw new UsageError(`${flag} is empty: give a value or leave the flag out.`);
  return text.trim();
}
