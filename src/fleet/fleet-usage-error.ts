/**
 * A mistake in how the fleet was asked for (a pattern that selects nothing, a bad shard, a set of shards' roll-ups
 * that cannot be merged), found before any request is sent: each face turns it into its usage error (svc: exit 2).
 */
export class FleetUsageError extends Error {
  override name = 'FleetUsageError';
}
