import type { PolicyBounds } from '../domain/policy.ts';
import {
  FAIL_ON_VALUES,
  booleanInput,
  choiceInput,
  failOnInput,
  globsInput,
  namesInput,
  numberInput,
  optionalNumberInput,
  optionalTextInput,
  rangeText,
  schemaOf,
  textInput,
  severityInput,
  textOf,
  type Face,
  type InputDescriptor,
  type InputManifest,
  type InputTable,
  type InputValue,
  type ParsedInputs,
  type SettingSource,
} from './input-descriptor.ts';
import type { InputProblem } from './input-problem.ts';
import { InputError, readSettingInputs, type PolicySettings } from './setting-inputs.ts';
import { RUN_DEADLINE_MARGIN_MS } from './run-deadline.ts';

export type { InputValue, PolicySettings, SettingSource };
export { InputError };
/** An input's name, as action.yml spells it (`fail-on`). */
export type InputName = string;

/**
 * Where the run happens, as its face tells it: what the settings default to when the inputs say nothing, and
 * whether the run judges a change under review. The action reads it from the workflow's event; `svc` has none.
 */
export interface RunOrigin {
  /** The repository when the input names none (the action: GITHUB_REPOSITORY). */
  repository?: string | undefined;
  /** The commit when the ref input names none (the action: the pull request's head, else GITHUB_SHA). */
  ref?: string | undefined;
  /** The folder a relative `sarif-file` is resolved against (the action: GITHUB_WORKSPACE). */
  workspace?: string | undefined;
  /** The run judges a change under review (a pull request, a merge group): `gate: auto` means its new findings. */
  judgesChange: boolean;
  /** A pull request from a fork: GitHub passes it no secrets. */
  isForkPullRequest: boolean;
}

/** A run with no workflow around it: the repository's default branch, and nothing to compare with. */
export const NO_ORIGIN: RunOrigin = { judgesChange: false, isForkPullRequest: false };

const GATE_INPUTS = ['auto', 'new', 'all'] as const;
const BASELINE_SCAN_MODES = ['auto', 'never'] as const;

export const LIMITS = {
  maxRemediations: { min: 0, max: 50 },
  waitTimeoutSeconds: { min: 1, max: 6 * 60 * 60, unit: 'seconds' },
  pollIntervalSeconds: { min: 0.1, max: 300, unit: 'seconds' },
  pageSize: { min: 1, max: 1000 },
  maxAnnotations: { min: 0, max: 10_000 },
  maxSuggestions: { min: 0, max: 100 },
  checkNameLength: { min: 1, max: 100 },
  complianceScore: { min: 0, max: 100 },
  /** The policy file: GitHub's contents API gives file contents up to 1 MB. */
  policyFileBytes: { min: 0, max: 1_000_000 },
  /** Keys in one mapping of the policy file (the schema knows 27 at the top, 6 in a suppression). */
  policyKeys: { min: 0, max: 100 },
  /** Entries in one list of the policy file (`ignore`, `paths`...). */
  policyEntries: { min: 0, max: 10_000 },
  /** Problems a refusal of the policy file lists; it counts the rest. */
  policyProblems: { min: 1, max: 20 },
  /** `*` between two slashes of a policy's glob: each more multiplies a segment's matching by its length. */
  policyGlobStars: { min: 0, max: 2 },
  /** YAML tokens of the policy file: about 2 s of parsing at the most, whatever the file's shape. */
  policyTokens: { min: 1, max: 250_000 },
  /** Tags, anchors and aliases of the policy file, each. */
  policyProperties: { min: 0, max: 100 },
  /** Characters of a policy's glob. */
  policyGlobCharacters: { min: 1, max: 1000 },
  /**
   * Results of a SARIF run: code scanning refuses more. Its limit is GITHUB_UPLOAD_LIMITS.maxResults
   * (src/code-scanning/github-upload-limits.ts), above the run's layer; test/unit/code-scanning/upload-limits.test.ts
   * holds the two equal.
   */
  sarifMaxResults: { min: 1, max: 25_000 },
} as const;

/** The policy file's bounds, as its parser takes them. */
export const POLICY_BOUNDS: PolicyBounds = {
  keys: LIMITS.policyKeys.max,
  entries: LIMITS.policyEntries.max,
  problems: LIMITS.policyProblems.max,
  globStars: LIMITS.policyGlobStars.max,
  tokens: LIMITS.policyTokens.max,
  properties: LIMITS.policyProperties.max,
};

/** owner/name as GitHub spells them; a part of dots alone (`.`, `..`) would be a path, never a repository. */
const REPOSITORY_PATTERN = /^(?!\.+\/)[A-Za-z0-9_.-]+\/(?!\.+$)[A-Za-z0-9_.-]+$/;

