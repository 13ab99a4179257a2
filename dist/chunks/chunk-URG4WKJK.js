import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  GITHUB_SARIF_LIMITS
} from "./chunk-Z2OI6ODC.js";
import {
  ACTION_WORDS,
  FleetUsageError,
  RUN_DEADLINE_MARGIN_MS,
  RunError,
  classifyScanStatus,
  markdownCode,
  markdownLink,
  problemText
} from "./chunk-6JNELK4N.js";
import {
  SEVERITIES,
  isAtOrAbove,
  isSeverity
} from "./chunk-QTPT64TT.js";

// src/domain/remediation.ts
function selectRemediationTargets(findings, floor, max) {
  return findings.filter((finding) => finding.id !== "" && isAtOrAbove(finding.severity, floor)).slice(0, max);
}
function remediationPrsOutput(outcomes) {
  return JSON.stringify(
    outcomes.map((outcome) => ({
      finding_id: outcome.findingId,
      pr_url: outcome.prUrl,
      branch: outcome.branch
    }))
  );
}

// src/run/input-descriptor.ts
function flagOf(descriptor) {
  return descriptor.cli?.flag ?? `--${descriptor.name}`;
}
function rangeText(bounds) {
  return `${bounds.min} to ${bounds.max}`;
}
function parseInputs(table, source, context, problems, parsedBefore = /* @__PURE__ */ new Map()) {
  const parsed = {};
  for (const [field, descriptor] of Object.entries(table)) {
    const { value, source: from, file } = source.value(descriptor.name);
    const key = from === "policy" ? void 0 : `${from} ${descriptor.name}`;
    if (key !== void 0 && parsedBefore.has(key)) parsed[field] = parsedBefore.get(key);
    else {
      parsed[field] = descriptor.parse(value, problemsFor(descriptor.name, file, problems), context);
      if (key !== void 0) parsedBefore.set(key, parsed[field]);
    }
  }
  return parsed;
}
function problemsFor(input, file, problems) {
  return {
    invalid: (given, expected, known) => problems.push({
      input,
      given,
      expected: typeof expected === "string" ? [expected] : expected,
      file,
      known
    })
  };
}
function textOf(value) {
  return (typeof value === "object" ? value.join("\n") : String(value)).trim();
}
var TRUE_VALUES = ["true", "True", "TRUE"];
var FALSE_VALUES = ["false", "False", "FALSE"];
var NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;
function textInput(described) {
  return { ...described, parse: (value) => textOf(value) };
}
function optionalTextInput(described) {
  return { ...described, parse: (value) => textOf(value) || void 0 };
}
function booleanInput(described) {
  return {
    ...described,
    parse: (value, problems) => {
      if (typeof value === "boolean") return value;
      const text = textOf(value);
      if (TRUE_VALUES.includes(text)) return true;
      if (FALSE_VALUES.includes(text)) return false;
      problems.invalid(text, "true or false");
      return false;
    }
  };
}
function severityInput(described) {
  return {
    ...described,
    choices: SEVERITIES,
    parse: (value, problems) => {
      const text = textOf(value).toLowerCase();
      if (isSeverity(text)) return text;
      problems.invalid(textOf(value), `one of ${SEVERITIES.join(", ")}`, SEVERITIES);
      return "critical";
    }
  };
}
var FAIL_ON_VALUES = [...SEVERITIES, "none"];
function failOnInput(described) {
  return {
    ...described,
    choices: FAIL_ON_VALUES,
    parse: (value, problems) => {
      const text = textOf(value).toLowerCase();
      if (text === "none" || isSeverity(text)) return text;
      problems.invalid(textOf(value), `one of ${SEVERITIES.join(", ")}, or none`, FAIL_ON_VALUES);
      return "critical";
    }
  };
}
function choiceInput(described, allowed) {
  return {
    ...described,
    choices: allowed,
    parse: (value, problems) => {
      const text = textOf(value).toLowerCase();
      const found = allowed.find((option) => option === text);
      if (found !== void 0) return found;
      problems.invalid(textOf(value), `one of ${allowed.join(", ")}`, allowed);
      return allowed[0];
    }
  };
}
var schemaOf = {
  number: (description, bounds, integer) => ({
    description,
    type: integer ? "integer" : "number",
    minimum: bounds.min,
    maximum: bounds.max
  }),
  boolean: (description) => ({ description, type: "boolean" }),
  oneOf: (description, values) => ({
    description,
    enum: [...values]
  }),
  /** A shared definition of the schema: `severity`, `names`, `globs`. */
  defined: (description, definition) => ({
    description,
    $ref: `#/definitions/${definition}`
  })
};
function parseNumber(value, problems, bounds, integer) {
  const text = textOf(value);
  const parsed = typeof value === "number" ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const ok = Number.isFinite(parsed) && (!integer || Number.isInteger(parsed));
  if (ok && parsed >= bounds.min && parsed <= bounds.max) return parsed;
  const kind = `${integer ? "a whole number" : "a number"}${bounds.unit === void 0 ? "" : ` of ${bounds.unit}`}`;
  problems.invalid(text, `${kind} from ${bounds.min} to ${bounds.max}`);
  return bounds.min;
}
function numberInput(described, bounds, integer) {
  return { ...described, parse: (value, problems) => parseNumber(value, problems, bounds, integer) };
}
function optionalNumberInput(described, bounds, integer) {
  return {
    ...described,
    parse: (value, problems) => textOf(value) === "" ? void 0 : parseNumber(value, problems, bounds, integer)
  };
}
function namesInput(described) {
  return {
    ...described,
    parse: (value, problems) => {
      const items = (typeof value === "object" ? value : textOf(value).split(/[,\n]/)).map((item) => item.trim()).filter((item) => item.length > 0);
      const bad = items.filter((item) => !NAME_PATTERN.test(item));
      if (bad.length > 0)
        problems.invalid(
          bad.join(", "),
          "names of letters, digits, -, _, . and :, separated by commas or new lines"
        );
      return [...new Set(items)];
    }
  };
}
function globsInput(described) {
  return {
    ...described,
    parse: (value) => typeof value === "object" ? value.map((glob) => glob.trim()).filter((g) => g !== "") : globs(textOf(value))
  };
}
function globs(text) {
  const found = [];
  let current = "";
  let depth = 0;
  for (const char of text) {
    if (char === "{") depth += 1;
    if (char === "}") depth = Math.max(0, depth - 1);
    if (char === "\n" || char === "," && depth === 0) {
      found.push(current);
      current = "";
    } else current += char;
  }
  found.push(current);
  return found.map((glob) => glob.trim()).filter((glob) => glob !== "");
}

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
  /** Results of a SARIF run: code scanning refuses more. */
  sarifMaxResults: { min: 1, max: GITHUB_SARIF_LIMITS.maxResults }
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
var RUN_INPUTS = {
  apiKey: optionalTextInput({
    name: "api-key",
    default: "",
    description: "API key of the scanning service (svc_sk_...). Masked at once. When empty: the SVC_API_KEY environment variable, then ~/.svc/config.toml."
  }),
  apiUrl: optionalTextInput({
    name: "api-url",
    default: "",
    description: "Base URL of the service, ending in /api/v1. When empty: SVC_API_URL, then ~/.svc/config.toml; with none of them the step fails before sending anything. On pull_request_target only this input is taken (an earlier step can set the others)."
  }),
  repository: repositoryInput,
  projectId: optionalTextInput({
    name: "project-id",
    default: "",
    description: "Service project id that narrows the repository lookup.",
    cli: { value: "<id>", help: "look the repository up in this project only" }
  }),
  ref: {
    ...optionalTextInput({
      name: "ref",
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
    default: "low",
    description: "Lowest severity reported in annotations and the summary (critical, high, medium, low, info). Findings at or above fail-on are always reported.",
    schema: schemaOf.defined("Lowest severity reported in annotations and the summary.", "severity"),
    cli: { value: "<severity>", help: "lowest severity listed in the report" }
  }),
  failOn: failOnInput({
    name: "fail-on",
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

// src/fleet/utc-time.ts
function utcSecond(ms) {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}
function utcTimeOfDay(ms) {
  return utcSecond(ms).slice(11);
}

// src/fleet/fleet-progress.ts
var PROGRESS_INTERVAL = { defaultSeconds: 60, min: 5, max: 3600 };
function parseProgressInterval(text, flag) {
  const trimmed = text.trim();
  const seconds = /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (seconds === 0 || seconds >= PROGRESS_INTERVAL.min && seconds <= PROGRESS_INTERVAL.max) return seconds;
  throw new FleetUsageError(
    `${flag} is invalid: got '${text}'; expected 0 (no progress lines) or a whole number of seconds from ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}.`
  );
}
var FleetProgress = class {
  #total;
  #deadlineAt;
  #running = 0;
  #passed = 0;
  #failed = 0;
  #notJudged = 0;
  /** `deadlineAt`: when the fleet's wait-timeout runs out (ms, the fleet's clock). */
  constructor(total, deadlineAt) {
    this.#total = total;
    this.#deadlineAt = deadlineAt;
  }
  started() {
    this.#running += 1;
  }
  ended(outcome) {
    this.#running -= 1;
    if (outcome.gate === "passed") this.#passed += 1;
    else if (outcome.gate === "failed") this.#failed += 1;
    else this.#notJudged += 1;
  }
  /** `412 of 1000 done (372 passed, 37 failed the gate, 3 not judged), 100 running, 488 waiting; deadline 06:02:00Z`. */
  line() {
    const done = this.#passed + this.#failed + this.#notJudged;
    const waiting = this.#total - done - this.#running;
    return `${done} of ${this.#total} done (${this.#passed} passed, ${this.#failed} failed the gate, ${this.#notJudged} not judged), ${this.#running} running, ${waiting} waiting; deadline ${utcTimeOfDay(this.#deadlineAt)}`;
  }
};
function reportProgress(progress, timer) {
  if (timer.intervalSeconds === 0) return { end: () => Promise.resolve() };
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, timer.signal]);
  const ticking = (async () => {
    for (; ; ) {
      try {
        await timer.sleep(timer.intervalSeconds * 1e3, signal);
      } catch {
        return;
      }
      if (signal.aborted) return;
      timer.log.info(progress.line());
    }
  })();
  return {
    end: async () => {
      stop.abort();
      await ticking;
      timer.log.info(progress.line());
    }
  };
}

// src/fleet/shard.ts
import { createHash } from "node:crypto";
var MAX_SHARDS = 1e3;
function shardOf(fullName, count) {
  const digest = createHash("sha256").update(fullName.toLowerCase(), "utf8").digest();
  return digest.readUIntBE(0, 6) % count + 1;
}
function inShard(fullName, part) {
  return part === void 0 || shardOf(fullName, part.count) === part.index;
}
function formatShard(part) {
  return `${part.index}/${part.count}`;
}
function shardNumber(text) {
  if (!/^\d{1,4}$/.test(text)) return void 0;
  const value = Number(text);
  return value >= 1 && value <= MAX_SHARDS ? value : void 0;
}
function parseShardCount(text, flag) {
  const count = shardNumber(text.trim());
  if (count === void 0)
    throw new FleetUsageError(
      `${flag} is invalid: got '${text}'; expected a whole number of shards from 1 to ${MAX_SHARDS}.`
    );
  return count;
}
function parseShard(text, flag) {
  const [indexText = "", countText = "", ...rest] = text.trim().split("/");
  const index = shardNumber(indexText);
  const count = shardNumber(countText);
  if (rest.length > 0 || index === void 0 || count === void 0 || index > count)
    throw new FleetUsageError(
      `${flag} is invalid: got '${text}'; expected i/n with 1 <= i <= n <= ${MAX_SHARDS}, for example 1/4 (or auto).`
    );
  return { index, count };
}

// src/run/scan-status.ts
function scanStatusOutput(status) {
  switch (classifyScanStatus(status)) {
    case "succeeded":
      return "completed";
    case "failed":
      return "failed";
    case "cancelled":
      return "cancelled";
    case "running":
      return status;
  }
}

// src/domain/run-report.ts
var LISTED_COMPARED = 1e3;
function freezeReport(report) {
  return Object.freeze({ ...report, notes: Object.freeze([...report.notes]) });
}

// src/text/left-out.ts
function noun(one, many = `${one}s`) {
  return { one, many };
}
var FINDING = noun("finding");
function counted(count, what) {
  return `${count} ${count === 1 ? what.one : what.many}`;
}
function leftOutSentence(leftOut, what, where) {
  if (!(leftOut > 0)) return "";
  return `${leftOut} more ${leftOut === 1 ? `${what.one} is` : `${what.many} are`} not listed here: ${where}.`;
}
function leftOutLines(leftOut, what, where) {
  const sentence = leftOutSentence(leftOut, what, where);
  return sentence ? ["", `_${sentence}_`] : [];
}
var FINDINGS_LIMIT_MAX = 1e5;
var ELSEWHERE = {
  /** The job summary, linked when the workflow run's page is known (markdown). */
  jobSummary(runUrl) {
    return `see the ${runUrl ? markdownLink("job summary", runUrl) : "job summary"}`;
  },
  /**
   * `svc findings list`, which pages through every finding of a scan. `total` is every finding the scan holds
   * (its default `--limit` is 100), so the command as printed lists them all; unknown, it is svc's largest.
   */
  findingsCommand(scanId, format, { total = FINDINGS_LIMIT_MAX, scan = "the scan" } = {}) {
    const limit = Math.min(Math.max(total, 1), FINDINGS_LIMIT_MAX);
    const command = `svc findings list --scan ${scanId} --limit ${limit}`;
    return `${format === "markdown" ? markdownCode(command) : command} lists every finding of ${scan}`;
  },
  /** A `svc` command that shows a whole list (compliance, the posture, the AI analysis). */
  command(command, format) {
    return `${format === "markdown" ? markdownCode(command) : command} lists them all`;
  }
};
function restOfScan(scanId, counts, policy, format) {
  const countedTotal = SEVERITIES.reduce((sum, severity) => sum + counts[severity], 0);
  const total = countedTotal + (policy?.suppressedCount ?? 0) + (policy?.outOfScopeCount ?? 0);
  return ELSEWHERE.findingsCommand(scanId, format, { total });
}

// src/domain/insights.ts
var AI_RUNS_KEPT = 100;
var LIST_KEPT = 200;
var PASSED_STATUSES = ["passed", "pass", "compliant", "ok"];
var NOT_APPLICABLE_STATUSES = ["not_applicable", "not-applicable", "n/a", "na", "skipped"];
function didNotPass(status) {
  const normalized = status.trim().toLowerCase();
  return !PASSED_STATUSES.includes(normalized) && !NOT_APPLICABLE_STATUSES.includes(normalized);
}
function isPassedStatus(status) {
  return PASSED_STATUSES.includes(status.trim().toLowerCase());
}
function creditsRunShort(credits) {
  return credits?.used !== void 0 && credits.used > 0 && credits.remaining < credits.used;
}
function creditsNotice(credits) {
  if (!creditsRunShort(credits) || credits?.used === void 0) return void 0;
  return `${credits.remaining} service credits remain, fewer than the ${credits.used} this run used: another run like this one may not be paid for. Add credits to the plan, or scan fewer modules.`;
}

// src/fleet/repository-patterns.ts
var PATTERN = /^[A-Za-z0-9_.*?![\]{}-]+\/[A-Za-z0-9_.*?![\]{},-]+$/;
var MAX_PATTERNS = 1e3;
function parseRepositorySelection(text, flag) {
  const patterns = [...new Set(splitPatterns(text))];
  if (patterns.length === 0)
    throw new FleetUsageError(`${flag} is empty: give all, or owner/name or globs such as acme/service-*.`);
  if (patterns.length > MAX_PATTERNS)
    throw new FleetUsageError(`${flag} has ${patterns.length} patterns; at most ${MAX_PATTERNS} are taken.`);
  const include = patterns.filter((pattern) => !pattern.startsWith("!"));
  const exclude = patterns.filter((pattern) => pattern.startsWith("!")).map((pattern) => pattern.slice(1));
  const all = include.some((pattern) => pattern.toLowerCase() === "all");
  if (all && include.length > 1)
    throw new FleetUsageError(
      `${flag} is invalid: all selects every repository; beside it give only patterns that exclude, such as !acme/legacy.`
    );
  const bad = [
    ...all ? [] : include.filter((pattern) => !PATTERN.test(pattern)),
    ...exclude.filter((pattern) => pattern.startsWith("!") || !PATTERN.test(pattern)).map((pattern) => `!${pattern}`)
  ];
  if (bad.length > 0)
    throw new FleetUsageError(
      `${flag} is invalid: got ${bad.map((pattern) => `'${pattern}'`).join(", ")}; expected owner/name or a glob such as acme/service-*, or one that excludes such as !acme/legacy.`
    );
  const excluding = exclude.length > 0 ? { exclude } : {};
  return all || include.length === 0 ? { kind: "all", ...excluding } : { kind: "patterns", patterns: include, ...excluding };
}
function splitPatterns(text) {
  const parts = [];
  let depth = 0;
  let current = "";
  for (const character of text) {
    if (character === "{") depth += 1;
    if (character === "}") depth = Math.max(0, depth - 1);
    if (character === "," && depth === 0 || character === "\n") {
      parts.push(current);
      current = "";
    } else current += character;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

// src/run/sarif-path.ts
import { isAbsolute, relative, resolve, sep } from "node:path";
var SarifPathError = class extends Error {
  name = "SarifPathError";
  given;
  expected;
  constructor(given, expected) {
    super(problemText({ input: "sarif-file", given, expected: [expected] }, ACTION_WORDS));
    this.given = given;
    this.expected = expected;
  }
};
function resolveSarifPath(path, workspace) {
  const refuse = (expected) => new SarifPathError(path, expected);
  if (path.trim() === "" || /[\u0000-\u001f\u007f]/.test(path))
    throw refuse("a file path on one line, such as results/svc-scan.sarif");
  if (/[\\/]$/.test(path))
    throw refuse("a file path, such as results/svc-scan.sarif, where this names a folder");
  if (isAbsolute(path)) return resolve(path);
  if (!isAbsolute(workspace))
    throw refuse(
      `an absolute path: this one is relative, and GITHUB_WORKSPACE ('${workspace}') is not an absolute path to resolve it against`
    );
  const target = resolve(workspace, path);
  const inside = relative(resolve(workspace), target);
  if (inside === "" || inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    throw refuse(
      "a path that stays inside the workspace (GITHUB_WORKSPACE) when relative; to write elsewhere, an absolute path such as ${{ runner.temp }}/svc-scan.sarif"
    );
  return target;
}

export {
  LISTED_COMPARED,
  freezeReport,
  noun,
  FINDING,
  counted,
  leftOutSentence,
  leftOutLines,
  ELSEWHERE,
  restOfScan,
  AI_RUNS_KEPT,
  LIST_KEPT,
  didNotPass,
  isPassedStatus,
  creditsRunShort,
  creditsNotice,
  selectRemediationTargets,
  remediationPrsOutput,
  flagOf,
  rangeText,
  textOf,
  optionalTextInput,
  booleanInput,
  choiceInput,
  schemaOf,
  numberInput,
  optionalNumberInput,
  InputError,
  readSettingInputs,
  NO_ORIGIN,
  LIMITS,
  POLICY_BOUNDS,
  POLICY_FILE_INPUT,
  RUN_INPUTS,
  parseSettings,
  runSettingsOf,
  checkTogether,
  utcSecond,
  PROGRESS_INTERVAL,
  parseProgressInterval,
  FleetProgress,
  reportProgress,
  parseRepositorySelection,
  MAX_SHARDS,
  shardOf,
  inShard,
  formatShard,
  parseShardCount,
  parseShard,
  SarifPathError,
  resolveSarifPath,
  scanStatusOutput
};
//# sourceMappingURL=chunk-URG4WKJK.js.map
