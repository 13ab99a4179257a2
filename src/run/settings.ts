import { SEVERITIES, isSeverity, type Severity } from '../core/severity.ts';
import type { FailOn } from '../core/gate.ts';
import { sarifCategoryProblem } from '../core/sarif/sarif-category.ts';
import { SarifPathError, resolveSarifPath } from './sarif-file.ts';
import { RunError } from './run-error.ts';

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

/** Everything the run needs from the inputs, read once, checked, and frozen. */
export interface Settings {
  /** Undefined: the spec's resolution order takes over (SVC_API_KEY, then the config file). */
  apiKey: string | undefined;
  apiUrl: string | undefined;
  /** owner/name, as looked up on the service by full_name. */
  repository: string;
  projectId: string | undefined;
  /** Undefined: the repository's default branch. */
  ref: string | undefined;
  modules: readonly string[];
  frameworks: readonly string[];
  incremental: boolean;
  severityThreshold: Severity;
  failOn: FailOn;
  remediate: boolean;
  remediateSeverity: Severity;
  maxRemediations: number;
  waitTimeoutSeconds: number;
  pollIntervalSeconds: number;
  pageSize: number;
  githubToken: string | undefined;
  /** Where findings are annotated. */
  annotations: AnnotationsMode;
  /** Most findings annotated through the check run, most severe first. */
  maxAnnotations: number;
  /** Name of the check run, and the key of the sticky pull request comment. */
  checkName: string;
  prComment: PrCommentMode;
  /** The gate as asked for; `auto` is resolved in `gateMode`. */
  gate: GateInput;
  /** What the gate judges: the findings the pull request introduces, or all of them. */
  gateMode: 'new' | 'all';
  baselineScan: BaselineScanMode;
  reuseScan: boolean;
  /** Post fixes as suggested changes on the pull request's lines. */
  suggestFixes: boolean;
  /** Most suggestions posted in one run, and most finding details read for fixes. */
  maxSuggestions: number;
  /** A pull request or a merge group: the run judges what it changes. */
  judgesChange: boolean;
  /** A pull request from a fork: GitHub passes it no secrets. */
  isForkPullRequest: boolean;
  /** Start the scan's AI analysis once it completes, and wait for it. */
  aiAnalysis: boolean;
  /** The compliance overall score below which the step fails; undefined: compliance never fails it. */
  minComplianceScore: number | undefined;
  /** Absolute path of the SARIF file to write (`sarif-file`, resolved); undefined: none. */
  sarifFile: string | undefined;
  /** The SARIF run's code scanning category (`sarif-category`, else `svc-scan/<owner>/<name>`). */
  sarifCategory: string;
  /** The policy file's path in the repository, and whether the workflow named it (then it must exist). */
  configFile: string;
  configFileNamed: boolean;
  configFrom: ConfigFrom;
  /** Globs of the part of the repository the gate judges (empty: all of it), and of what it never judges. */
  paths: readonly string[];
  pathsIgnore: readonly string[];
  /** Where each setting came from: the workflow's input, the policy file, or the built-in default. */
  sources: Readonly<Record<InputName, SettingSource>>;
}

export const CONFIG_FROM = ['auto', 'head', 'base'] as const;
export type ConfigFrom = (typeof CONFIG_FROM)[number];
export type SettingSource = 'input' | 'policy' | 'default';

/** The settings a policy file gives, under the inputs' names and in their text form, and the file's name. */
export interface PolicySettings {
  file: string;
  values: Partial<Record<InputName, string>>;
}

/**
 * The inputs' defaults. They live here, not in action.yml: an input the workflow leaves empty must be told from
 * one it set, since a set input wins over the policy file and the file over these (action.yml names each default
 * in its description, and a test holds the two together).
 */
