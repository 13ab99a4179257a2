import {
  numberInput,
  optionalNumberInput,
  optionalTextInput,
  parseInputs,
  rangeText,
  textOf,
  type Bounds,
  type InputDescriptor,
  type InputSource,
  type InputValue,
  type ParseProblems,
  type ParsedInputs,
} from '../run/input-descriptor.ts';
import type { InputProblem } from '../run/input-problem.ts';
import { LIMITS, RUN_INPUTS } from '../run/settings.ts';
import { CODE_SCANNING_UPLOAD_MANIFEST } from '../code-scanning/code-scanning-upload-manifest.ts';
import type { FleetSelection, ShardPart } from './fleet-options.ts';
import { PROGRESS_INTERVAL, parseProgressInterval } from './fleet-progress.ts';
import { FleetUsageError } from './fleet-usage-error.ts';
import { parseRepositorySelection } from './repository-patterns.ts';
import { fleetRunId } from './run-id.ts';
import { MAX_SHARDS, parseShard, parseShardCount } from './shard.ts';

/**
 * The fleet's manifest: every option of a fleet, declared once, which both faces derive from. Each is an input of
 * the action's fleet mode (`repositories:` set; action.yml and the README are generated from it) and a flag of
 * `svc fleet scan` (`cli`), with one default, one set of bounds and one parser. An option the one-scan run has as
 * well (wait-timeout, poll-interval, fail-on, ...) is the run's descriptor with the fleet's default: action.yml
 * declares the input once and says both defaults. Adding an option is adding its entry here (and its field to
 * FleetOptions): both faces read it into their options by the field's name.
 */
interface FleetOptionCore<T> extends InputDescriptor<T> {
  /** A number's bounds, which both faces refuse a value outside of (the test of the faces probes them). */
  readonly bounds?: Bounds;
}

/** An option svc takes as a flag: of both faces, or of svc alone. */
export interface SvcFleetOption<T> extends FleetOptionCore<T> {
  readonly cli: NonNullable<InputDescriptor<T>['cli']>;
  /** A flag of svc alone: the action has the value from the runner (its run id) or no use for it (`--shards`). */
  readonly svcOnly?: true;
  /** The environment variable svc reads when the flag is not given (`SVC_GITHUB_APP_ID`). */
  readonly env?: string;
  readonly actionOnly?: undefined;
}

/**
 * An input of the action alone: svc takes the value another way (the App's private key: a file, or a variable,
 * never a flag, which the shell's history and the process list would show).
 */
interface ActionOnlyFleetOption<T> extends FleetOptionCore<T> {
  readonly cli?: undefined;
  readonly env?: undefined;
  readonly actionOnly: true;
}

export type FleetOption<T> = SvcFleetOption<T> | ActionOnlyFleetOption<T>;

/**
 * The fleet's deadline when the face is not given one: 5 h 30 min, half an hour inside the 6 hours a GitHub-hosted
 * job runs, so the roll-up is written before the runner stops the job. One scan's default (600 s) would cut a
 * night of a thousand repositories short.
 */
export const FLEET_WAIT_TIMEOUT_SECONDS = 19_800;

const FLEET_LIMITS = {
  concurrency: { min: 1, max: 500 },
  minCredits: { min: 0, max: 1_000_000_000 },
  shards: { min: 1, max: MAX_SHARDS },
} as const;

/**
 * A parse of the fleet's, whose usage error becomes the option's problem (each face words it): empty is
 * undefined.
 */
function parsedBy<T>(
  parse: (text: string, flag: string) => T,
  expected: string,
): (value: InputValue, problems: ParseProblems) => T | undefined {
  return (value, problems) => {
    const text = textOf(value);
    if (text === '') return undefined;
    try {
      // The fleet's parsers name the flag in their message; the problem names it in the face's words instead.
      return parse(text, '');
    } catch (error) {
      if (!(error instanceof FleetUsageError)) throw error;
      problems.invalid(text, expected);
      return undefined;
    }
  };
}