/** The repository input, else the origin's; it must be owner/name. */
const repositoryInput: InputDescriptor<string, RunOrigin> = {
  name: 'repository',
  default: '',
  declaredDefault: '${{ github.repository }}',
  description:
    'Repository to scan, as owner/name, looked up on the service by full_name. Defaults to the workflow repository.',
  parse: (value, problems, origin) => {
    const repository = textOf(value) || (origin.repository ?? '');
    if (REPOSITORY_PATTERN.test(repository)) return repository;
    problems.invalid(
      repository,
      repository === ''
        ? 'owner/name: it is empty, and GITHUB_REPOSITORY, its default, is not set'
        : 'owner/name, for example octo-org/webapp',
    );
    return repository;
  },
};

/** The policy file's default place, in the repository (the action) or the checkout (svc). */
const DEFAULT_POLICY_FILE = '.github/svc-scan.yml';

/** Where the policy file is: the action reads it at a commit, svc in the checkout it runs in (`--policy`). */
export const POLICY_FILE_INPUT = textInput({
  name: 'config-file',
  default: DEFAULT_POLICY_FILE,
  description:
    "The repository's policy file (YAML, schema svc-scan.schema.json): gate settings, paths and suppressions with reasons. An input the workflow sets wins over the file, the file over the built-in default. A missing default file means no policy; a file named here must exist.",
  cli: {
    flag: '--policy',
    value: '<file>',
    help: 'policy file (gate settings, paths, suppressions), or none; flags win over it',
    default: `${DEFAULT_POLICY_FILE} of the checkout, when present`,
  },
});

/** The inputs the fleet reads too: the service, the commit, the gate's threshold and the waits. */
const BOTH_FACES: readonly Face[] = ['one-scan', 'fleet'];

