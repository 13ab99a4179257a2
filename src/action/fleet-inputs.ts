import type { FleetSelection, ShardPart } from '../fleet/fleet-options.ts';
import {
  numberInput,
  optionalNumberInput,
  optionalTextInput,
  textOf,
  type InputDescriptor,
  type InputTable,
} from '../run/input-descriptor.ts';
import type { RunOrigin } from '../run/settings.ts';

/**
 * The inputs of the action's fleet mode: `repositories` turns it on (the job scans many repositories from one
 * process and writes one roll-up); the others shape that run. Every other input the mode reads is the run's
 * (api-key, api-url, project-id, ref, fail-on, severity-threshold, wait-timeout, poll-interval).
 */

const FLEET_LIMITS = {
  concurrency: { min: 1, max: 500 },
  /** A shard count past GitHub's 256 jobs a matrix still fits a Kubernetes Indexed Job or a GitLab `parallel:`. */
  shards: { min: 1, max: 1000 },
  minCredits: { min: 0, max: 1_000_000_000 },
} as const;

/** owner/name where either part may hold the glob characters `*` and `?`. */
const PATTERN = /^[A-Za-z0-9_.*?-]+\/[A-Za-z0-9_.*?-]+$/;

/** `all`, or `owner/name` and glob patterns separated by commas or new lines; undefined when empty (one repository). */
const repositoriesInput: InputDescriptor<FleetSelection | undefined> = {
  name: 'repositories',
  default: '',
  description:
    'Scan many repositories in this one job and write one roll-up (fleet mode): all (every repository the key sees, or those of project-id), or owner/name and glob patterns such as acme/service-* separated by commas or new lines. Each is scanned at its default branch (ref overrides it for all). Wins over repository. Empty: one repository, as repository says.',
  parse: (value, problems) => {
    const items = textOf(value)
      .split(/[,\n]/)
      .map((item) => item.trim())
      .filter((item) => item !== '');
    if (items.length === 0) return undefined;
    if (items.length === 1 && items[0]?.toLowerCase() === 'all') return { kind: 'all' };
    const bad = items.filter((item) => !PATTERN.test(item));
    if (bad.length > 0)
      problems.invalid(
        bad.join(', '),
        'all, or owner/name patterns (glob * and ?) separated by commas or new lines',
      );
    return { kind: 'patterns', patterns: [...new Set(items)] };
  },
};

/** `i/n` with 1 ≤ i ≤ n, as `svc fleet plan` prints it into a matrix; undefined when empty (the whole fleet). */
const shardInput: InputDescriptor<ShardPart | undefined> = {
  name: 'shard',
  default: '',
  description:
    "This job's part of the fleet, as i/n (1-based), for a matrix of svc fleet plan --shards n: a repository's shard depends only on its full name and n, so shards never overlap and always cover the whole. Empty: the whole fleet.",
  parse: (value, problems) => {
    const text = textOf(value);
    if (text === '') return undefined;
    const match = /^(\d+)\/(\d+)$/.exec(text);
    const index = Number(match?.[1]);
    const count = Number(match?.[2]);
    if (match && index >= 1 && index <= count && count <= FLEET_LIMITS.shards.max) return { index, count };
    problems.invalid(text, `i/n with 1 <= i <= n <= ${FLEET_LIMITS.shards.max}, for example 2/4`);
    return undefined;
  },
};

/** The fleet's own inputs, by the field of its options each fills. */
export const FLEET_INPUTS = {
  selection: repositoriesInput,
  shard: shardInput,
  concurrency: numberInput(
    {
      name: 'concurrency',
      default: '10',
      description: `Fleet mode: scans in flight at once, never more (${FLEET_LIMITS.concurrency.min} to ${FLEET_LIMITS.concurrency.max}).`,
    },
    FLEET_LIMITS.concurrency,
    true,
  ),
  minCredits: optionalNumberInput(
    {
      name: 'min-credits',
      default: '',
      description:
        'Fleet mode: start no scan while the remaining credits are below this; the repositories left for lack of credits are reported as not judged. Empty: no floor.',
    },
    FLEET_LIMITS.minCredits,
    true,
  ),
  ledgerPath: optionalTextInput({
    name: 'ledger',
    default: '',
    description:
      'Fleet mode: the JSON-lines file that records each start, so that a re-run of the job given the same file (restored from the Actions cache) waits for the scans already started instead of starting them again. Empty: svc-fleet-ledger.jsonl in RUNNER_TEMP.',
  }),
} satisfies InputTable<RunOrigin>;

/** The outputs of fleet mode, with action.yml's descriptions (the one-scan outputs stay empty in this mode). */
export const FLEET_OUTPUTS = {
  'fleet-report':
    'Fleet mode: path of the roll-up written as JSON (one entry per repository: scan id, status, gate, findings by severity, why it was not judged; and the totals), for svc fleet merge or an artifact.',
  'repositories-failed':
    'Fleet mode: the full names of the repositories that failed the gate, as a JSON array (fromJSON).',
  'repositories-not-judged':
    'Fleet mode: the full names of the repositories that could not be judged (not started, failed to start, timed out, cancelled), as a JSON array (fromJSON).',
} as const;
