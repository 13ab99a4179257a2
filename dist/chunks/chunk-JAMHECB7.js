import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
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
  parseInputs,
  problemsFor,
  rangeText,
  schemaOf,
  severityInput,
  textInput,
  textOf
} from "./chunk-DTE7QE2B.js";
import {
  ACTION_WORDS,
  RUN_DEADLINE_MARGIN_MS,
  RunError,
  problemText
} from "./chunk-QJCS3XWK.js";

// src/run/setting-inputs.ts
var InputError = class extends RunError {
  name = "InputError";
  found;
  problems;
  constructor(found) {
    const problems = found.map((problem) => problemText(problem, ACTION_WORDS));
    super(problemsMessage(problems));
    this.found = found;
    this.problems = problems;
  }
};
function problemsMessage(problems) {
  return problems.length === 1 ? problems[0] ?? "" : `${problems.length} inputs are invalid:
${problems.map((p) => `- ${p}`).join("\n")}`;
}
var SettingInputs = class {
  problems = [];
  #tables;
  #context;
  #given = /* @__PURE__ */ new Map();
  #parsed = /* @__PURE__ */ new Map();
  constructor(tables, getInput, context) {
    this.#tables = tables;
    this.#context = context;
    for (const table of Object.values(tables)) {
      for (const descriptor of Object.values(table)) {
        const given = getInput(descriptor.name).trim();
        if (given === "") continue;
        this.#given.set(descriptor.name, given);
        const problems = problemsFor(descriptor.name, void 0, this.problems);
        this.#parsed.set(`input ${descriptor.name}`, descriptor.parse(given, problems, context));
      }
    }
  }
  /** Every table parsed: the inputs as parsed already, the rest from the policy file or the default. */
  complete(policy) {
    const parsed = {};
    for (const [key, table] of Object.entries(this.#tables))
      parsed[key] = parseInputs(table, this.#source(policy), this.#context, this.problems, this.#parsed);
    return parsed;
  }
  /**
   * One table parsed, for what is needed before the rest (where the policy file is): its problems are kept for
   * throwIfInvalid, and its values are not parsed again.
   */
  completeTable(key, policy) {
    const parsed = parseInputs(
      this.#tables[key],
      this.#source(policy),
      this.#context,
      this.problems,
      this.#parsed
    );
    return parsed;
  }
  /** Where each setting came from: the workflow's input, the policy file, or the built-in default. */
  sources(policy) {
    const sources = {};
    for (const table of Object.values(this.#tables))
      for (const { name } of Object.values(table)) sources[name] = this.#source(policy).value(name).source;
    return sources;
  }
  addProblems(problems) {
    this.problems.push(...problems);
  }
  throwIfInvalid() {
    if (this.problems.length > 0) throw new InputError(this.problems);
  }
  #source(policy) {
    return {
      value: (name) => {
        const given = this.#given.get(name);
        if (given !== void 0) return { value: given, source: "input" };
        const fromPolicy = policy?.values[name];
        if (fromPolicy !== void 0 && textOf(fromPolicy) !== "")
          return { value: fromPolicy, source: "policy", file: policy?.file ?? "the policy file" };
        return { value: this.#defaultOf(name), source: "default" };
      }
    };
  }
  #defaultOf(name) {
    for (const table of Object.values(this.#tables))
      for (const descriptor of Object.values(table)) if (descriptor.name === name) return descriptor.default;
    return "";
  }
};
function readSettingInputs(tables, getInput, context) {
  return new SettingInputs(tables, getInput, context);
}

// src/run/settings.ts
var NO_ORIGIN = { judgesChange: false, isForkPullRequest: false };
var GATE_INPUTS = ["auto", "new", "all"];
var BASELINE_SCAN_MODES = ["auto", "never"];
var LIMITS = {
  maxRemediations: { min: 0, max: 50 },
  waitTimeoutSeconds: { min: 1, max: 6 * 60 * 60, unit: "seconds" },
  pollIntervalSeconds: { min: 0.1, max: 300, unit: "seconds" },
  pageSize: { min: 1, max: 1e3 },
  maxAnnotations: { min: 0, max: 1e4 },
  maxSuggestions: { min: 0, max: 100 },
  checkNameLength: { min: 1, max: 100 },
  complianceScore: { min: 0, max: 100 },
  /** The policy file: GitHub's contents API gives file contents up to 1 MB. */
  policyFileBytes: { min: 0, max: 1e6 },
  /** Keys in one mapping of the policy file (the schema knows 27 at the top, 6 in a suppression). */
  policyKeys: { min: 0, max: 100 },
  /** Entries in one list of the policy file (`ignore`, `paths`...). */
  policyEntries: { min: 0, max: 1e4 },
  /** Problems a refusal of the policy file lists; it counts the rest. */
  policyProblems: { min: 1, max: 20 },
  /** `*` between two slashes of a policy's glob: each more multiplies a segment's matching by its length. */
  policyGlobStars: { min: 0, max: 2 },
  /** YAML tokens of the policy file: about 2 s of parsing at the most, whatever the file's shape. */
  policyTokens: { min: 1, max: 25e4 },
  /** Tags, anchors and aliases of the policy file, each. */
  policyProperties: { min: 0, max: 100 },
  /** Characters of a policy's glob. */
  policyGlobCharacters: { min: 1, max: 1e3 },
  /**
   * Results of a SARIF run: code scanning refuses more. Its limit is GITHUB_UPLOAD_LIMITS.maxResults
   * (src/code-scanning/github-upload-limits.ts), above the run's layer; test/unit/code-scanning/upload-limits.test.ts
   * holds the two equal.
   */
  sarifMaxResults: { min: 1, max: 25e3 }
};
var POLICY_BOUNDS = {
  keys: LIMITS.policyKeys.max,
  entries: LIMITS.policyEntries.max,
  problems: LIMITS.policyProblems.max,
  globStars: LIMITS.policyGlobStars.max,
  tokens: LIMITS.policyTokens.max,
  properties: LIMITS.policyProperties.max
};
var REPOSITORY_PATTERN = /^(?!\.+\/)[A-Za-z0-9_.-]+\/(?!\.+$)[A-Za-z0-9_.-]+$/;
var repositoryInput = {
  name: "repository",
  default: "",
  declaredDefault: "${{ github.repository }}",
  description: "Repository to scan, as owner/name, looked up on the service by full_name. Defaults to the workflow repository.",
  parse: (value, problems, origin) => {
    const repository = textOf(value) || (origin.repository ?? "");
    if (REPOSITORY_PATTERN.test(repository)) return repository;
    problems.invalid(
      repository,
      repository === "" ? "owner/name: it is empty, and GITHUB_REPOSITORY, its default, is not set" : "owner/name, for example octo-org/webapp"
    );
    return repository;
  }
};
var DEFAULT_POLICY_FILE = ".github/svc-scan.yml";
var POLICY_FILE_INPUT = textInput({
  name: "config-file",
  default: DEFAULT_POLICY_FILE,
  description: "The repository's policy file (YAML, schema svc-scan.schema.json): gate settings, paths and suppressions with reasons. An input the workflow sets wins over the file, the file over the built-in default. A missing default file means no policy; a file named here must exist.",
  cli: {
    flag: "--policy",
    value: "<file>",
    help: "policy file (gate settings, paths, suppressions), or none; flags win over it",
    default: `${DEFAULT_POLICY_FILE} of the checkout, when present`
  }
});
var BOTH_FACES = ["one-scan", "fleet"];
var RUN_INPUTS = {
  apiKey: optionalTextInput({
    name: "api-key",
    default: "",
    faces: BOTH_FACES,
    description: "API key of the scanning service (svc_sk_...). Masked at once. When empty: the SVC_API_KEY environment variable, then ~/.svc/config.toml."
  }),
  apiUrl: optionalTextInput({
    name: "api-url",
    default: "",
    faces: BOTH_FACES,
    description: "Base URL of the service, ending in /api/v1. When empty: SVC_API_URL, then ~/.svc/config.toml; with none of them the step fails before sending anything. On pull_request_target only this input is taken (an earlier step can set the others)."
  }),
  repository: repositoryInput,
  projectId: optionalTextInput({
    name: "project-id",
    faces: BOTH_FACES,
    default: "",
    description: "Service project id that narrows the repository lookup.",
    cli: { value: "<id>", help: "look the repository up in this project only" }
  }),
  ref: {
    ...optionalTextInput({
      name: "ref",
      faces: BOTH_FACES,
      default: "",
      description: "Git ref to scan. Defaults to the pull request head SHA on pull_request and pull_request_target events, else GITHUB_SHA, else the repository default branch.",
      cli: { value: "<ref>", help: "git ref to scan (default: the repository's default branch)" }
    }),
    parse: (value, _problems, origin) => textOf(value) || origin.ref
  },
  modules: namesInput({
    name: "modules",
    default: "",
    description: "Scan modules, comma or newline separated. Empty: the service default.",
    schema: schemaOf.defined("Scan modules.", "names"),
    cli: { value: "<list>", help: "scan modules, comma separated (default: the service default)" }
  }),
  frameworks: namesInput({
    name: "frameworks",
    default: "",
    description: "Compliance frameworks, comma or newline separated.",
    schema: schemaOf.defined("Compliance frameworks.", "names"),
    cli: { value: "<list>", help: "compliance frameworks, comma separated" }
  }),
  incremental: booleanInput({
    name: "incremental",
    default: "true",
    description: "Incremental scan (true or false).",
    schema: schemaOf.boolean("Incremental scan.")
  }),
  severityThreshold: severityInput({
    name: "severity-threshold",
    faces: BOTH_FACES,
    default: "low",
    description: "Lowest severity reported in annotations and the summary (critical, high, medium, low, info). Findings at or above fail-on are always reported.",
    schema: schemaOf.defined("Lowest severity reported in annotations and the summary.", "severity"),
    cli: { value: "<severity>", help: "lowest severity listed in the report" }
  }),
  failOn: failOnInput({
    name: "fail-on",
    faces: BOTH_FACES,
    default: "high",
    description: "Lowest severity that fails the step (critical, high, medium, low, info), or none to never fail on findings.",
    schema: schemaOf.oneOf(
      "Lowest severity that fails the gate, or none to never fail on findings.",
      FAIL_ON_VALUES
    ),
    cli: { value: "<severity>", help: "lowest severity that fails the gate, or none" }
  }),
  remediate: booleanInput({
    name: "remediate",
    default: "false",
    description: "Start remediation jobs (which may open pull requests) for reported findings at or above remediate-severity.",
    schema: schemaOf.boolean("Start remediation jobs.")
  }),
  remediateSeverity: severityInput({
    name: "remediate-severity",
    default: "critical",
    description: "Lowest severity remediated when remediate is true.",
    schema: schemaOf.defined("Lowest severity remediated.", "severity")
  }),
  maxRemediations: numberInput(
    {
      name: "max-remediations",
      default: "5",
      description: `Most remediation jobs started in one run (${rangeText(LIMITS.maxRemediations)}).`,
      schema: schemaOf.number("Most remediation jobs in one run.", LIMITS.maxRemediations, true)
    },
    LIMITS.maxRemediations,
    true
  ),
  waitTimeoutSeconds: numberInput(
    {
      name: "wait-timeout",
      faces: BOTH_FACES,
      default: "600",
      description: `Seconds the whole run may take (repository lookup, scan, findings, remediations); requests in flight are cut at this deadline, and the step then needs at most ${RUN_DEADLINE_MARGIN_MS / 1e3} s more to write its results.`,
      schema: schemaOf.number("Seconds the whole run may take.", LIMITS.waitTimeoutSeconds, false),
      cli: { value: "<seconds>", help: "give up (and cancel the scan) after this long" }
    },
    LIMITS.waitTimeoutSeconds,
    false
  ),
  pollIntervalSeconds: numberInput(
    {
      name: "poll-interval",
      faces: BOTH_FACES,
      default: "2",
      description: "Seconds between scan status polls.",
      cli: { value: "<seconds>", help: "seconds between status checks" }
    },
    LIMITS.pollIntervalSeconds,
    false
  ),
  pageSize: numberInput(
    {
      name: "page-size",
      default: "200",
      description: "Findings requested per page (the service may answer with fewer, and the action follows it)."
    },
    LIMITS.pageSize,
    true
  ),
  gate: choiceInput(
    {
      name: "gate",
      default: "auto",
      description: "What fails the gate: new (only findings the pull request introduces, against a baseline scan of its merge base), all (every finding of the head commit), or auto (new on pull_request and pull_request_target, all elsewhere).",
      schema: schemaOf.oneOf(
        "What fails the gate: new (what a pull request introduces), all, or auto (new on pull requests and merge groups).",
        GATE_INPUTS
      )
    },
    GATE_INPUTS
  ),
  baselineScan: choiceInput(
    {
      name: "baseline-scan",
      default: "auto",
      description: "When no completed scan of the baseline commit exists: auto (start one beside the head scan; it costs a scan) or never (then gate on all findings and say why).",
      schema: schemaOf.oneOf(
        "When no completed scan of the baseline commit exists: auto starts one, never gates on all findings.",
        BASELINE_SCAN_MODES
      )
    },
    BASELINE_SCAN_MODES
  ),
  reuseScan: booleanInput({
    name: "reuse-scan",
    default: "true",
    description: "Reuse a queued, running or completed scan of the same commit created within the last hour, with the same modules, instead of starting a new one (true or false). Only a ref that is a full commit SHA is reused: a branch or tag may have moved since.",
    schema: schemaOf.boolean("Reuse a recent scan of the same commit."),
    cli: {
      help: "reuse a scan of the same commit from the last hour; only when --ref is a full commit SHA",
      negated: "always start a new scan"
    }
  }),
  aiAnalysis: booleanInput({
    name: "ai-analysis",
    default: "false",
    description: "After the scan completes, start its AI analysis and wait for it (within wait-timeout): risk score, overall confidence and agent runs in the summary. A failed analysis is a warning, never the verdict.",
    schema: schemaOf.boolean("Start the scan's AI analysis and wait for it.")
  }),
  minComplianceScore: optionalNumberInput(
    {
      name: "min-compliance-score",
      default: "",
      description: `Fail the step when the compliance overall score of the frameworks is below this (${rangeText(LIMITS.complianceScore)}), or cannot be read. Requires frameworks. Empty: compliance never fails the step.`,
      schema: schemaOf.number(
        "Fail when the compliance overall score of the frameworks is below this.",
        LIMITS.complianceScore,
        false
      )
    },
    LIMITS.complianceScore,
    false
  ),
  paths: globsInput({
    name: "paths",
    default: "",
    description: "Globs (newline or comma separated) of the part of the repository the gate judges; findings elsewhere are neither reported nor gated, and a pull request that changes no file in scope is not scanned (result skipped). Empty: everything.",
    schema: schemaOf.defined("Globs of the part of the repository the gate judges.", "globs")
  }),
  pathsIgnore: globsInput({
    name: "paths-ignore",
    default: "",
    description: "Globs (newline or comma separated) of paths the gate never judges, as paths above. Empty: none.",
    schema: schemaOf.defined("Globs of paths the gate never judges.", "globs")
  })
};
var RUN_MANIFEST = {
  name: "run",
  faces: ["one-scan"],
  inputs: RUN_INPUTS
};
function parseSettings(getInput, origin, policy) {
  const reading = readSettingInputs({ run: RUN_INPUTS }, getInput, origin);
  const settings = runSettingsOf(reading.complete(policy).run, origin, reading.sources(policy));
  reading.addProblems(checkTogether(settings, reading.problems.length, policy?.file));
  reading.throwIfInvalid();
  return Object.freeze(settings);
}
function runSettingsOf(parsed, origin, sources) {
  const { gate } = parsed;
  return {
    ...parsed,
    // auto: new on pull request events, where there is a base to compare with; all elsewhere.
    gateMode: gate === "all" || gate === "auto" && !origin.judgesChange ? "all" : "new",
    judgesChange: origin.judgesChange,
    isForkPullRequest: origin.isForkPullRequest,
    sources
  };
}
function checkTogether(settings, problemsSoFar, policyFile) {
  const problems = [];
  const fileOf = (input) => settings.sources[input] === "policy" ? policyFile : void 0;
  if (settings.minComplianceScore !== void 0 && settings.frameworks.length === 0) {
    problems.push({
      input: "min-compliance-score",
      given: String(settings.minComplianceScore),
      expected: [
        "it empty, or ",
        { input: "frameworks" },
        " set (for example owasp-top-10): the score it gates on is the compliance score of those frameworks"
      ],
      file: fileOf("min-compliance-score")
    });
  }
  if (problemsSoFar + problems.length === 0 && settings.pollIntervalSeconds > settings.waitTimeoutSeconds) {
    problems.push({
      input: "poll-interval",
      given: String(settings.pollIntervalSeconds),
      expected: [
        "at most ",
        { input: "wait-timeout" },
        ` (${settings.waitTimeoutSeconds}), or the scan would be polled at most once: lower one or raise the other`
      ],
      file: fileOf("poll-interval")
    });
  }
  return problems;
}

export {
  InputError,
  readSettingInputs,
  NO_ORIGIN,
  LIMITS,
  POLICY_BOUNDS,
  POLICY_FILE_INPUT,
  RUN_INPUTS,
  RUN_MANIFEST,
  parseSettings,
  runSettingsOf,
  checkTogether
};
//# sourceMappingURL=chunk-JAMHECB7.js.map
