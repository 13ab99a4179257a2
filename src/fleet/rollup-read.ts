import {
  DecodeIssue,
  arrayOf,
  boolean,
  integer,
  nullable,
  object,
  optional,
  string,
  type Decoder,
} from '../client/decode.ts';
import { classifyScanStatus } from '../client/job-status.ts';
import { SEVERITIES } from '../domain/severity.ts';
import { evaluateGate, type FailOn } from '../domain/gate.ts';
import { FleetUsageError } from './fleet-usage-error.ts';
import { stricterFailOn } from './fleet-settings.ts';
import {
  ROLL_UP_FORMAT,
  type CodeScanningUpload,
  type FleetRollUp,
  type PolicyUse,
  type RepositoryOutcome,
  type SuppressionUse,
  type SeverityCounts,
  type StoppedBy,
} from './rollup.ts';
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

const failOnValue = oneOf([...SEVERITIES, 'none'] as const);

const suppressionUse = object<SuppressionUse>({ entry: count, description: string });

const policyUse = object<PolicyUse>({
  path: string,
  blob_sha: string,
  fail_on: failOnValue,
  suppressed: count,
  out_of_scope: count,
  suppressions_applied: arrayOf(suppressionUse),
  suppressions_expired: arrayOf(suppressionUse),
  ignored_keys: arrayOf(string),
});

const codeScanningUpload = object<CodeScanningUpload>({
  sarif_id: nullable(string),
  processing_status: string,
  alerts_url: nullable(string),
  error: nullable(string),
});

const outcome = object<RepositoryOutcome>({
  repository: string,
  scan_id: nullable(string),
  status: string,
  gate: nullable(oneOf(['passed', 'failed'] as const)),
  findings: counts,
  error: nullable(string),
  commit: optional(nullable(string)),
  policy: optional(nullable(policyUse)),
  code_scanning: optional(codeScanningUpload),
});

/** A roll-up's time: UTC to the second, as utcSecond writes it. */
const utcTime: Decoder<string> = (value, at) => {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value)) return value;
  throw new DecodeIssue(
    `has field "${at}" as ${JSON.stringify(value)}, expected a UTC time YYYY-MM-DDTHH:MM:SSZ`,
  );
};

/**
 * A roll-up's format: absent on one written before formats (format 1, read with its missing fields as null), else
 * ROLL_UP_FORMAT. A later format is refused rather than misread.
 */
const format: Decoder<number | null> = (value, at) => {
  if (value === undefined || value === 1 || value === ROLL_UP_FORMAT) return null;
  throw new DecodeIssue(
    `has field "${at}" as ${JSON.stringify(value)}: this svc reads roll-ups of format ${ROLL_UP_FORMAT} and older (a later svc wrote it)`,
  );
};

/**
 * As written; the totals are counted again from the repositories, never taken on trust, and `changes` (what the
 * writer compared it with) is not read: a roll-up is compared anew.
 */
const rollUpFields = object<
  Omit<FleetRollUp, 'format' | 'totals' | 'fail_on' | 'missing_shards' | 'changes'> & {
    format: number | null;
    fail_on: FailOn | null;
    missing_shards: string[] | null;
  }
>({
  format,
  shard: nullable(string),
  // Absent from a roll-up written before them: read as null.
  run_id: nullable(string),
  started_at: nullable(utcTime),
  finished_at: nullable(utcTime),
  ref: nullable(string),
  // Absent from a roll-up written before it was recorded: read as null (not known).
  repository_policy: nullable(boolean),
  verified: nullable(boolean),
  repositories: arrayOf(outcome),
  fail_on: nullable(failOnValue),
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
    const failOn = read.fail_on ?? 'high';
    read.repositories.forEach((outcome, index) => {
      const at = `${where} is not a roll-up: repositories[${index}] (${outcome.repository})`;
      checkPolicyRead(outcome, read.repository_policy, at);
      checkJudgement(outcome, failOn, at);
    });
    return {
      ...read,
      format: ROLL_UP_FORMAT,
      totals: totalsOf(read.repositories),
      fail_on: failOn,
      missing_shards: read.missing_shards ?? [],
      changes: null,
    };
  } catch (error) {
    if (!(error instanceof DecodeIssue)) throw error;
    throw new FleetUsageError(`${where} is not a roll-up: it ${error.message}.`);
  }
}

/**
 * A policy named by an entry of a night that read no policy file: written by hand, to have the entry judged by
 * that file's suppressions. A roll-up that does not say (written before it was recorded) is read as before.
 */
function checkPolicyRead(outcome: RepositoryOutcome, repositoryPolicy: boolean | null, at: string): void {
  if (repositoryPolicy === false && outcome.policy !== undefined)
    throw new FleetUsageError(
      `${at} names a policy file, but its night read none (repository_policy is false): give the roll-up svc fleet scan wrote.`,
    );
}

/**
 * A verdict that what the entry says of its scan cannot have given: a pass needs a completed scan, no error and
 * no finding at or above fail-on; not judged needs its why. A hand-edited roll-up is refused, never merged into a 0.
 */
function checkJudgement(outcome: RepositoryOutcome, failOn: FailOn, at: string): void {
  const problem = judgementProblem(outcome, failOn);
  if (problem !== undefined) throw new FleetUsageError(`${at} is ${problem}.`);
}

function judgementProblem(outcome: RepositoryOutcome, fleetFailOn: FailOn): string | undefined {
  const failOn = outcome.policy?.fail_on ?? fleetFailOn;
  if (stricterFailOn(fleetFailOn, failOn) !== failOn)
    return `judged by its policy at fail-on ${failOn}, looser than the fleet's ${fleetFailOn}`;
  if (outcome.gate === null) return outcome.error === null ? 'not judged without an error' : undefined;
  if (outcome.gate === 'failed') return undefined;
  if (outcome.scan_id === null) return 'passed without a scan';
  if (outcome.error !== null) return 'passed with an error';
  if (classifyScanStatus(outcome.status) !== 'succeeded')
    return `passed, but its scan's status is ${JSON.stringify(outcome.status)}`;
  const { failingFindings } = evaluateGate(outcome.findings, failOn);
  if (failingFindings > 0) return `passed with ${failingFindings} findings at or above fail-on ${failOn}`;
  return undefined;
}
