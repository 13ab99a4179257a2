import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  RunError,
  classifyModuleStatus,
  classifyScanStatus,
  classifyStatus,
  escapeMarkdownInline,
  markdownCode,
  markdownCodeLink,
  markdownLink,
  truncate
} from "./chunk-2JYI4MZX.js";
import {
  SEVERITIES,
  isAtOrAbove,
  isSeverity
} from "./chunk-QTPT64TT.js";

// src/core/remediation.ts
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

// src/core/did-you-mean.ts
var MAX_DISTANCE = 3;
var MIN_SIMILARITY = 0.4;
function similarNames(word, known) {
  let best = MAX_DISTANCE;
  let similar = [];
  for (const candidate of new Set(known)) {
    if (candidate.length <= 1) continue;
    const distance = editDistance(word, candidate);
    const length = Math.max(word.length, candidate.length);
    if ((length - distance) / length <= MIN_SIMILARITY) continue;
    if (distance < best) {
      best = distance;
      similar = [candidate];
    } else if (distance === best) similar.push(candidate);
  }
  return similar.sort((a, b) => a.localeCompare(b));
}
function didYouMean(word, known) {
  const similar = similarNames(word, known).map((name) => `'${name}'`);
  if (similar.length === 0) return "";
  return similar.length === 1 ? ` Did you mean ${similar[0] ?? ""}?` : ` Did you mean one of ${similar.join(", ")}?`;
}
function editDistance(a, b) {
  if (Math.abs(a.length - b.length) > MAX_DISTANCE) return Math.max(a.length, b.length);
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  const at = (i, j) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let j = 0; j <= b.length; j += 1) rows[0][j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    const row = rows[i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(at(i, j), at(i - 2, j - 2) + 1);
    }
  }
  return at(a.length, b.length);
}