export const INPUT_DEFAULTS = {
  'api-key': '',
  'api-url': '',
  repository: '',
  'project-id': '',
  ref: '',
  modules: '',
  frameworks: '',
  incremental: 'true',
  'severity-threshold': 'low',
  'fail-on': 'high',
  remediate: 'false',
  'remediate-severity': 'critical',
  'max-remediations': '5',
  'wait-timeout': '600',
  'poll-interval': '2',
  'page-size': '200',
  'github-token': '',
  annotations: 'check-run',
  'max-annotations': '1000',
  'check-name': 'svc-scan',
  'pr-comment': 'on-failure',
  gate: 'auto',
  'baseline-scan': 'auto',
  'reuse-scan': 'true',
  'suggest-fixes': 'true',
  'max-suggestions': '20',
  'ai-analysis': 'false',
  'min-compliance-score': '',
  'sarif-file': '',
  'sarif-category': '',
  'config-file': '.github/svc-scan.yml',
  'config-from': 'auto',
  paths: '',
  'paths-ignore': '',
} as const;

export const GATE_INPUTS = ['auto', 'new', 'all'] as const;
export type GateInput = (typeof GATE_INPUTS)[number];
export const BASELINE_SCAN_MODES = ['auto', 'never'] as const;
export type BaselineScanMode = (typeof BASELINE_SCAN_MODES)[number];

export const ANNOTATIONS_MODES = ['check-run', 'workflow-commands', 'none'] as const;
export type AnnotationsMode = (typeof ANNOTATIONS_MODES)[number];
export const PR_COMMENT_MODES = ['always', 'on-failure', 'never'] as const;
export type PrCommentMode = (typeof PR_COMMENT_MODES)[number];

export type InputName = keyof typeof INPUT_DEFAULTS;

export const LIMITS = {
  maxRemediations: { min: 0, max: 50 },
  waitTimeoutSeconds: { min: 1, max: 6 * 60 * 60 },
  pollIntervalSeconds: { min: 0.1, max: 300 },
  pageSize: { min: 1, max: 1000 },
  maxAnnotations: { min: 0, max: 10_000 },
  maxSuggestions: { min: 0, max: 100 },
  checkNameLength: { min: 1, max: 100 },
  complianceScore: { min: 0, max: 100 },
} as const;