const selection: FleetOption<FleetSelection | undefined> = {
  name: 'repositories',
  default: '',
  description:
    'Scan many repositories in this one job and write one roll-up (fleet mode): all (every repository the key sees, or those of project-id), or owner/name and glob patterns such as acme/service-* separated by commas or new lines; a pattern that starts with ! excludes what it matches (all, !acme/legacy). Each is scanned at its default branch (ref overrides it for all). Wins over repository. Empty: one repository, as repository says.',
  cli: {
    value: '<list>',
    help: 'owner/name or globs such as acme/service-*, comma separated; one starting with ! excludes: all, !acme/legacy',
    default: 'every repository the key sees',
  },
  parse: parsedBy(
    parseRepositorySelection,
    'all, or owner/name and globs such as acme/service-* separated by commas or new lines, and ! patterns that exclude',
  ),
};

const shard: FleetOption<ShardPart | undefined> = {
  name: 'shard',
  default: '',
  description:
    "This job's part of the fleet, as i/n (1-based), for a matrix of svc fleet plan --shards n: a repository's shard depends only on its full name and n, so shards never overlap and always cover the whole. Empty: the whole fleet.",
  cli: {
    value: '<i/n|auto>',
    help: "scan shard i of n (1-based); auto: from the engine's index (JOB_COMPLETION_INDEX, CI_NODE_INDEX, CIRCLE_NODE_INDEX, AWS_BATCH_JOB_ARRAY_INDEX)",
  },
  parse: parsedBy(parseShard, `i/n with 1 <= i <= n <= ${MAX_SHARDS}, for example 2/4`),
};

const progressIntervalSeconds: FleetOption<number> = {
  name: 'progress-interval',
  default: String(PROGRESS_INTERVAL.defaultSeconds),
  description: `Fleet mode: write a progress line to the log every this many seconds while the scans run (how many are done, passed, failed the gate, not judged, running and waiting, and the deadline), and once when the last ends. 0: none; otherwise ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}.`,
  cli: {
    value: '<seconds>',
    help: `a progress line on stderr every this many seconds while the scans run, and one when the last ends; 0: none; else ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}`,
  },
  bounds: PROGRESS_INTERVAL,
  parse: (value, problems) =>
    parsedBy(
      parseProgressInterval,
      `0 (no progress lines) or a whole number of seconds from ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}`,
    )(value, problems) ?? PROGRESS_INTERVAL.defaultSeconds,
};

const REPOSITORY_POLICY_CHOICES = ['on', 'off'] as const;

const repositoryPolicy: FleetOption<'on' | 'off' | undefined> = {
  name: 'repository-policy',
  default: '',
  description:
    "Fleet mode: judge each repository by its own .github/svc-scan.yml, read at its default branch's head through the GitHub App (a policy may tighten fail-on, never loosen it below the fleet's; one that does not parse leaves its repository not judged, never passed): on or off. Empty: on when github-app-id is given, else off (every repository judged by fail-on alone).",
  choices: REPOSITORY_POLICY_CHOICES,
  cli: {
    value: '<on|off>',
    help: "judge each repository by its own .github/svc-scan.yml at its default branch's head, never looser than --fail-on",
    default: 'on with GitHub credentials, else off',
  },
  parse: (value, problems) => {
    const text = textOf(value).toLowerCase();
    if (text === '') return undefined;
    const choice = REPOSITORY_POLICY_CHOICES.find((known) => known === text);
    if (choice === undefined) problems.invalid(textOf(value), 'on or off', REPOSITORY_POLICY_CHOICES);
    return choice;
  },
};

/**
 * The fleet's GitHub credentials: a GitHub App (both faces), or a token the user minted (svc alone: the action's
 * own github-token is the workflow's, which reaches only its own repository, never the fleet's). They are read as
 * text here; each face reads the key's file, checks the key and asks GitHub before any scan starts.
 */
