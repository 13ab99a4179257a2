import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  LIMITS,
  RUN_INPUTS,
  SUMMARY_MAX_FINDINGS,
  SarifPathError,
  booleanInput,
  checkTogether,
  choiceInput,
  numberInput,
  optionalTextInput,
  readSettingInputs,
  remediationPrsOutput,
  renderFailureSummary,
  renderScanSummary,
  renderSkippedSummary,
  resolveSarifPath,
  runSettingsOf,
  schemaOf,
  textInput,
  textOf
} from "./chunk-VKM5OPQD.js";
import {
  TEXT_BUDGETS
} from "./chunk-HXRTW7JD.js";
import {
  runnerToolkit,
  toolkitLogger
} from "./chunk-TQ3HAPY2.js";
import {
  SEVERITIES
} from "./chunk-QTPT64TT.js";

// src/action/reporters/reporter.ts
var STAGES = ["sink", "view", "outputs"];
function describeReporterInputs(inputs) {
  return inputs;
}
function describeReporter(descriptor) {
  return descriptor;
}
var NOTHING_DELIVERED = Object.freeze({
  annotations: Object.freeze({ sink: "none", shown: 0, notShown: 0 }),
  checkRun: void 0,
  commentUrl: void 0,
  suggestionsPosted: 0,
  foldedFixes: Object.freeze([]),
  sarifFile: void 0,
  outputs: Object.freeze({}),
  notes: Object.freeze([])
});
function mergeDeliveries(base, parts) {
  let merged = { ...base };
  for (const part of parts) {
    if (part === void 0) continue;
    merged = {
      ...merged,
      ...part,
      outputs: { ...merged.outputs, ...part.outputs },
      notes: [...merged.notes, ...part.notes ?? []]
    };
  }
  return Object.freeze({
    ...merged,
    outputs: Object.freeze({ ...merged.outputs }),
    notes: Object.freeze([...merged.notes])
  });
}

// src/action/reporters/job-summary.ts
var jobSummaryReporter = {
  name: "job summary",
  needs: { rows: SUMMARY_MAX_FINDINGS, perSeverity: 0 },
  async finish(report, context) {
    const { log, toolkit, delivery } = context;
    const results = report.results;
    const markdown = report.outcome === "skipped" ? renderSkippedSummary(report.reason, report.policy) : results === void 0 || report.scan === void 0 ? renderFailureSummary({ message: report.reason, scan: report.scan }) : renderScanSummary({
      ...results,
      scan: report.scan,
      annotationsShown: delivery.annotations.shown,
      annotationsNotShown: delivery.annotations.notShown,
      annotations: {
        sink: delivery.annotations.sink,
        checkRun: delivery.checkRun ? { name: context.settings?.checkName ?? "check run", url: delivery.checkRun.url } : void 0
      },
      links: context.links,
      foldedFixes: delivery.foldedFixes,
      suggestionsPosted: delivery.suggestionsPosted,
      notes: [...report.notes, ...delivery.notes],
      insights: report.insights,
      sarifFile: delivery.sarifFile,
      policy: report.policy
    });
    await toolkit.appendSummary(markdown).catch((error) => {
      log.warning(`Could not write the job summary: ${String(error)}`);
    });
    return void 0;
  }
};
var jobSummaryDescriptor = describeReporter({
  name: "job summary",
  stage: "view",
  inputs: {},
  outputs: {},
  needs: ["findings shown"],
  create: () => jobSummaryReporter
});

