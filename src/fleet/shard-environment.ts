import type { ShardPart } from './fleet-options.ts';
import { parseShardCount } from './shard.ts';
import { FleetUsageError } from './fleet-usage-error.ts';

/** An engine's index (and count, when it gives one) in the environment, and where its index starts. */
interface ShardEngine {
  name: string;
  index: string;
  count: string | undefined;
  base: 0 | 1;
}

/** `--shard auto` looks for these in this order: the first whose index is set is the engine it runs on. */
const SHARD_ENGINES: readonly ShardEngine[] = [
  { name: 'a Kubernetes Indexed Job', index: 'JOB_COMPLETION_INDEX', count: undefined, base: 0 },
  { name: 'GitLab parallel', index: 'CI_NODE_INDEX', count: 'CI_NODE_TOTAL', base: 1 },
  { name: 'CircleCI parallelism', index: 'CIRCLE_NODE_INDEX', count: 'CIRCLE_NODE_TOTAL', base: 0 },
  { name: 'an AWS Batch array job', index: 'AWS_BATCH_JOB_ARRAY_INDEX', count: undefined, base: 0 },
];

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * `--shard auto`: this process's shard from the engine it runs on, the first of SHARD_ENGINES whose index is set;
 * n from the engine's count, else from `shards` (`--shards`). Missing, bad, or disagreeing with `--shards`: a usage
 * error naming the variable, before anything is sent.
 */
export function shardFromEnvironment(env: Environment, shards: number | undefined): ShardPart {
  const engine = SHARD_ENGINES.find((candidate) => (env[candidate.index] ?? '').trim() !== '');
  if (engine === undefined)
    throw new FleetUsageError(
      `--shard auto found no shard index: none of ${SHARD_ENGINES.map((e) => e.index).join(', ')} is set. ` +
        'Give --shard i/n instead.',
    );
  const count = engineCount(env, engine, shards);
  const text = (env[engine.index] ?? '').trim();
  const index = /^\d{1,6}$/.test(text) ? Number(text) + 1 - engine.base : Number.NaN;
  if (!(index >= 1 && index <= count))
    throw new FleetUsageError(
      `--shard auto: ${engine.index} is invalid: got '${text}'; expected ${engine.base === 0 ? `0 to ${count - 1}` : `1 to ${count}`} ` +
        `(${engine.name}, ${engine.base}-based, of ${count} shards).`,
    );
  return { index, count };
}

/** The engine's count when it gives one (it must agree with --shards), else --shards. */
function engineCount(env: Environment, engine: ShardEngine, shards: number | undefined): number {
  const given = engine.count === undefined ? '' : (env[engine.count] ?? '').trim();
  if (given === '') {
    if (shards !== undefined) return shards;
    throw new FleetUsageError(
      `--shard auto found ${engine.index} (${engine.name}) but no shard count: give --shards <n>.`,
    );
  }
  const count = parseShardCount(given, `--shard auto: ${engine.count ?? ''}`);
  if (shards !== undefined && shards !== count)
    throw new FleetUsageError(
      `--shards ${shards} disagrees with ${engine.count ?? ''}=${count} of ${engine.name}: give one of them.`,
    );
  return count;
}
