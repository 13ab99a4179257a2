import { DecodeIssue, arrayOf, integer, nullable, object, string, type Decoder } from '../client/decode.ts';
import { SEVERITIES } from '../domain/severity.ts';
import type { FailOn } from '../domain/gate.ts';
import { FleetUsageError } from './fleet-usage-error.ts';
import type { FleetRollUp, RepositoryOutcome, SeverityCounts, StoppedBy } from './rollup.ts';
import { totalsOf } from './rollup-build.ts';

function oneOf<T extends string>(values: readonly T[]): Decoder<T> {
  return (value, at) => {
    if (typeof value === 'string' && (values as readonly string[]).includes(value)) return value as T;
    throw new DecodeIssue(
      `has field "${at}" as ${JSON.stringify(value)}, expected one of ${values.join(', ')}`,
    );
  };
}

const count = integer(0, 1e9);
const counts = object<SeverityCounts>(
  Object.fromEntries(SEVERITIES.map((severity) => [severity, count])) as Record<
    keyof SeverityCounts,
    typeof count
  >,
);

const outcome = object<RepositoryOutcome>({
  repository: string,
  scan_id: nullable(string),
  status: string,
  gate: nullable(oneOf(['passed', 'failed'] as const)),
  findings: counts,
  error: nullable(string),
});

/** As written; the totals are counted again from the repositories, never taken on trust. */
const rollUpFields = object<
  Omit<FleetRollUp, 'totals' | 'fail_on' | 'missing_shards'> & {
    fail_on: FailOn | null;
    missing_shards: string[] | null;
  }
>({
  shard: nullable(string),
  repositories: arrayOf(outcome),
  fail_on: nullable(oneOf([...SEVERITIES, 'none'] as const)),
  stopped_by: nullable(oneOf<StoppedBy>(['key-refused', 'interrupted'])),
  selected: nullable(arrayOf(string)),
  missing_shards: nullable(arrayOf(string)),
});

/**
 * A roll-up as `svc fleet scan --output` wrote it, read from its text (for `merge` and `--compare`): every field
 * checked, the totals counted again. Not a roll-up: a usage error naming `where` and what is wrong.
 */
export function parseRollUp(text: string, where: string): FleetRollUp {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FleetUsageError(
      `${where} is not a roll-up: it is not JSON (write one with svc fleet scan --output).`,
    );
  }
  try {
    const read = rollUpFields(json, '');
    return {
      ...read,
      totals: totalsOf(read.repositories),
      fail_on: read.fail_on ?? 'high',
      missing_shards: read.missing_shards ?? [],
    };
  } catch (error) {
    if (!(error instanceof DecodeIssue)) throw error;
    throw new FleetUsageError(`${where} is not a roll-up: it ${error.message}.`);
  }
}