/** The inputs of the run, by the field of the settings each fills; the face adds its own (the action's GitHub side). */
export const RUN_INPUTS = {
  apiKey: optionalTextInput({
    name: 'api-key',
    default: '',
    faces: BOTH_FACES,
    description:
      'API key of the scanning service (svc_sk_...). Masked at once. When empty: the SVC_API_KEY environment variable, then ~/.svc/config.toml.',
  }),
  apiUrl: optionalTextInput({
    name: 'api-url',
    default: '',
    faces: BOTH_FACES,
    description:
      'Base URL of the service, ending in /api/v1. When empty: SVC_API_URL, then ~/.svc/config.toml; with none of them the step fails before sending anything. On pull_request_target only this input is taken (an earlier step can set the others).',
  }),
  repository: repositoryInput,
  projectId: optionalTextInput({
    name: 'project-id',
    faces: BOTH_FACES,
    default: '',
    description: 'Service project id that narrows the repository lookup.',
    cli: { value: '<id>', help: 'look the repository up in this project only' },
  }),
  ref: {
    ...optionalTextInput({
      name: 'ref',
      faces: BOTH_FACES,
      default: '',
      description:
        'Git ref to scan. Defaults to the pull request head SHA on pull_request and pull_request_target events, else GITHUB_SHA, else the repository default branch.',
      cli: { value: '<ref>', help: "git ref to scan (default: the repository's default branch)" },
    }),
    parse: (value: InputValue, _problems: unknown, origin: RunOrigin) => textOf(value) || origin.ref,
  },
  modules: namesInput({
    name: 'modules',
    default: '',
    description: 'Scan modules, comma or newline separated. Empty: the service default.',
    schema: schemaOf.defined('Scan modules.', 'names'),
    cli: { value: '<list>', help: 'scan modules, comma separated (default: the service default)' },
  }),
  frameworks: namesInput({
    name: 'frameworks',
    default: '',
    description: 'Compliance frameworks, comma or newline separated.',
    schema: schemaOf.defined('Compliance frameworks.', 'names'),
    cli: { value: '<list>', help: 'compliance frameworks, comma separated' },
  }),
  incremental: booleanInput({
    name: 'incremental',
    default: 'true',
    description: 'Incremental scan (true or false).',
    schema: schemaOf.boolean('Incremental scan.'),
  }),
  severityThreshold: severityInput({
    name: 'severity-threshold',
    faces: BOTH_FACES,
    default: 'low',
    description:
      'Lowest severity reported in annotations and the summary (critical, high, medium, low, info). Findings at or above fail-on are always reported.',
    schema: schemaOf.defined('Lowest severity reported in annotations and the summary.', 'severity'),
    cli: { value: '<severity>', help: 'lowest severity listed in the report' },
  }),
  failOn: failOnInput({
    name: 'fail-on',
    faces: BOTH_FACES,
    default: 'high',
    description:
      'Lowest severity that fails the step (critical, high, medium, low, info), or none to never fail on findings.',
    schema: schemaOf.oneOf(
      'Lowest severity that fails the gate, or none to never fail on findings.',
      FAIL_ON_VALUES,
    ),
    cli: { value: '<severity>', help: 'lowest severity that fails the gate, or none' },
  }),
  remediate: booleanInput({
    name: 'remediate',
    default: 'false',
    description:
      'Start remediation jobs (which may open pull requests) for reported findings at or above remediate-severity.',
    schema: schemaOf.boolean('Start remediation jobs.'),
  }),
  remediateSeverity: severityInput({
    name: 'remediate-severity',
    default: 'critical',
    description: 'Lowest severity remediated when remediate is true.',
    schema: schemaOf.defined('Lowest severity remediated.', 'severity'),
  }),
  maxRemediations: numberInput(
    {
      name: 'max-remediations',
      default: '5',
      description: `Most remediation jobs started in one run (${rangeText(LIMITS.maxRemediations)}).`,
      schema: schemaOf.number('Most remediation jobs in one run.', LIMITS.maxRemediations, true),
    },
    LIMITS.maxRemediations,
    true,
  ),
  waitTimeoutSeconds: numberInput(
    {
      name: 'wait-timeout',
      faces: BOTH_FACES,
      default: '600',
      description: `Seconds the whole run may take (repository lookup, scan, findings, remediations); requests in flight are cut at this deadline, and the step then needs at most ${RUN_DEADLINE_MARGIN_MS / 1000} s more to write its results.`,
      schema: schemaOf.number('Seconds the whole run may take.', LIMITS.waitTimeoutSeconds, false),
      cli: { value: '<seconds>', help: 'give up (and cancel the scan) after this long' },
    },
    LIMITS.waitTimeoutSeconds,
    false,
  ),
  pollIntervalSeconds: numberInput(
    {
      name: 'poll-interval',
      faces: BOTH_FACES,
      default: '2',
      description: 'Seconds between scan status polls.',
      cli: { value: '<seconds>', help: 'seconds between status checks' },
    },
    LIMITS.pollIntervalSeconds,
    false,
  ),
  pageSize: numberInput(
    {
      name: 'page-size',
      default: '200',
      description:
        'Findings requested per page (the service may answer with fewer, and the action follows it).',
    },
    LIMITS.pageSize,
    true,
  ),
  gate: choiceInput(
    {
      name: 'gate',
      default: 'auto',
      description:
        'What fails the gate: new (only findings the pull request introduces, against a baseline scan of its merge base), all (every finding of the head commit), or auto (new on pull_request and pull_request_target, all elsewhere).',
      schema: schemaOf.oneOf(
        'What fails the gate: new (what a pull request introduces), all, or auto (new on pull requests and merge groups).',
        GATE_INPUTS,
      ),
    },
    GATE_INPUTS,
  ),
  baselineScan: choiceInput(
    {
      name: 'baseline-scan',
      default: 'auto',
      description:
        'When no completed scan of the baseline commit exists: auto (start one beside the head scan; it costs a scan) or never (then gate on all findings and say why).',
      schema: schemaOf.oneOf(
        'When no completed scan of the baseline commit exists: auto starts one, never gates on all findings.',
        BASELINE_SCAN_MODES,
      ),
    },
    BASELINE_SCAN_MODES,
  ),
  reuseScan: booleanInput({
    name: 'reuse-scan',
    default: 'true',
    description:
      'Reuse a queued, running or completed scan of the same commit created within the last hour, with the same modules, instead of starting a new one (true or false). Only a ref that is a full commit SHA is reused: a branch or tag may have moved since.',
    schema: schemaOf.boolean('Reuse a recent scan of the same commit.'),
    cli: {
      help: 'reuse a scan of the same commit from the last hour; only when --ref is a full commit SHA',
      negated: 'always start a new scan',
    },
  }),
  aiAnalysis: booleanInput({
    name: 'ai-analysis',
    default: 'false',
    description:
      'After the scan completes, start its AI analysis and wait for it (within wait-timeout): risk score, overall confidence and agent runs in the summary. A failed analysis is a warning, never the verdict.',
    schema: schemaOf.boolean("Start the scan's AI analysis and wait for it."),
  }),
  minComplianceScore: optionalNumberInput(
    {
      name: 'min-compliance-score',
      default: '',
      description: `Fail the step when the compliance overall score of the frameworks is below this (${rangeText(LIMITS.complianceScore)}), or cannot be read. Requires frameworks. Empty: compliance never fails the step.`,
      schema: schemaOf.number(
        'Fail when the compliance overall score of the frameworks is below this.',
        LIMITS.complianceScore,
        false,
      ),
    },
    LIMITS.complianceScore,
    false,
  ),
  paths: globsInput({
    name: 'paths',
    default: '',
    description:
      'Globs (newline or comma separated) of the part of the repository the gate judges; findings elsewhere are neither reported nor gated, and a pull request that changes no file in scope is not scanned (result skipped). Empty: everything.',
    schema: schemaOf.defined('Globs of the part of the repository the gate judges.', 'globs'),
  }),
  pathsIgnore: globsInput({
    name: 'paths-ignore',
    default: '',
    description:
      'Globs (newline or comma separated) of paths the gate never judges, as paths above. Empty: none.',
    schema: schemaOf.defined('Globs of paths the gate never judges.', 'globs'),
  }),
} satisfies InputTable<RunOrigin>;