const GITHUB_CREDENTIALS = {
  githubAppId: {
    ...optionalTextInput({
      name: 'github-app-id',
      default: '',
      description:
        "Fleet mode: the id (or client id) of a GitHub App installed on the repositories' owners (contents: read, metadata: read), with github-app-private-key: the step mints and renews its installation tokens to read each repository's default branch and policy. Empty: the fleet has no GitHub credentials (the workflow's github-token is never used for it: it reaches only the workflow's own repository).",
    }),
    cli: {
      value: '<id>',
      help: "a GitHub App's id (or client id), with its private key: its installations read each repository's head and policy",
      default: 'SVC_GITHUB_APP_ID',
    },
    env: 'SVC_GITHUB_APP_ID',
  },
  githubAppPrivateKey: {
    ...optionalTextInput({
      name: 'github-app-private-key',
      default: '',
      description:
        "Fleet mode: the GitHub App's private key, the whole PEM file GitHub generated (PKCS#1, or PKCS#8), from a secret. Masked at once, line by line; it only signs the App's JWTs in the step and is sent nowhere. With github-app-id.",
    }),
    cli: undefined,
    actionOnly: true,
  },
  githubAppPrivateKeyFile: {
    ...optionalTextInput({
      name: 'github-app-private-key-file',
      default: '',
      description: "The GitHub App's private key: its PEM file.",
    }),
    cli: {
      value: '<pem>',
      help: "the GitHub App's private key, PKCS#1 or PKCS#8 (or SVC_GITHUB_APP_PRIVATE_KEY holding the PEM itself)",
      default: 'SVC_GITHUB_APP_PRIVATE_KEY_FILE',
    },
    env: 'SVC_GITHUB_APP_PRIVATE_KEY_FILE',
    svcOnly: true,
  },
  githubToken: {
    ...optionalTextInput({
      name: 'github-token',
      default: '',
      description: 'A GitHub token the user minted, instead of the App.',
    }),
    cli: {
      value: '<token>',
      help: 'instead of the App, a GitHub token you minted (actions/create-github-app-token): used as given, never renewed',
      default: 'SVC_GITHUB_TOKEN',
    },
    env: 'SVC_GITHUB_TOKEN',
    svcOnly: true,
  },
  githubApiUrl: {
    name: 'github-api-url',
    default: 'https://api.github.com',
    description: "GitHub's API.",
    cli: {
      value: '<url>',
      help: "GitHub's API (GitHub Enterprise Server: https://HOST/api/v3)",
      default: 'GITHUB_API_URL, else https://api.github.com',
    },
    env: 'GITHUB_API_URL',
    svcOnly: true,
    parse: (value) => textOf(value).replace(/\/+$/, ''),
  },
} as const satisfies Record<string, FleetOption<unknown>>;

/** A run's input the fleet takes as it is, svc's flag included. */
function withRunFlag<T>(descriptor: InputDescriptor<T>): FleetOption<T> {
  if (descriptor.cli === undefined)
    throw new Error(`Input '${descriptor.name}' has no svc flag for the fleet to take.`);
  return { ...descriptor, cli: descriptor.cli };
}