// src/run/input-descriptor.ts
function parseInputs(table2, source, context, problems, parsedBefore = /* @__PURE__ */ new Map()) {
  const parsed = {};
  for (const [field, descriptor] of Object.entries(table2)) {
    const { value, source: from, where } = source.value(descriptor.name);
    const key = from === "policy" ? void 0 : `${from} ${descriptor.name}`;
    if (key !== void 0 && parsedBefore.has(key)) parsed[field] = parsedBefore.get(key);
    else {
      parsed[field] = descriptor.parse(value, problemsFor(where, problems), context);
      if (key !== void 0) parsedBefore.set(key, parsed[field]);
    }
  }
  return parsed;
}
function problemsFor(where, problems) {
  return {
    invalid: (given, allowed, known = []) => problems.push(
      `${where} is invalid: got '${given}'; expected ${allowed}.${didYouMean(given.toLowerCase(), known)}`
    ),
    add: (message) => problems.push(message)
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
  problems;
  constructor(problems) {
    super(
      problems.length === 1 ? problems[0] ?? "" : `${problems.length} inputs are invalid:
${problems.map((p) => `- ${p}`).join("\n")}`
    );
    this.problems = problems;
  }
};
var SettingInputs = class {
  problems = [];
  #tables;
  #context;
  #given = /* @__PURE__ */ new Map();
  #parsed = /* @__PURE__ */ new Map();
  constructor(tables, getInput, context) {
    this.#tables = tables;
    this.#context = context;
    for (const table2 of Object.values(tables)) {
      for (const descriptor of Object.values(table2)) {
        const given = getInput(descriptor.name).trim();
        if (given === "") continue;
        this.#given.set(descriptor.name, given);
        const problems = problemsFor(`Input '${descriptor.name}'`, this.problems);
        this.#parsed.set(`input ${descriptor.name}`, descriptor.parse(given, problems, context));
      }
    }
  }
  /** Every table parsed: the inputs as parsed already, the rest from the policy file or the default. */
  complete(policy) {
    const parsed = {};
    for (const [key, table2] of Object.entries(this.#tables))
      parsed[key] = parseInputs(table2, this.#source(policy), this.#context, this.problems, this.#parsed);
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
    for (const table2 of Object.values(this.#tables))
      for (const { name } of Object.values(table2)) sources[name] = this.#source(policy).value(name).source;
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
        if (given !== void 0) return { value: given, source: "input", where: `Input '${name}'` };
        const fromPolicy = policy?.values[name];
        if (fromPolicy !== void 0 && textOf(fromPolicy) !== "")
          return {
            value: fromPolicy,
            source: "policy",
            where: `'${name}' in ${policy?.file ?? "the policy file"}`
          };
        return { value: this.#defaultOf(name), source: "default", where: `Input '${name}'` };
      }
    };
  }
  #defaultOf(name) {
    for (const table2 of Object.values(this.#tables))
      for (const descriptor of Object.values(table2)) if (descriptor.name === name) return descriptor.default;
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
  /** Characters of a policy's glob. */
  policyGlobCharacters: { min: 1, max: 1e3 }
};
var POLICY_BOUNDS = {
  keys: LIMITS.policyKeys.max,
  entries: LIMITS.policyEntries.max,
  problems: LIMITS.policyProblems.max,
  globStars: LIMITS.policyGlobStars.max
};
var REPOSITORY_PATTERN = /^(?!\.+\/)[A-Za-z0-9_.-]+\/(?!\.+$)[A-Za-z0-9_.-]+$/;
var repositoryInput = {
  name: "repository",
  default: "",
  description: "Repository to scan, as owner/name, looked up on the service by full_name. Defaults to the workflow repository.",
  parse: (value, problems, origin) => {
    const repository = textOf(value) || (origin.repository ?? "");
    if (REPOSITORY_PATTERN.test(repository)) return repository;
    if (repository === "")
      problems.add(
        "Input 'repository' is empty and GITHUB_REPOSITORY is not set: give the repository as owner/name."
      );
    else problems.invalid(repository, "owner/name, for example octo-org/webapp");
    return repository;
  }
};
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
    description: "Service project id that narrows the repository lookup."
  }),
  ref: {
    ...optionalTextInput({
      name: "ref",
      default: "",
      description: "Git ref to scan. Defaults to the pull request head SHA on pull_request and pull_request_target events, else GITHUB_SHA, else the repository default branch."
    }),
    parse: (value, _problems, origin) => textOf(value) || origin.ref
  },
  modules: namesInput({
    name: "modules",
    default: "",
    description: "Scan modules, comma or newline separated. Empty: the service default.",
    schema: schemaOf.defined("Scan modules.", "names")
  }),
  frameworks: namesInput({
    name: "frameworks",
    default: "",
    description: "Compliance frameworks, comma or newline separated.",
    schema: schemaOf.defined("Compliance frameworks.", "names")
  }),
  incremental: booleanInput({
    name: "incremental",
    default: "true",
    description: "Incremental scan (true or false). Default: true.",
    schema: schemaOf.boolean("Incremental scan.")
  }),
  severityThreshold: severityInput({
    name: "severity-threshold",
    default: "low",
    description: "Lowest severity reported in annotations and the summary (critical, high, medium, low, info). Findings at or above fail-on are always reported. Default: low.",
    schema: schemaOf.defined("Lowest severity reported in annotations and the summary.", "severity")
  }),
  failOn: failOnInput({
    name: "fail-on",
    default: "high",
    description: "Lowest severity that fails the step (critical, high, medium, low, info), or none to never fail on findings. Default: high.",
    schema: schemaOf.oneOf(
      "Lowest severity that fails the gate, or none to never fail on findings.",
      FAIL_ON_VALUES
    )
  }),
  remediate: booleanInput({
    name: "remediate",
    default: "false",
    description: "Start remediation jobs (which may open pull requests) for reported findings at or above remediate-severity. Default: false.",
    schema: schemaOf.boolean("Start remediation jobs.")
  }),
  remediateSeverity: severityInput({
    name: "remediate-severity",
    default: "critical",
    description: "Lowest severity remediated when remediate is true. Default: critical.",
    schema: schemaOf.defined("Lowest severity remediated.", "severity")
  }),
  maxRemediations: numberInput(
    {
      name: "max-remediations",
      default: "5",
      description: "Most remediation jobs started in one run (0 to 50). Default: 5.",
      schema: schemaOf.number("Most remediation jobs in one run.", LIMITS.maxRemediations, true)
    },
    LIMITS.maxRemediations,
    true
  ),
  waitTimeoutSeconds: numberInput(
    {
      name: "wait-timeout",
      default: "600",
      description: "Seconds the whole run may take (repository lookup, scan, findings, remediations); requests in flight are cut at this deadline, and the step then needs at most 5 s more to write its results. Default: 600.",
      schema: schemaOf.number("Seconds the whole run may take.", LIMITS.waitTimeoutSeconds, false)
    },
    LIMITS.waitTimeoutSeconds,
    false
  ),
  pollIntervalSeconds: numberInput(
    { name: "poll-interval", default: "2", description: "Seconds between scan status polls. Default: 2." },
    LIMITS.pollIntervalSeconds,
    false
  ),
  pageSize: numberInput(
    {
      name: "page-size",
      default: "200",
      description: "Findings requested per page (the service may answer with fewer, and the action follows it). Default: 200."
    },
    LIMITS.pageSize,
    true
  ),
  gate: choiceInput(
    {
      name: "gate",
      default: "auto",
      description: "What fails the gate: new (only findings the pull request introduces, against a baseline scan of its merge base), all (every finding of the head commit), or auto (new on pull_request and pull_request_target, all elsewhere). Default: auto.",
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
      description: "When no completed scan of the baseline commit exists: auto (start one beside the head scan; it costs a scan) or never (then gate on all findings and say why). Default: auto.",
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
    description: "Reuse a queued, running or completed scan of the same commit created within the last hour, with the same modules, instead of starting a new one (true or false). Only a ref that is a full commit SHA is reused: a branch or tag may have moved since. Default: true.",
    schema: schemaOf.boolean("Reuse a recent scan of the same commit.")
  }),
  aiAnalysis: booleanInput({
    name: "ai-analysis",
    default: "false",
    description: "After the scan completes, start its AI analysis and wait for it (within wait-timeout): risk score, overall confidence and agent runs in the summary. A failed analysis is a warning, never the verdict. Default: false.",
    schema: schemaOf.boolean("Start the scan's AI analysis and wait for it.")
  }),
  minComplianceScore: optionalNumberInput(
    {
      name: "min-compliance-score",
      default: "",
      description: "Fail the step when the compliance overall score of the frameworks is below this (0 to 100), or cannot be read. Requires frameworks. Empty: compliance never fails the step.",
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
  reading.addProblems(checkTogether(settings, reading.problems.length));
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
function checkTogether(settings, problemsSoFar) {
  const problems = [];
  if (settings.minComplianceScore !== void 0 && settings.frameworks.length === 0) {
    problems.push(
      "Input 'min-compliance-score' needs input 'frameworks': the score it gates on is the compliance score of those frameworks. Set 'frameworks' (for example owasp-top-10) or leave 'min-compliance-score' empty."
    );
  }
  if (problemsSoFar + problems.length === 0 && settings.pollIntervalSeconds > settings.waitTimeoutSeconds) {
    problems.push(
      `Input 'poll-interval' (${settings.pollIntervalSeconds}) is longer than 'wait-timeout' (${settings.waitTimeoutSeconds}): the scan would be polled at most once. Lower poll-interval or raise wait-timeout.`
    );
  }
  return problems;
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

// src/core/run-report.ts
var LISTED_COMPARED = 1e3;
function freezeReport(report) {
  return Object.freeze({ ...report, notes: Object.freeze([...report.notes]) });
}

// src/core/left-out.ts
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

// src/core/insights.ts
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

// src/core/severity-label.ts
var SEVERITY_LABEL = {
  critical: "\u{1F7E5} Critical",
  high: "\u{1F7E7} High",
  medium: "\u{1F7E8} Medium",
  low: "\u{1F7E6} Low",
  info: "\u2B1C Info"
};

// src/core/policy-summary.ts
var TITLE_MAX = 200;
var PATH_MAX = 240;
var REASON_MAX = 300;
var COMMENT_SUPPRESSED_ROWS = 20;
function renderPolicyChange(policy) {
  if (!policy || policy.change.length === 0) return "";
  const applied = policy.changeApplied ? "this run was judged by the changed policy" : "shown, not applied: the base's policy judged this run";
  const items = policy.change.map((sentence) => `> - ${escapeMarkdownInline(sentence)}`);
  return [`> [!IMPORTANT]`, `> **This pull request changes the policy** (${applied}):`, ...items].join("\n");
}
function renderPolicySection(policy, options = {}) {
  if (!policy) return "";
  const { rows = Number.POSITIVE_INFINITY, findingsRead = true, restWhere: restWhere3 = "" } = options;
  const lines = ["### Policy", ""];
  lines.push(
    policy.source ? `Policy file ${escapeMarkdownInline(policy.source)}.` : "No policy file: the inputs alone set the gate."
  );
  const scope = scopeLine(policy, findingsRead);
  if (scope) lines.push("", scope);
  if (policy.suppressedCount > 0) lines.push("", ...suppressedBlock(policy, rows, restWhere3));
  lines.push(...entriesBlock("Expired suppressions (no longer applied)", policy.expired));
  lines.push(...entriesBlock("Suppressions that expire within 14 days", policy.expiringSoon));
  lines.push(...entriesBlock(unusedHeading(policy), policy.unused));
  return lines.join("\n");
}
function scopeLine(policy, findingsRead) {
  const parts = [];
  if (policy.paths.length > 0)
    parts.push(`paths ${policy.paths.map((glob) => markdownCode(glob)).join(", ")}`);
  if (policy.pathsIgnore.length > 0)
    parts.push(`paths-ignore ${policy.pathsIgnore.map((glob) => markdownCode(glob)).join(", ")}`);
  if (parts.length === 0) return "";
  if (!findingsRead) return `The gate judges ${parts.join(", not ")}.`;
  const outside = policy.outOfScopeCount;
  return `The gate judges ${parts.join(", not ")}. ${outside} ${outside === 1 ? "finding lies" : "findings lie"} outside: neither reported nor gated.`;
}
function suppressedBlock(policy, rows, restWhere3) {
  const listed = policy.suppressed.slice(0, rows);
  const items = listed.map((finding) => suppressedItem(finding));
  const what = noun("suppressed finding");
  return [
    `<details><summary>${counted(policy.suppressedCount, what)}: not gated</summary>`,
    "",
    ...items,
    ...leftOutLines(
      policy.suppressedCount - listed.length,
      what,
      restWhere3 || "the service lists every finding of the scan"
    ),
    "",
    "</details>"
  ];
}
function suppressedItem(finding) {
  const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
  return `- ${SEVERITY_LABEL[finding.severity]} ${escapeMarkdownInline(truncate(finding.title, TITLE_MAX))}${location ? ` (${markdownCode(truncate(location, PATH_MAX))})` : ""}: ${escapeMarkdownInline(truncate(finding.suppression, REASON_MAX))}; reason: ${escapeMarkdownInline(truncate(finding.reason, REASON_MAX))}`;
}
function unusedHeading(policy) {
  const read = policy.readWholeFrom ? ` (every finding at or above ${policy.readWholeFrom} was read)` : "";
  return `Unused suppressions: they matched no finding${read}; remove them so the policy does not rot`;
}
function entriesBlock(heading, entries) {
  if (entries.length === 0) return [];
  return [
    "",
    `**${escapeMarkdownInline(heading)}:**`,
    "",
    ...entries.map((entry) => `- ${escapeMarkdownInline(truncate(entry, REASON_MAX * 2))}`)
  ];
}
function renderSkippedSummary(reason, policy) {
  const sections = [
    renderPolicyChange(policy),
    ["## \u23ED\uFE0F svc-scan: skipped", "", `**${escapeMarkdownInline(reason)}**`].join("\n"),
    renderPolicySection(policy, { rows: 0, findingsRead: false })
  ];
  return sections.filter((section) => section !== "").join("\n\n") + "\n";
}

// src/core/file-links.ts
function fileLink(base, finding) {
  if (base === void 0) return void 0;
  const path = finding.filePath.replace(/^\.\//, "");
  if (path === "" || path.startsWith("/") || /^[a-z]+:/i.test(path) || path.includes("\\")) return void 0;
  const segments = path.split("/");
  if (segments.some((segment) => segment === ".." || segment === "." || segment === "")) return void 0;
  const encoded = segments.map((segment) => encodeURIComponent(segment)).join("/");
  const anchor = Number.isInteger(finding.line) && finding.line > 0 ? `#L${finding.line}` : "";
  return `${base.serverUrl}/${encodeURIComponent(base.owner)}/${encodeURIComponent(base.repo)}/blob/${encodeURIComponent(base.sha)}/${encoded}${anchor}`;
}

// src/core/status-icon.ts
function moduleIcon(status) {
  switch (classifyModuleStatus(status)) {
    case "succeeded":
      return "\u2705";
    case "failed":
      return "\u274C";
    case "skipped":
      return "\u23ED\uFE0F";
    case "cancelled":
      return "\u{1F6AB}";
    case "running":
      return "\u23F3";
  }
}

// src/core/insights-summary.ts
var INSIGHTS_SUMMARY_BUDGET_BYTES = 64 * 1024;
var INSIGHTS_MAX_ROWS = 50;
var COMMENT_AGENT_RUNS = 10;
var TEXT_MAX = 200;
var ID_MAX = 100;
var STATUS_MAX = 40;
function renderInsightsSections(insights, scanId) {
  if (insights === void 0) return [];
  const budget = { bytesLeft: INSIGHTS_SUMMARY_BUDGET_BYTES, scanId };
  return [
    aiSection(insights.ai, budget),
    complianceSection(insights.compliance, budget),
    aiSecuritySection(insights.aiSecurity, budget)
  ].filter((section) => section.length > 0);
}
function renderCreditsLine(credits) {
  if (credits === void 0) return "";
  const used = credits.used === void 0 ? "" : `; this run used **${credits.used}**`;
  const short = creditsRunShort(credits) ? " \u26A0\uFE0F That is not enough for another run like this one." : "";
  return `_Credits: **${credits.remaining}** remaining${used}._${short}`;
}
function renderInsightsCommentLines(insights, summaryUrl) {
  if (insights === void 0) return [];
  const details = summaryUrl ? ` \u2014 ${markdownLink("details in the job summary", summaryUrl)}` : "";
  const lines = [];
  if (insights.ai) lines.push(`- ${aiCommentLine(insights.ai)}${details}`);
  if (insights.compliance) lines.push(`- ${complianceCommentLine(insights.compliance)}${details}`);
  const posture = insights.aiSecurity;
  if (posture && posture.checksTotal > 0) {
    lines.push(
      `- **AI-security posture:** ${posture.checksFailed} of ${posture.checksTotal} checks failed${details}`
    );
  }
  return lines;
}
function restWhere(command, budget) {
  return budget.scanId === void 0 ? "the service has them all" : ELSEWHERE.command(command(budget.scanId), "markdown");
}
function aiSection(ai, budget) {
  if (ai === void 0) return "";
  const lines = ["### AI analysis", ""];
  if (ai.outcome === "succeeded") {
    lines.push(`${aiScores(ai)} \xB7 ${plural(ai.runs.length, "agent run")}`);
  } else {
    lines.push(`**${aiOutcomeSentence(ai)}** The verdict does not depend on it.`);
  }
  if (ai.runs.length > 0) {
    const rows = inSequence(ai).map(
      (run) => `| ${run.sequence} | ${markdownCode(truncate(run.agentId, ID_MAX))} | ${statusCell(run.status, moduleIcon)} | ${run.confidence === null ? "" : String(run.confidence)} |`
    );
    lines.push(
      "",
      ...table(
        ["| # | Agent | Status | Confidence |", "| ---: | --- | --- | ---: |"],
        rows,
        { total: ai.runs.length, what: noun("agent run") },
        budget,
        restWhere((scan) => `svc ai-analysis view ${scan}`, budget)
      )
    );
  }
  return lines.join("\n");
}
function inSequence(ai) {
  return [...ai.runs].sort((a, b) => a.sequence - b.sequence);
}
function aiScores(ai) {
  return `Risk score **${numberOrNa(ai.riskScore)}** \xB7 overall confidence **${numberOrNa(ai.overallConfidence)}**`;
}
function aiOutcomeSentence(ai) {
  const why = ai.problem ? `: ${escapeMarkdownInline(truncate(ai.problem, 500))}` : "";
  switch (ai.outcome) {
    case "succeeded":
      return "The AI analysis completed.";
    case "failed":
      return `The AI analysis failed${why}.`;
    case "cancelled":
      return `The AI analysis was cancelled${why}.`;
    case "timed-out":
      return `The AI analysis did not finish in the time wait-timeout left${why}.`;
    case "not-started":
      return `The AI analysis could not be started${why}.`;
  }
}
function aiCommentLine(ai) {
  if (ai.outcome !== "succeeded")
    return `**AI analysis:** ${aiOutcomeSentence(ai)} The verdict does not depend on it.`;
  const runs = inSequence(ai).slice(0, COMMENT_AGENT_RUNS).map((run) => {
    const confidence = run.confidence === null ? "" : ` ${run.confidence}`;
    return `${markdownCode(truncate(run.agentId, ID_MAX))} ${moduleIcon(run.status)}${confidence}`;
  });
  const more = ai.runs.length > COMMENT_AGENT_RUNS ? ` (+${ai.runs.length - COMMENT_AGENT_RUNS} more in the job summary)` : "";
  const list = runs.length > 0 ? ` \xB7 agent runs: ${runs.join(" \u2192 ")}${more}` : "";
  return `**AI analysis:** ${aiScores(ai).replace(/^Risk/, "risk")}${list}`;
}
function complianceSection(compliance, budget) {
  if (compliance === void 0) return "";
  const lines = ["### Compliance", "", overallLine(compliance)];
  for (const framework of compliance.frameworks) {
    lines.push("", frameworkLine(framework));
    if (framework.notPassed.length === 0) continue;
    const rows = framework.notPassed.map(
      (control) => `| ${markdownCode(truncate(control.controlId, ID_MAX))} | ${escapeMarkdownInline(truncate(control.title, TEXT_MAX))} | ${statusCell(control.status, checkIcon)} |`
    );
    lines.push(
      "",
      ...table(
        ["| Control | Title | Status |", "| --- | --- | --- |"],
        rows,
        { total: framework.notPassedTotal, what: noun("control") },
        budget,
        restWhere((scan) => `svc compliance view ${framework.id} --scan ${scan}`, budget)
      )
    );
  }
  return lines.join("\n");
}
function overallLine(compliance) {
  const { overallScore, minScore } = compliance;
  if (overallScore === void 0) {
    const why = compliance.problem ? `: ${escapeMarkdownInline(truncate(compliance.problem, 500))}` : "";
    const gate2 = minScore === void 0 ? "" : ` min-compliance-score **${minScore}** fails the step.`;
    return `The overall score could not be read${why}.${gate2}`;
  }
  const gate = minScore === void 0 ? "" : ` \xB7 min-compliance-score **${minScore}**: ${overallScore < minScore ? "\u274C below, the step fails" : "\u2705 met"}`;
  return `Overall score **${overallScore}**${gate}`;
}
function frameworkLine(framework) {
  const id = markdownCode(truncate(framework.id, ID_MAX));
  const name = framework.name ? `**${escapeMarkdownInline(truncate(framework.name, TEXT_MAX))}** (${id})` : `**${id}**`;
  const score = framework.score === void 0 ? "" : ` \xB7 score **${framework.score}**`;
  if (framework.problem !== void 0) {
    return `${name}${score} \xB7 its controls could not be read: ${escapeMarkdownInline(truncate(framework.problem, 500))}`;
  }
  const result = framework.notPassedTotal === 0 ? `every one of ${plural(framework.controlsTotal, "control")} passed or does not apply` : `${framework.notPassedTotal} of ${plural(framework.controlsTotal, "control")} did not pass`;
  return `${name}${score} \xB7 ${result}`;
}
function complianceCommentLine(compliance) {
  const { overallScore, minScore } = compliance;
  const gate = minScore === void 0 ? "" : ` (min-compliance-score ${minScore})`;
  if (overallScore === void 0) return `**Compliance:** the score could not be read${gate}`;
  const notPassed = compliance.frameworks.reduce((sum, framework) => sum + framework.notPassedTotal, 0);
  const frameworks = plural(compliance.frameworks.length, "framework");
  return `**Compliance:** score **${overallScore}**${gate} \xB7 ${plural(notPassed, "control")} did not pass in ${frameworks}`;
}
function aiSecuritySection(posture, budget) {
  if (posture === void 0 || posture.checksTotal <= 0) return "";
  const lines = [
    "### AI-security posture",
    "",
    `**${posture.checksFailed} of ${posture.checksTotal} checks failed**`
  ];
  if (posture.notPassed.length > 0) {
    const rows = posture.notPassed.map(
      (check) => `| ${escapeMarkdownInline(truncate(check.name, TEXT_MAX))} | ${markdownCode(truncate(check.owaspLlm, ID_MAX))} | ${statusCell(check.status, checkIcon)} |`
    );
    lines.push(
      "",
      ...table(
        ["| Check | OWASP LLM | Status |", "| --- | --- | --- |"],
        rows,
        { total: posture.notPassedTotal, what: noun("check") },
        budget,
        restWhere((scan) => `svc ai-security --scan ${scan}`, budget)
      )
    );
  }
  return lines.join("\n");
}
function table(header, rows, { total, what }, budget, where) {
  const shown = [];
  for (const row of rows) {
    if (shown.length >= INSIGHTS_MAX_ROWS) break;
    const bytes = Buffer.byteLength(row) + 1;
    if (bytes > budget.bytesLeft) break;
    budget.bytesLeft -= bytes;
    shown.push(row);
  }
  const lines = shown.length > 0 ? [...header, ...shown] : [];
  const leftOut = leftOutLines(total - shown.length, what, where);
  return lines.length > 0 ? [...lines, ...leftOut] : leftOut.slice(1);
}
function statusCell(status, icon) {
  return `${icon(status)} ${escapeMarkdownInline(truncate(status, STATUS_MAX))}`;
}
function checkIcon(status) {
  if (isPassedStatus(status)) return "\u2705";
  if (!didNotPass(status)) return "\u2796";
  return classifyStatus(status) === "failed" ? "\u274C" : "\u26A0\uFE0F";
}
function numberOrNa(value) {
  return value === null ? "n/a" : String(value);
}
function plural(count, noun2) {
  return `${count} ${noun2}${count === 1 ? "" : "s"}`;
}

// src/core/not-counted.ts
function notCountedNote(policy) {
  const suppressed = policy?.suppressedCount ?? 0;
  const outside = policy?.outOfScopeCount ?? 0;
  const parts = [];
  if (suppressed > 0) parts.push(`${suppressed} suppressed by the policy`);
  if (outside > 0) parts.push(`${outside} outside ${suppressed > 0 ? "its" : "the policy's"} paths`);
  return parts.length === 0 ? "" : `(and ${parts.join(" and ")}, not counted)`;
}
function withNotCounted(text, policy) {
  const note = notCountedNote(policy);
  return note ? `${text} ${note}` : text;
}

// src/core/summary.ts
var SUMMARY_BUDGET_BYTES = 512 * 1024;
var SUMMARY_MAX_FINDINGS = 500;
var TITLE_MAX2 = 200;
var PATH_MAX2 = 240;
var SUMMARY_OPEN_ROWS = 10;
function renderScanSummary(input) {
  const sections = [
    renderPolicyChange(input.policy),
    verdictSection(input),
    countsSection(input),
    modulesSection(input.scan.modules),
    findingsSection(input),
    renderPolicySection(input.policy, { restWhere: restWhere2(input) }),
    suppressionHint(input),
    fixesSection(input),
    sarifFileLine(input.sarifFile),
    remediationSection(input.remediations),
    ...renderInsightsSections(input.insights, input.scan.id),
    renderCreditsLine(input.insights?.credits)
  ];
  return sections.filter((section) => section.length > 0).join("\n\n") + "\n";
}
function verdictSection(input) {
  const { verdict, scan } = input;
  const heading = verdict.passed ? "## \u2705 svc-scan: passed" : "## \u274C svc-scan: failed";
  const facts = [
    `Scan ${markdownCode(scan.id)} of ${markdownCode(scan.repository)} at ${markdownCode(scan.ref)}`,
    `risk score **${input.riskScore === null ? "n/a" : escapeMarkdownInline(String(input.riskScore))}**`,
    withNotCounted(`${SEVERITIES.reduce((sum, s) => sum + input.counts[s], 0)} findings`, input.policy)
  ];
  const checkRun = input.annotations?.checkRun;
  if (checkRun) facts.push(`check run ${markdownLink(checkRun.name, checkRun.url)}`);
  const lines = [heading, "", `**${escapeMarkdownInline(verdict.reason)}**`, "", facts.join(" \xB7 ")];
  for (const note of input.notes) lines.push("", `> [!WARNING]
> ${escapeMarkdownInline(note)}`);
  return lines.join("\n");
}
function suppressionHint(input) {
  if (input.verdict.failingFindings === 0) return "";
  return "_A false positive, or an accepted risk? Suppress it in `.github/svc-scan.yml` (`ignore:` with its `fingerprint`, or a `cwe` and `paths`, a `reason` and an `expires` date): the fingerprint is in the check run's annotation details, the SARIF file and `svc scan --json`._";
}
function countsSection(input) {
  const rows = SEVERITIES.map((severity) => {
    const marks = [];
    if (input.failOn !== "none" && isAtOrAbove(severity, input.failOn)) marks.push("fails the step");
    else if (isAtOrAbove(severity, input.reportFloor)) marks.push("reported");
    else marks.push("counted, not reported");
    if (severity === input.severityThreshold) marks.push("\u2190 severity-threshold");
    if (severity === input.failOn) marks.push("\u2190 fail-on");
    return `| ${SEVERITY_LABEL[severity]} | ${input.counts[severity]} | ${marks.join(" ")} |`;
  });
  return ["| Severity | Findings | Gate |", "| --- | ---: | --- |", ...rows].join("\n");
}
function modulesSection(modules) {
  if (modules.length === 0) return "";
  const items = modules.map(
    (module) => `${markdownCode(module.name)} ${moduleIcon(module.status)} ${escapeMarkdownInline(module.status)}`
  );
  return `**Modules:** ${items.join(" \xB7 ")}`;
}
function fixesSection(input) {
  const folded = input.foldedFixes ?? [];
  const posted = input.suggestionsPosted ?? 0;
  if (folded.length === 0 && posted === 0) return "";
  const lines = ["### Fixes", ""];
  if (posted > 0)
    lines.push(
      `${posted} ${posted === 1 ? "fix was" : "fixes were"} suggested on the pull request's lines.`,
      ""
    );
  lines.push(...folded.flatMap((block) => [block, ""]));
  return lines.join("\n").trimEnd();
}
function sarifFileLine(file) {
  if (!file) return "";
  const leftOut = file.leftOut > 0 ? `; ${file.leftOut} left out by code scanning's limits` : "";
  return `_SARIF for code scanning: ${markdownCode(file.path)}, ${file.results} results${leftOut}._`;
}
function remediationSection(outcomes) {
  if (outcomes.length === 0) return "";
  const rows = outcomes.map((outcome) => {
    const finding = `${escapeMarkdownInline(truncate(outcome.title, TITLE_MAX2))} (${markdownCode(outcome.findingId)})`;
    const result = outcome.problem === null ? `${markdownLink("pull request", outcome.prUrl)} on ${markdownCode(outcome.branch)}` : `no pull request: ${escapeMarkdownInline(outcome.problem)}`;
    return `| ${SEVERITY_LABEL[outcome.severity]} | ${finding} | ${result} |`;
  });
  return ["### Remediations", "", "| Severity | Finding | Result |", "| --- | --- | --- |", ...rows].join(
    "\n"
  );
}
function findingsSection(input) {
  if (input.comparison) return comparisonSection(input, input.comparison);
  const lines = [
    `### Findings (${input.reportedTotal} at or above ${input.reportFloor}, most severe first)`,
    ""
  ];
  if (input.reportedTotal === 0) {
    lines.push("No finding at or above the reported severity.");
    return lines.join("\n");
  }
  const table2 = findingsTable(input.findings, input.links, SUMMARY_MAX_FINDINGS);
  lines.push(...table2.lines);
  lines.push(...leftOutLines(input.reportedTotal - table2.listed, noun("reported finding"), restWhere2(input)));
  const annotationLine = annotationsLine(input);
  if (annotationLine) lines.push("", annotationLine);
  return lines.join("\n");
}
function restWhere2(input) {
  return restOfScan(input.scan.id, input.counts, input.policy, "markdown");
}
function comparisonSection(input, comparison) {
  const lines = [
    ...newFindingsLines(input, comparison),
    ...existingFindingsLines(input, comparison),
    ...fixedFindingsLines(comparison),
    "",
    baselineLine(comparison),
    ...coarseMatchingLines(comparison)
  ];
  const annotationLine = annotationsLine(input);
  if (annotationLine) lines.push("", annotationLine);
  return lines.join("\n");
}
function newFindingsLines(input, comparison) {
  const { counts } = comparison;
  const lines = [`### New findings (${counts.new} at or above ${input.reportFloor}, most severe first)`, ""];
  if (counts.new === 0) {
    lines.push("This pull request introduces no finding at or above the reported severity.");
    return lines;
  }
  const table2 = findingsTable(
    comparison.newFindings,
    input.links,
    SUMMARY_MAX_FINDINGS,
    SUMMARY_OPEN_ROWS,
    SUMMARY_BUDGET_BYTES / 2
  );
  lines.push(
    ...table2.lines,
    ...leftOutLines(counts.new - table2.listed, noun("new finding"), restWhere2(input))
  );
  return lines;
}
function existingFindingsLines(input, comparison) {
  const existing = comparison.counts.existing;
  if (existing === 0) return [];
  const table2 = findingsTable(
    comparison.existingFindings,
    input.links,
    SUMMARY_MAX_FINDINGS,
    Number.POSITIVE_INFINITY,
    SUMMARY_BUDGET_BYTES / 2
  );
  return [
    "",
    `<details><summary>${counted(existing, noun("existing finding"))}, already in the baseline: ${existing === 1 ? "it does" : "they do"} not fail the gate</summary>`,
    "",
    ...table2.lines,
    ...leftOutLines(existing - table2.listed, noun("existing finding"), restWhere2(input)),
    "",
    "</details>"
  ];
}
function fixedFindingsLines(comparison) {
  const fixed = comparison.counts.fixed;
  if (fixed === 0) return [];
  const items = comparison.fixedFindings.slice(0, SUMMARY_OPEN_ROWS * 5).map(
    (finding) => `- ${SEVERITY_LABEL[finding.severity]} ${escapeMarkdownInline(truncate(finding.title, TITLE_MAX2))} (${markdownCode(truncate(finding.filePath, PATH_MAX2))})`
  );
  const where = ELSEWHERE.findingsCommand(comparison.baselineScanId, "markdown", { scan: "the baseline" });
  return [
    "",
    `<details><summary>This pull request fixes ${counted(fixed, FINDING)}</summary>`,
    "",
    ...items,
    ...leftOutLines(fixed - items.length, noun("fixed finding"), where),
    "",
    "</details>"
  ];
}
function baselineLine(comparison) {
  return `_Compared with scan ${markdownCode(comparison.baselineScanId)} of ${markdownCode(comparison.baselineCommit)}, ${escapeMarkdownInline(comparison.baselineSource)}${comparison.startedBaseline ? ", started for this comparison (it cost a scan)" : ""}._`;
}
function coarseMatchingLines(comparison) {
  const files = comparison.coarseFiles.length;
  if (files === 0) return [];
  return [
    "",
    `_Coarse matching (by title, CWE and file only) for ${files} ${files === 1 ? "file" : "files"} whose diff GitHub did not give._`
  ];
}
function findingsTable(findings, links, maxRows, openRows = SUMMARY_OPEN_ROWS, budgetBytes = SUMMARY_BUDGET_BYTES) {
  const header = ["| Severity | Finding | Location | CWE | OWASP |", "| --- | --- | --- | --- | --- |"];
  const rows = [];
  let bytes = 0;
  for (const finding of findings) {
    if (rows.length >= maxRows) break;
    const row = findingRow(finding, links);
    bytes += Buffer.byteLength(row) + 1;
    if (bytes > budgetBytes) break;
    rows.push(row);
  }
  const lines = [...header, ...rows.slice(0, openRows)];
  if (rows.length > openRows) {
    const folded = rows.length - openRows;
    lines.push(
      "",
      `<details><summary>${folded} more ${folded === 1 ? "finding" : "findings"}</summary>`,
      "",
      ...header,
      ...rows.slice(openRows),
      "",
      "</details>"
    );
  }
  return { lines, listed: rows.length };
}
function annotationsLine(input) {
  const sink = input.annotations?.sink ?? "workflow commands";
  const { annotationsShown: shown, annotationsNotShown: notShown } = input;
  if (sink === "none")
    return input.reportedTotal > 0 ? "_Annotations are off (`annotations: none`)._" : void 0;
  if (notShown === 0) return void 0;
  if (sink === "check run") {
    const checkRun = input.annotations?.checkRun;
    const where = checkRun ? ` in the check run ${markdownLink(checkRun.name, checkRun.url)}` : "";
    return `_${shown} findings are annotated on their lines${where}; ${notShown} are not (\`max-annotations\`): the check run lists them, and the table above the most severe._`;
  }
  return `_${shown} findings are annotated on their lines; ${notShown} are not, since GitHub shows at most 10 annotations of each level from a step._`;
}
function findingRow(finding, links) {
  const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
  const url = fileLink(links, finding);
  const code = location ? markdownCode(truncate(location, PATH_MAX2)) : "";
  const cells = [
    SEVERITY_LABEL[finding.severity],
    escapeMarkdownInline(truncate(finding.title, TITLE_MAX2)),
    url && code ? markdownCodeLink(code, url) : code,
    finding.cwe ? escapeMarkdownInline(finding.cwe) : "",
    finding.owasp ? escapeMarkdownInline(finding.owasp) : ""
  ];
  return `| ${cells.join(" | ")} |`;
}
function renderFailureSummary(input) {
  const lines = ["## \u274C svc-scan: failed", ""];
  for (const line of input.message.split("\n")) {
    lines.push(
      line.startsWith("- ") ? `- ${escapeMarkdownInline(line.slice(2))}` : escapeMarkdownInline(line)
    );
  }
  if (input.scan) {
    lines.push("", `Scan ${markdownCode(input.scan.id)}: ${escapeMarkdownInline(input.scan.status)}`);
    const modules = modulesSection(input.scan.modules);
    if (modules) lines.push("", modules);
  }
  return lines.join("\n") + "\n";
}

// src/run/sarif-path.ts
import { isAbsolute, relative, resolve, sep } from "node:path";
var SarifPathError = class extends Error {
  name = "SarifPathError";
};
function resolveSarifPath(path, workspace) {
  const refuse = (why) => new SarifPathError(`Input 'sarif-file' is invalid: got '${path}'; ${why}`);
  if (path.trim() === "" || /[\u0000-\u001f\u007f]/.test(path))
    throw refuse("expected a file path on one line, such as results/svc-scan.sarif.");
  if (/[\\/]$/.test(path))
    throw refuse("it names a folder: expected a file path, such as results/svc-scan.sarif.");
  if (isAbsolute(path)) return resolve(path);
  if (!isAbsolute(workspace))
    throw refuse(
      `the path is relative, and GITHUB_WORKSPACE ('${workspace}') is not an absolute path to resolve it against: give an absolute path.`
    );
  const target = resolve(workspace, path);
  const inside = relative(resolve(workspace), target);
  if (inside === "" || inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    throw refuse(
      "a relative path must stay inside the workspace (GITHUB_WORKSPACE); to write elsewhere give an absolute path, such as ${{ runner.temp }}/svc-scan.sarif."
    );
  return target;
}

export {
  LISTED_COMPARED,
  freezeReport,
  fileLink,
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
  creditsNotice,
  renderInsightsCommentLines,
  withNotCounted,
  COMMENT_SUPPRESSED_ROWS,
  renderPolicyChange,
  renderPolicySection,
  renderSkippedSummary,
  SUMMARY_MAX_FINDINGS,
  renderScanSummary,
  renderFailureSummary,
  selectRemediationTargets,
  remediationPrsOutput,
  didYouMean,
  textOf,
  textInput,
  optionalTextInput,
  booleanInput,
  choiceInput,
  schemaOf,
  numberInput,
  InputError,
  readSettingInputs,
  NO_ORIGIN,
  LIMITS,
  POLICY_BOUNDS,
  RUN_INPUTS,
  parseSettings,
  runSettingsOf,
  checkTogether,
  SarifPathError,
  resolveSarifPath,
  scanStatusOutput
};
//# sourceMappingURL=chunk-VKM5OPQD.js.map
