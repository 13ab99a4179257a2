import type { FleetSelection, ShardPart } from '../fleet/fleet-options.ts';
import { PROGRESS_INTERVAL, parseProgressInterval } from '../fleet/fleet-progress.ts';
import { parseRepositorySelection } from '../fleet/repository-patterns.ts';
import { FleetUsageError } from '../fleet/fleet-usage-error.ts';
import { MAX_SHARDS, parseShard } from '../fleet/shard.ts';
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
  minCredits: { min: 0, max: 1_000_000_000 },
} as const;

/**
 * A parse of the fleet's (svc's flag takes the same), whose usage error becomes the input's problem: both faces
 * read a value alike. Empty: undefined.
 */
function parsedBy<T>(
  parse: (text: string, flag: string) => T,
  name: string,
  expected: string,
): InputDescriptor<T | undefined>['parse'] {
  return (value, problems) => {
    const text = textOf(value);
    if (text === '') return undefined;
    try {
      return parse(text, `Input '${name}'`);
    } catch (error) {
      if (!(error instanceof FleetUsageError)) throw error;
      problems.invalid(text, expected);
      return undefined;
    }
  };
}

/** `all`, or the patterns `svc fleet scan --repositories` takes; undefined when empty (one repository). */
const repositoriesInput: InputDescriptor<FleetSelection | undefined> = {
  name: 'repositories',
  default: '',
  description:
    'Scan many repositories in this one job and write one roll-up (fleet mode): all (every repository the key sees, or those of project-id), or owner/name and glob patterns such as acme/service-* separated by commas or new lines; a pattern that starts with ! excludes what it matches (all, !acme/legacy). Each is scanned at its default branch (ref overrides it for all). Wins over repository. Empty: one repository, as repository says.',
  parse: parsedBy(
    parseRepositorySelection,
    'repositories',
    'all, or owner/name and globs such as acme/service-* separated by commas or new lines, and ! patterns that exclude',
  ),
};

/** `i/n`, as `svc fleet plan` prints it into a matrix; undefined when empty (the whole fleet). */
const shardInput: InputDescriptor<ShardPart | undefined> = {
  name: 'shard',
  default: '',
  description:
    "This job's part of the fleet, as i/n (1-based), for a matrix of svc fleet plan --shards n: a repository's shard depends only on its full name and n, so shards never overlap and always cover the whole. Empty: the whole fleet.",
  parse: parsedBy(parseShard, 'shard', `i/n with 1 <= i <= n <= ${MAX_SHARDS}, for example 2/4`),
};

/** 0 (no progress lines) or whole seconds from 5 to 3,600, as `svc fleet scan --progress-interval` takes it. */
const progressIntervalInput: InputDescriptor<number> = {
  name: 'progress-interval',
  default: String(PROGRESS_INTERVAL.defaultSeconds),
  description: `Fleet mode: write a progress line to the log every this many seconds while the scans run (how many are done, passed, failed the gate, not judged, running and waiting, and the deadline), and once when the last ends. 0: none; otherwise ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}.`,
  parse: (value, problems, context) =>
    parsedBy(
      parseProgressInterval,
      'progress-interval',
      `0 (no progress lines) or a whole number of seconds from ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}`,
    )(value, problems, context) ?? PROGRESS_INTERVAL.defaultSeconds,
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
  progressIntervalSeconds: progressIntervalInput,
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
      "Fleet mode: the JSON-lines file that records each start, so that a re-run of the job given the same file (restored from the Actions cache) waits for the scans already started instead of starting them again; a scan it names is adopted only when the service lists it as that repository's, and a ledger another attempt of the same workflow run (GITHUB_RUN_ID) finished is read again, never scanned again. Empty: a fresh svc-fleet-ledger.jsonl in RUNNER_TEMP (a file already there is discarded), which the post step reads.",
  }),
} satisfies InputTable<RunOrigin>;

/** The outputs of fleet mode, with action.yml's descriptions (the one-scan outputs stay empty in this mode). */
export const FLEET_OUTPUTS = {
  'fleet-report':
    'Fleet mode: path of the roll-up written as JSON (one entry per repository: scan id, status, gate, findings by severity, why it was not judged; and the totals), for svc fleet merge or an artifact.',
  'repositories-failed':
    'Fleet mode: the full names of the repositories that failed the gate, as a JSON array (fromJSON).',
  'repositories-not-judged':
    'Fleet mode: the full names of the repositories that could not be judged (their scan failed, not started, failed to start, timed out, cancelled), as a JSON array (fromJSON).',
} as const;