/** Every option of the fleet, by the field of FleetOptions it fills, in the order of svc's help. */
export const FLEET_MANIFEST = {
  selection,
  projectId: { ...RUN_INPUTS.projectId, cli: { value: '<id>', help: 'the repositories of this project' } },
  ref: {
    // Only a ref the face is given: the workflow's own commit means nothing in another repository.
    ...optionalTextInput(RUN_INPUTS.ref),
    cli: {
      value: '<ref>',
      help: 'git ref to scan in every repository',
      default: "each repository's default branch",
    },
  },
  shard,
  shards: {
    name: 'shards',
    default: '',
    description: 'The shard count of --shard auto, where the engine gives none.',
    cli: { value: '<n>', help: 'the shard count for --shard auto where the engine gives none' },
    bounds: FLEET_LIMITS.shards,
    svcOnly: true,
    parse: parsedBy(parseShardCount, `a whole number of shards from ${rangeText(FLEET_LIMITS.shards)}`),
  },
  concurrency: {
    ...numberInput(
      {
        name: 'concurrency',
        default: '10',
        description: `Fleet mode: scans in flight at once, never more (${rangeText(FLEET_LIMITS.concurrency)}).`,
      },
      FLEET_LIMITS.concurrency,
      true,
    ),
    cli: { value: '<n>', help: 'scans in flight at once, never more' },
    bounds: FLEET_LIMITS.concurrency,
  },
  pollIntervalSeconds: {
    ...RUN_INPUTS.pollIntervalSeconds,
    cli: {
      value: '<seconds>',
      help: 'the first interval of the polling schedule, which backs off for long scans',
    },
    bounds: LIMITS.pollIntervalSeconds,
  },
  waitTimeoutSeconds: {
    ...RUN_INPUTS.waitTimeoutSeconds,
    default: String(FLEET_WAIT_TIMEOUT_SECONDS),
    cli: { value: '<seconds>', help: 'bound the whole fleet; scans still running then are cancelled' },
    bounds: LIMITS.waitTimeoutSeconds,
  },
  progressIntervalSeconds,
  minCredits: {
    ...optionalNumberInput(
      {
        name: 'min-credits',
        default: '',
        description:
          'Fleet mode: start no scan while the remaining credits are below this; the repositories left for lack of credits are reported as not judged. Empty: no floor.',
      },
      FLEET_LIMITS.minCredits,
      true,
    ),
    cli: { value: '<n>', help: 'start no scan while the remaining credits are below n' },
    bounds: FLEET_LIMITS.minCredits,
  },
  ledgerPath: {
    ...optionalTextInput({
      name: 'ledger',
      default: '',
      description:
        "Fleet mode: the JSON-lines file that records each start, so that a re-run of the job given the same file (restored from the Actions cache) waits for the scans already started instead of starting them again; a scan it names is adopted only when the service lists it as that repository's, and a ledger another attempt of the same workflow run (GITHUB_RUN_ID) finished is read again, never scanned again. Empty: a fresh svc-fleet-ledger.jsonl in RUNNER_TEMP (a file already there is discarded), which the post step reads.",
    }),
    cli: {
      value: '<file>',
      help: 'JSON lines recording each start, so that a re-run never starts a scan twice',
    },
  },
  runId: {
    name: 'run-id',
    default: '',
    description: 'The CI run this is an attempt of, in the ledger and the roll-up.',
    cli: {
      value: '<id>',
      help: 'the CI run this is an attempt of, in the ledger and the roll-up; a ledger finished under the same id is read again, never scanned again',
      default: 'GITHUB_RUN_ID, else CI_PIPELINE_ID',
    },
    svcOnly: true,
    parse: parsedBy(
      (text, flag) => fleetRunId(text, {}, flag) ?? undefined,
      "an id of letters, digits, '.', '_', ':' or '-' (at most 128), such as the CI's run id",
    ),
  },
  // The gate's flags are svc scan's own: the same choices, defaults and help.
  failOn: withRunFlag(RUN_INPUTS.failOn),
  severityThreshold: withRunFlag(RUN_INPUTS.severityThreshold),
  repositoryPolicy,
  ...GITHUB_CREDENTIALS,
  // One scan's input, read in fleet mode too (its default, false, is the fleet's): each repository's own upload.
  uploadSarif: {
    ...CODE_SCANNING_UPLOAD_MANIFEST.inputs.uploadSarif,
    cli: {
      help: "upload each judged repository's SARIF to its code scanning, for its default branch at the scanned commit (needs GitHub credentials with security_events write)",
      default: 'off',
    },
  },
} satisfies Record<string, FleetOption<unknown>>;

export type FleetManifestValues = ParsedInputs<typeof FLEET_MANIFEST>;

/** The options a face takes: the action's inputs (less svc's alone), or svc's flags (less the action's alone). */
export function fleetOptionsOf(face: 'svc'): readonly SvcFleetOption<unknown>[];
export function fleetOptionsOf(face: 'action'): readonly FleetOption<unknown>[];
export function fleetOptionsOf(face: 'action' | 'svc'): readonly FleetOption<unknown>[] {
  const options: readonly FleetOption<unknown>[] = Object.values(FLEET_MANIFEST);
  return face === 'svc'
    ? options.filter((option) => option.actionOnly !== true)
    : options.filter((option) => option.actionOnly === true || option.svcOnly !== true);
}

/**
 * Every option of the manifest read from what a face was given (`given`: undefined when not given), else its
 * default; each problem collected, for the face to word.
 */
export function readFleetManifest(
  given: (option: FleetOption<unknown>) => string | undefined,
  problems: InputProblem[],
): FleetManifestValues {
  const byName = new Map<string, FleetOption<unknown>>(
    Object.values(FLEET_MANIFEST).map((option) => [option.name, option]),
  );
  const source: InputSource = {
    value: (name) => {
      const option = byName.get(name);
      const value = option === undefined ? undefined : given(option);
      return value === undefined || value.trim() === ''
        ? { value: option?.default ?? '', source: 'default' }
        : { value, source: 'input' };
    },
  };
  return parseInputs(FLEET_MANIFEST, source, undefined, problems);
}