/** The run's inputs as the faces read them: one scan reads them all, the fleet those marked for it. */
export const RUN_MANIFEST: InputManifest<typeof RUN_INPUTS> = {
  name: 'run',
  faces: ['one-scan'],
  inputs: RUN_INPUTS,
};

/** Everything the run needs from the inputs, read once, checked, and frozen. GitHub-neutral: `svc scan` uses it too. */
export interface Settings extends ParsedInputs<typeof RUN_INPUTS> {
  /** What the gate judges: the findings the pull request introduces, or all of them (`gate: auto` resolved). */
  gateMode: 'new' | 'all';
  /** A pull request or a merge group: the run judges what it changes. */
  judgesChange: boolean;
  /** A pull request from a fork: GitHub passes it no secrets. */
  isForkPullRequest: boolean;
  /** Where each setting came from: the workflow's input, the policy file, or the built-in default. */
  sources: Readonly<Record<string, SettingSource>>;
}

/**
 * Reads and checks the run's inputs: an input the workflow sets wins over the policy file, and the file over the
 * built-in default. Pure: it takes the input getter and the run's origin, so it is tested without the toolkit.
 * Every problem is collected, so one run tells the user all that is wrong.
 */
export function parseSettings(
  getInput: (name: string) => string,
  origin: RunOrigin,
  policy?: PolicySettings,
): Readonly<Settings> {
  const reading = readSettingInputs({ run: RUN_INPUTS }, getInput, origin);
  const settings = runSettingsOf(reading.complete(policy).run, origin, reading.sources(policy));
  reading.addProblems(checkTogether(settings, reading.problems.length, policy?.file));
  reading.throwIfInvalid();
  return Object.freeze(settings);
}

/** The run's settings from its parsed inputs and its origin: what `gate: auto` means here. */
export function runSettingsOf(
  parsed: ParsedInputs<typeof RUN_INPUTS>,
  origin: RunOrigin,
  sources: Readonly<Record<string, SettingSource>>,
): Settings {
  const { gate } = parsed;
  return {
    ...parsed,
    // auto: new on pull request events, where there is a base to compare with; all elsewhere.
    gateMode: gate === 'all' || (gate === 'auto' && !origin.judgesChange) ? 'all' : 'new',
    judgesChange: origin.judgesChange,
    isForkPullRequest: origin.isForkPullRequest,
    sources,
  };
}

/**
 * The checks that take several settings at once. The poll interval is compared only with valid numbers (an
 * invalid one reads as its minimum).
 */
export function checkTogether(
  settings: Settings,
  problemsSoFar: number,
  policyFile?: string,
): InputProblem[] {
  const problems: InputProblem[] = [];
  const fileOf = (input: string) => (settings.sources[input] === 'policy' ? policyFile : undefined);
  if (settings.minComplianceScore !== undefined && settings.frameworks.length === 0) {
    problems.push({
      input: 'min-compliance-score',
      given: String(settings.minComplianceScore),
      expected: [
        'it empty, or ',
        { input: 'frameworks' },
        ' set (for example owasp-top-10): the score it gates on is the compliance score of those frameworks',
      ],
      file: fileOf('min-compliance-score'),
    });
  }
  if (problemsSoFar + problems.length === 0 && settings.pollIntervalSeconds > settings.waitTimeoutSeconds) {
    problems.push({
      input: 'poll-interval',
      given: String(settings.pollIntervalSeconds),
      expected: [
        'at most ',
        { input: 'wait-timeout' },
        ` (${settings.waitTimeoutSeconds}), or the scan would be polled at most once: lower one or raise the other`,
      ],
      file: fileOf('poll-interval'),
    });
  }
  return problems;
}