/** One or more inputs are invalid. The message names each one, what was given and what is allowed. */
export class InputError extends RunError {
  override name = 'InputError';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(
      problems.length === 1
        ? (problems[0] ?? '')
        : `${problems.length} inputs are invalid:\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
    this.problems = problems;
  }
}

/** owner/name as GitHub spells them; a part of dots alone (`.`, `..`) would be a path, never a repository. */
const REPOSITORY_PATTERN = /^(?!\.+\/)[A-Za-z0-9_.-]+\/(?!\.+$)[A-Za-z0-9_.-]+$/;
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;
const TRUE_VALUES = ['true', 'True', 'TRUE'];
const FALSE_VALUES = ['false', 'False', 'FALSE'];

/**
 * Reads and checks every input. Pure: it takes the input getter and the run's origin, so it is tested without
 * the toolkit. Every problem is collected, so one run tells the user all that is wrong.
 */
export function parseSettings(
  getInput: (name: InputName) => string,
  origin: RunOrigin,
  policy?: PolicySettings,
  options: { together: boolean } = { together: true },
): Readonly<Settings> {
  const problems: string[] = [];
  // An input the workflow sets wins over the policy file, and the file over the built-in default.
  const sourceOf = (name: InputName): SettingSource => {
    if (getInput(name).trim() !== '') return 'input';
    return (policy?.values[name]?.trim() ?? '') !== '' ? 'policy' : 'default';
  };
  const read = (name: InputName): string => {
    switch (sourceOf(name)) {
      case 'input':
        return getInput(name).trim();
      case 'policy':
        return policy?.values[name]?.trim() ?? '';
      case 'default':
        return INPUT_DEFAULTS[name];
    }
  };
  const invalid = (name: InputName, given: string, allowed: string): string =>
    `${sourceOf(name) === 'policy' ? `'${name}' in ${policy?.file ?? 'the policy file'}` : `Input '${name}'`} ` +
    `is invalid: got '${given}'; expected ${allowed}.`;
  const optional = (name: InputName): string | undefined => read(name) || undefined;

  const severity = (name: InputName): Severity => {
    const value = read(name).toLowerCase();
    if (isSeverity(value)) return value;
    problems.push(invalid(name, read(name), `one of ${SEVERITIES.join(', ')}`));
    return 'critical';
  };
  const boolean = (name: InputName): boolean => {
    const value = read(name);
    if (TRUE_VALUES.includes(value)) return true;
    if (FALSE_VALUES.includes(value)) return false;
    problems.push(invalid(name, value, 'true or false'));
    return false;
  };
  const number = (name: InputName, limits: { min: number; max: number }, integer: boolean): number => {
    const value = read(name);
    const parsed = /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
    const ok = Number.isFinite(parsed) && (!integer || Number.isInteger(parsed));
    if (ok && parsed >= limits.min && parsed <= limits.max) return parsed;
    const kind = integer ? 'a whole number' : 'a number';
    problems.push(invalid(name, value, `${kind} from ${limits.min} to ${limits.max}`));
    return limits.min;
  };
  const list = (name: InputName): string[] => {
    const items = read(name)
      .split(/[,\n]/)
      .map((item) => item.trim())
      .filter((item) => item.length > 0);
    const bad = items.filter((item) => !NAME_PATTERN.test(item));
    if (bad.length > 0) {
      problems.push(
        invalid(
          name,
          bad.join(', '),
          'names of letters, digits, -, _, . and :, separated by commas or new lines',
        ),
      );
    }
    return [...new Set(items)];
  };

  const repository = read('repository') || (origin.repository ?? '');
  if (!REPOSITORY_PATTERN.test(repository)) {
    problems.push(
      repository === ''
        ? "Input 'repository' is empty and GITHUB_REPOSITORY is not set: give the repository as owner/name."
        : invalid('repository', repository, 'owner/name, for example octo-org/webapp'),
    );
  }

  const choice = <T extends string>(name: InputName, allowed: readonly T[]): T => {
    const value = read(name).toLowerCase();
    const found = allowed.find((option) => option === value);
    if (found !== undefined) return found;
    problems.push(invalid(name, read(name), `one of ${allowed.join(', ')}`));
    return allowed[0] as T;
  };
  const gate = choice('gate', GATE_INPUTS);
  const checkName = read('check-name');
  // GitHub shows the name on the pull request; a line break or an invisible character would garble it.
  if (checkName.length > LIMITS.checkNameLength.max || /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(checkName)) {
    problems.push(
      invalid(
        'check-name',
        checkName,
        `1 to ${LIMITS.checkNameLength.max} characters on one line, no control characters`,
      ),
    );
  }

  const sarifFile = sarifFilePath(read('sarif-file'), origin.workspace, problems);
  // Only a category given is checked: the default follows from the repository, checked above.
  const givenCategory = read('sarif-category');
  const categoryProblem = givenCategory === '' ? undefined : sarifCategoryProblem(givenCategory);
  if (categoryProblem) problems.push(invalid('sarif-category', givenCategory, categoryProblem));
  const sarifCategory = givenCategory || `svc-scan/${repository}`;

  const failOnValue = read('fail-on').toLowerCase();
  let failOn: FailOn = 'critical';
  if (failOnValue === 'none' || isSeverity(failOnValue)) failOn = failOnValue;
  else problems.push(invalid('fail-on', read('fail-on'), `one of ${SEVERITIES.join(', ')}, or none`));

  const settings: Settings = {
    apiKey: optional('api-key'),
    apiUrl: optional('api-url'),
    repository,
    projectId: optional('project-id'),
    ref: optional('ref') ?? origin.ref,
    modules: list('modules'),
    frameworks: list('frameworks'),
    incremental: boolean('incremental'),
    severityThreshold: severity('severity-threshold'),
    failOn,
    remediate: boolean('remediate'),
    remediateSeverity: severity('remediate-severity'),
    maxRemediations: number('max-remediations', LIMITS.maxRemediations, true),
    waitTimeoutSeconds: number('wait-timeout', LIMITS.waitTimeoutSeconds, false),
    pollIntervalSeconds: number('poll-interval', LIMITS.pollIntervalSeconds, false),
    pageSize: number('page-size', LIMITS.pageSize, true),
    githubToken: optional('github-token'),
    annotations: choice('annotations', ANNOTATIONS_MODES),
    maxAnnotations: number('max-annotations', LIMITS.maxAnnotations, true),
    checkName,
    prComment: choice('pr-comment', PR_COMMENT_MODES),
    gate,
    // auto: new on pull request events, where there is a base to compare with; all elsewhere.
    gateMode: gate === 'all' || (gate === 'auto' && !origin.judgesChange) ? 'all' : 'new',
    baselineScan: choice('baseline-scan', BASELINE_SCAN_MODES),
    reuseScan: boolean('reuse-scan'),
    suggestFixes: boolean('suggest-fixes'),
    maxSuggestions: number('max-suggestions', LIMITS.maxSuggestions, true),
    judgesChange: origin.judgesChange,
    isForkPullRequest: origin.isForkPullRequest,
    aiAnalysis: boolean('ai-analysis'),
    minComplianceScore:
      read('min-compliance-score') === ''
        ? undefined
        : number('min-compliance-score', LIMITS.complianceScore, false),
    sarifFile,
    sarifCategory,
    configFile: read('config-file'),
    configFileNamed: sourceOf('config-file') === 'input',
    configFrom: choice('config-from', CONFIG_FROM),
    paths: globs(read('paths')),
    pathsIgnore: globs(read('paths-ignore')),
    sources: Object.fromEntries(
      (Object.keys(INPUT_DEFAULTS) as InputName[]).map((name) => [name, sourceOf(name)]),
    ) as Record<InputName, SettingSource>,
  };
  if (options.together) checkTogether(settings, problems);
  if (problems.length > 0) throw new InputError(problems);
  return Object.freeze(settings);
}

/**
 * Checks each input the workflow sets on its own, before the policy file is read: a bad input is refused before
 * any request, to GitHub or to the service. What depends on several settings (which the file may complete) waits
 * for parseSettings.
 */
export function checkInputs(getInput: (name: InputName) => string, origin: RunOrigin): void {
  parseSettings(getInput, origin, undefined, { together: false });
}

/** The checks that take several settings at once. */
function checkTogether(settings: Settings, problems: string[]): void {
  if (settings.minComplianceScore !== undefined && settings.frameworks.length === 0) {
    problems.push(
      "Input 'min-compliance-score' needs input 'frameworks': the score it gates on is the compliance score of " +
        "those frameworks. Set 'frameworks' (for example owasp-top-10) or leave 'min-compliance-score' empty.",
    );
  }
  if (problems.length === 0 && settings.pollIntervalSeconds > settings.waitTimeoutSeconds) {
    problems.push(
      `Input 'poll-interval' (${settings.pollIntervalSeconds}) is longer than 'wait-timeout' ` +
        `(${settings.waitTimeoutSeconds}): the scan would be polled at most once. Lower poll-interval or raise wait-timeout.`,
    );
  }
}

/** The `sarif-file` input resolved against the workspace; a path that cannot be used is a problem. */
function sarifFilePath(value: string, workspace: string | undefined, problems: string[]): string | undefined {
  if (value === '') return undefined;
  try {
    return resolveSarifPath(value, workspace ?? '');
  } catch (error) {
    if (!(error instanceof SarifPathError)) throw error;
    problems.push(error.message);
    return undefined;
  }
}

/**
 * Globs separated by new lines or commas; a comma inside braces (`src/{a,b}/**`) belongs to its glob. A `#` starts
 * no comment: it is a character of the glob, as in a workflow's `paths:`.
 */
export function globs(text: string): string[] {
  const found: string[] = [];
  let current = '';
  let depth = 0;
  for (const char of text) {
    if (char === '{') depth += 1;
    if (char === '}') depth = Math.max(0, depth - 1);
    if (char === '\n' || (char === ',' && depth === 0)) {
      found.push(current);
      current = '';
    } else current += char;
  }
  found.push(current);
  return found.map((glob) => glob.trim()).filter((glob) => glob !== '');
}