// src/action/reporters/outputs.ts
var outputsReporter = {
  name: "outputs",
  finish(report, { toolkit, delivery }) {
    toolkit.setOutput("result", resultOutput(report));
    if (report.scan) toolkit.setOutput("scan-id", report.scan.id);
    if (report.scanStatus) toolkit.setOutput("scan-status", report.scanStatus);
    for (const [name, value] of Object.entries(delivery.outputs)) if (value) toolkit.setOutput(name, value);
    const results = report.results;
    if (results === void 0) return Promise.resolve(void 0);
    const { counts } = results;
    toolkit.setOutput("risk-score", results.riskScore === null ? "" : String(results.riskScore));
    toolkit.setOutput("total-findings", String(SEVERITIES.reduce((sum, s) => sum + counts[s], 0)));
    for (const severity of SEVERITIES) toolkit.setOutput(`findings-${severity}`, String(counts[severity]));
    toolkit.setOutput("failing-findings", String(results.verdict.failingFindings));
    toolkit.setOutput("remediation-prs", remediationPrsOutput(results.remediations));
    toolkit.setOutput("suggestions-posted", String(delivery.suggestionsPosted));
    toolkit.setOutput("suppressed-findings", String(report.policy?.suppressedCount ?? 0));
    toolkit.setOutput("out-of-scope-findings", String(report.policy?.outOfScopeCount ?? 0));
    const comparison = results.comparison;
    if (comparison) {
      toolkit.setOutput("new-findings", String(comparison.counts.new));
      toolkit.setOutput("new-failing-findings", String(comparison.counts.newFailing));
      toolkit.setOutput("fixed-findings", String(comparison.counts.fixed));
      toolkit.setOutput("existing-findings", String(comparison.counts.existing));
      toolkit.setOutput("baseline-scan-id", comparison.baselineScanId);
    }
    setInsightOutputs(report, toolkit);
    return Promise.resolve(void 0);
  }
};
var outputsDescriptor = describeReporter({
  name: "outputs",
  stage: "outputs",
  inputs: {},
  outputs: {
    "scan-id": "Id of the scan on the service.",
    "scan-status": "Final status of the scan (completed, failed, cancelled, or timed-out); the last status seen when the run failed mid-scan.",
    "risk-score": "Risk score from the scan report.",
    "total-findings": "Number of findings of the scan, not counting those the policy suppressed or left out of scope (suppressed-findings, out-of-scope-findings).",
    "findings-critical": "Number of critical findings.",
    "findings-high": "Number of high findings.",
    "findings-medium": "Number of medium findings.",
    "findings-low": "Number of low findings.",
    "findings-info": "Number of info findings.",
    "failing-findings": "Number of findings at or above fail-on.",
    result: "passed, failed, or skipped (a pull request or merge group that changes no file in paths: no scan was started).",
    "suppressed-findings": "Findings that matched a suppression of the policy file in force (not gated; shown with their reasons).",
    "out-of-scope-findings": "Findings outside paths or inside paths-ignore (neither reported nor gated).",
    "remediation-prs": "JSON array of {finding_id, pr_url, branch} for the remediation jobs started.",
    "new-findings": "Findings the pull request introduces, against the baseline (empty when the gate is all or no baseline was had).",
    "new-failing-findings": "New findings at or above fail-on: what the gate decides on under gate new (empty when no baseline).",
    "fixed-findings": "Baseline findings the pull request fixes (empty when no baseline).",
    "existing-findings": "Findings that were already in the baseline (empty when no baseline).",
    "baseline-scan-id": "The scan compared against (empty when none).",
    "suggestions-posted": "How many fix suggestions this run posted (0 when none: off, a fork, nothing new).",
    "ai-risk-score": "Risk score of the AI analysis, as the service gives it (empty unless the analysis completed).",
    "ai-confidence": "Overall confidence of the AI analysis, as the service gives it (empty unless the analysis completed).",
    "compliance-score": "Overall compliance score of the frameworks (empty when no frameworks)."
  },
  needs: [],
  create: () => outputsReporter
});
function resultOutput(report) {
  if (report.outcome === "passed" || report.outcome === "skipped") return report.outcome;
  return "failed";
}
function setInsightOutputs(report, toolkit) {
  const { ai, compliance } = report.insights ?? {};
  if (ai?.outcome === "succeeded") {
    if (ai.riskScore !== null) toolkit.setOutput("ai-risk-score", String(ai.riskScore));
    if (ai.overallConfidence !== null) toolkit.setOutput("ai-confidence", String(ai.overallConfidence));
  }
  if (compliance?.overallScore !== void 0)
    toolkit.setOutput("compliance-score", String(compliance.overallScore));
}

