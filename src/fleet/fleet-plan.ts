import { FleetUsageError } from './fleet-usage-error.ts';
import { formatShard } from './shard.ts';

/** GitHub Actions runs at most 256 jobs from one matrix. */
const MAX_MATRIX_SHARDS = 256;

/** A GitHub Actions matrix of shards (never of repositories), as `svc fleet plan --shards <n>` prints it. */
export interface ShardMatrix {
  include: { shard: string }[];
}

/** The matrix of `count` shards, `1/n` to `n/n`; more than a matrix runs is refused. */
export function shardMatrix(count: number): ShardMatrix {
  if (count > MAX_MATRIX_SHARDS)
    throw new FleetUsageError(
      `--shards ${count} is more than the ${MAX_MATRIX_SHARDS} jobs a GitHub Actions matrix runs: give at most ${MAX_MATRIX_SHARDS}.`,
    );
  return {
    include: Array.from({ length: count }, (_, i) => ({ shard: formatShard({ index: i + 1, count }) })),
  };
}