// src/action/report-delivery.ts
function minimalReporting(toolkit) {
  return {
    reporters: [
      { reporter: jobSummaryReporter, stage: "view" },
      { reporter: outputsReporter, stage: "outputs" }
    ],
    context: reportContextOver(toolkit),
    github: void 0
  };
}
function reportContextOver(toolkit, given = {}) {
  return {
    log: toolkitLogger(toolkit),
    toolkit: runnerToolkit(toolkit),
    settings: void 0,
    links: void 0,
    runUrl: void 0,
    delivery: NOTHING_DELIVERED,
    ...given
  };
}
async function announceStart(reporting, scan) {
  const standIns = /* @__PURE__ */ new Map();
  for (const { reporter } of reporting.reporters) {
    if (!reporter.start) continue;
    const standIn = await reporter.start(scan, reporting.context).catch((error) => {
      warn(reporting.context.log, reporter.name, error);
    });
    if (standIn) standIns.set(reporter, standIn);
  }
  return standIns;
}
async function deliver(reporting, report) {
  let delivery = reporting.context.delivery;
  for (const stage of STAGES) {
    for (const { reporter } of reporting.reporters.filter((staged) => staged.stage === stage)) {
      const context = { ...reporting.context, delivery };
      try {
        delivery = mergeDeliveries(delivery, [await reporter.finish(report, context)]);
      } catch (error) {
        warn(context.log, reporter.name, error);
      }
    }
  }
}
function warn(log, name, error) {
  const reason = error instanceof Error ? error.message : String(error);
  log.warning(`Could not write the ${name}: ${reason}. The verdict stands.`);
}

// src/core/sarif/sarif-category.ts
function sarifCategoryProblem(category) {
  const max = TEXT_BUDGETS.category - 1;
  if (category.length > max) return `at most ${max} characters, such as svc-scan/acme/web`;
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(category)) return "one line without control or invisible characters";
  if (!/[^/\s]/u.test(category))
    return "a category with a name in it, such as svc-scan/acme/web (slashes alone leave it empty)";
  return void 0;
}

// src/action/shared-inputs.ts
var ANNOTATIONS_MODES = ["check-run", "workflow-commands", "none"];
var checkNameInput = {
  name: "check-name",
  default: "svc-scan",
  description: "Name of the check run; matrix jobs scanning several repositories set their own. Also keys the pull request comment. Default: svc-scan.",
  parse: (value, problems) => {
    const name = textOf(value);
    if (name.length > LIMITS.checkNameLength.max || /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name))
      problems.invalid(
        name,
        `1 to ${LIMITS.checkNameLength.max} characters on one line, no control characters`
      );
    return name;
  }
};
var sarifCategoryInput = {
  name: "sarif-category",
  default: "",
  description: "Code scanning category of the SARIF run (runs[0].automationDetails.id); a / is appended when it does not end in one, so the category is exactly this. Empty: svc-scan/<owner>/<name> of the scanned repository, so matrix jobs over several repositories never collide.",
  parse: (value, problems) => {
    const category = textOf(value);
    const problem = category === "" ? void 0 : sarifCategoryProblem(category);
    if (problem) problems.invalid(category, problem);
    return category;
  }
};
var SARIF_MAX_RESULTS = { min: 1, max: 25e3 };
var SHARED_INPUTS = {
  githubToken: optionalTextInput({
    name: "github-token",
    default: "",
    description: "Token for the GitHub API: the check run (checks: write) and the pull request comment (pull-requests: write). Masked; never sent to the service."
  }),
  // The workflow's own token, to know whose comments are the action's when GitHub's viewer cannot be read: the
  // action cannot otherwise tell github-token's default from a token the workflow passed.
  workflowToken: optionalTextInput({
    name: "workflow-token",
    default: "",
    description: "Internal: the workflow's own token, compared with github-token to know which account the action writes as when GitHub cannot say (its comments are then github-actions[bot]'s). Leave it unset."
  }),
  checkName: checkNameInput,
  annotations: choiceInput(
    {
      name: "annotations",
      default: "check-run",
      description: "Where findings are annotated on their lines: check-run (up to max-annotations, through the check run), workflow-commands (GitHub shows 10 of each level), or none. Default: check-run.",
      schema: schemaOf.oneOf("Where findings are annotated.", ANNOTATIONS_MODES)
    },
    ANNOTATIONS_MODES
  ),
  // The SARIF file and the code scanning upload write the same run.
  sarifCategory: sarifCategoryInput,
  sarifMaxResults: numberInput(
    {
      name: "sarif-max-results",
      default: "5000",
      description: "Most results in the SARIF run (the file and the upload), the most severe, with a notification counting the rest: 1 to 25000. Code scanning shows the top 5000 of a run. Default: 5000."
    },
    SARIF_MAX_RESULTS,
    true
  )
};
function sarifCategoryOf(settings) {
  return settings.sarifCategory || `svc-scan/${settings.repository}`;
}

// src/action/policy/policy-inputs.ts
var CONFIG_FROM = ["auto", "head", "base"];
var DEFAULT_POLICY_FILE = ".github/svc-scan.yml";
var POLICY_INPUTS = {
  path: textInput({
    name: "config-file",
    default: DEFAULT_POLICY_FILE,
    description: "The repository's policy file (YAML, schema svc-scan.schema.json): gate settings, paths and suppressions with reasons. An input the workflow sets wins over the file, the file over the built-in default. A missing default file means no policy; a file named here must exist. Default: .github/svc-scan.yml."
  }),
  from: choiceInput(
    {
      name: "config-from",
      default: "auto",
      description: "Which commit's policy judges a pull request: head, base (the pull request's base commit), or auto (base for a pull request from a fork, head otherwise). A change to the policy is shown either way. Default: auto."
    },
    CONFIG_FROM
  )
};

// src/action/reporters/reporter-inputs.ts
var triageInput = {
  name: "code-scanning-triage",
  default: "",
  description: "Triage both ways: a code scanning alert a person dismissed takes a finding out of the gate only at its exact place, no more severe than the alert, and never one a pull request introduces (listed with who, when and why); alerts of findings the policy suppresses are dismissed with its reason (reopened when the entry goes), those the default branch has by its own run only. Needs security-events: read (write to dismiss). Empty: on when upload-sarif is.",
  parse: (value, problems, origin) => textOf(value) === "" ? void 0 : booleanInput({ name: "code-scanning-triage", default: "", description: "" }).parse(
    value,
    problems,
    origin
  )
};
var sarifFileInput = {
  name: "sarif-file",
  default: "",
  description: "Path of a SARIF 2.1.0 file to write for code scanning (github/codeql-action/upload-sarif), with every finding at or above severity-threshold, most severe first, within code scanning limits. Relative paths resolve against GITHUB_WORKSPACE and must stay inside it; absolute paths are taken as given. Empty: no file.",
  parse: (value, problems, origin) => {
    const path = textOf(value);
    if (path === "") return void 0;
    try {
      return resolveSarifPath(path, origin.workspace ?? "");
    } catch (error) {
      if (!(error instanceof SarifPathError)) throw error;
      problems.add(error.message);
      return void 0;
    }
  }
};
var PR_COMMENT_MODES = ["always", "on-failure", "never"];
var CHECK_RUN_INPUTS = describeReporterInputs({
  name: "check run",
  inputs: {
    maxAnnotations: numberInput(
      {
        name: "max-annotations",
        default: "1000",
        description: "Most findings annotated through the check run, most severe first (0 to 10000). Default: 1000.",
        schema: schemaOf.number(
          "Most findings annotated through the check run.",
          LIMITS.maxAnnotations,
          true
        )
      },
      LIMITS.maxAnnotations,
      true
    )
  }
});
var FIX_SUGGESTIONS_INPUTS = describeReporterInputs({
  name: "fix suggestions",
  inputs: {
    suggestFixes: booleanInput({
      name: "suggest-fixes",
      default: "true",
      description: "Post the fixes of the findings the gate fails on as suggested changes on the pull request's lines, in one review (true or false). Needs pull-requests: write. Default: true.",
      schema: schemaOf.boolean("Post fixes as suggested changes on the pull request.")
    }),
    maxSuggestions: numberInput(
      {
        name: "max-suggestions",
        default: "20",
        description: "Most suggestions posted in one run, and most finding details read for fixes (0 to 100). Default: 20.",
        schema: schemaOf.number("Most suggestions posted in one run.", LIMITS.maxSuggestions, true)
      },
      LIMITS.maxSuggestions,
      true
    )
  }
});
var SARIF_FILE_INPUTS = describeReporterInputs({
  name: "SARIF file",
  inputs: { sarifFile: sarifFileInput }
});
var CODE_SCANNING_UPLOAD_INPUTS = describeReporterInputs({
  name: "code scanning upload",
  inputs: {
    uploadSarif: booleanInput({
      name: "upload-sarif",
      default: "false",
      description: "Upload the SARIF run to code scanning (needs security-events: write), gzip-compressed, for the scanned commit on refs/pull/N/head on a pull request, else GITHUB_REF. Nothing is uploaded from a run that did not read every finding (an error, a cancel, a timeout). Default: false."
    }),
    waitForProcessing: booleanInput({
      name: "wait-for-processing",
      default: "true",
      description: "After upload-sarif, wait (within wait-timeout) for code scanning to process the upload, and report complete, or failed with its errors. Default: true."
    }),
    codeScanningTriage: triageInput
  },
  settle: (own) => ({ ...own, codeScanningTriage: own.codeScanningTriage ?? own.uploadSarif })
});
var PR_COMMENT_INPUTS = describeReporterInputs({
  name: "pull request comment",
  inputs: {
    prComment: choiceInput(
      {
        name: "pr-comment",
        default: "on-failure",
        description: "The sticky pull request comment: always, on-failure (created when the gate fails, then kept up to date), or never. Default: on-failure.",
        schema: schemaOf.oneOf("The sticky pull request comment.", PR_COMMENT_MODES)
      },
      PR_COMMENT_MODES
    )
  }
});
var REPORTER_INPUTS = [
  CHECK_RUN_INPUTS,
  FIX_SUGGESTIONS_INPUTS,
  SARIF_FILE_INPUTS,
  CODE_SCANNING_UPLOAD_INPUTS,
  PR_COMMENT_INPUTS
];

// src/action/action-settings.ts
var TABLES = {
  run: RUN_INPUTS,
  shared: SHARED_INPUTS,
  policy: POLICY_INPUTS,
  ...Object.fromEntries(REPORTER_INPUTS.map((reporter) => [reporter.name, reporter.inputs]))
};
var INPUTS = Object.values(TABLES).flatMap(
  (table) => Object.values(table)
);
var INPUT_DEFAULTS = Object.freeze(
  Object.fromEntries(INPUTS.map((input) => [input.name, input.default]))
);
function readInputRecord(getInput) {
  return Object.freeze(Object.fromEntries(INPUTS.map(({ name }) => [name, getInput(name)])));
}
var ActionInputs = class {
  #reading;
  #origin;
  constructor(record, origin) {
    this.#origin = origin;
    this.#reading = readSettingInputs(TABLES, (name) => record[name] ?? "", origin);
  }
  /** Refuses the inputs the workflow set that are invalid, every one named, before anything is read elsewhere. */
  checkGiven() {
    this.#reading.throwIfInvalid();
    return this;
  }
  /** Where the policy file is: from the inputs alone (the policy cannot move itself). */
  get policyLocation() {
    const { path, from } = this.#reading.completeTable("policy", void 0);
    return { path, from, named: this.#reading.sources(void 0)["config-file"] === "input" };
  }
  /** The api-key and api-url inputs, before the policy is read (it cannot set them); undefined when empty. */
  get service() {
    const { apiKey, apiUrl } = this.#reading.completeTable("run", void 0);
    return { apiKey, apiUrl };
  }
  /** What the run scans, from the inputs and the origin, before the policy is read (it cannot change them). */
  get scanned() {
    const { repository, ref } = this.#reading.completeTable("run", void 0);
    return { repository, ref };
  }
  /** The token for GitHub, to read the policy file at a commit the workspace does not hold. */
  get githubToken() {
    return this.#reading.completeTable("shared", void 0).githubToken;
  }
  /** Every setting: an input the workflow sets wins over the policy file, and the file over the default. */
  settings(policy) {
    const tables = this.#reading.complete(policy);
    const shared = {
      ...runSettingsOf(
        tables.run,
        this.#origin,
        this.#reading.sources(policy)
      ),
      ...tables.shared
    };
    const own = REPORTER_INPUTS.map((reporter) => {
      const parsed = tables[reporter.name];
      return reporter.settle ? reporter.settle(parsed, shared) : parsed;
    });
    this.#reading.addProblems(checkTogether(shared, this.#reading.problems.length));
    this.#reading.throwIfInvalid();
    return Object.freeze(Object.assign({}, shared, ...own));
  }
};
function ownSettings(settings, reporter) {
  const all = settings;
  return Object.fromEntries(
    Object.keys(reporter.inputs).map((field) => [field, all[field]])
  );
}

export {
  describeReporter,
  NOTHING_DELIVERED,
  jobSummaryDescriptor,
  outputsDescriptor,
  minimalReporting,
  announceStart,
  deliver,
  CHECK_RUN_INPUTS,
  FIX_SUGGESTIONS_INPUTS,
  SARIF_FILE_INPUTS,
  CODE_SCANNING_UPLOAD_INPUTS,
  PR_COMMENT_INPUTS,
  sarifCategoryOf,
  readInputRecord,
  ActionInputs,
  ownSettings
};
//# sourceMappingURL=chunk-PVY3FC5Q.js.map
