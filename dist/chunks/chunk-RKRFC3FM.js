import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  FLEET_MANIFEST,
  fleetOptionsOf,
  readFleetManifest
} from "./chunk-YF6BX2WK.js";
import {
  PR_COMMENT_MANIFEST
} from "./chunk-OTAVHTIL.js";
import {
  SARIF_FILE_DELIVERED
} from "./chunk-FI2FODY6.js";
import {
  CODE_SCANNING_UPLOAD_MANIFEST
} from "./chunk-VEUFIVSE.js";
import {
  SHARED_INPUTS,
  SHARED_MANIFEST,
  SarifPathError,
  resolveSarifPath
} from "./chunk-NDORBLCC.js";
import {
  CHECK_RUN_MANIFEST
} from "./chunk-RNKFLICK.js";
import {
  ANNOTATIONS_DELIVERED
} from "./chunk-YX3WZ7YO.js";
import {
  FIX_SUGGESTIONS_MANIFEST
} from "./chunk-LXRB7ZSZ.js";
import {
  InputError,
  POLICY_FILE_INPUT,
  RUN_INPUTS,
  RUN_MANIFEST,
  checkTogether,
  readSettingInputs,
  runSettingsOf
} from "./chunk-JAMHECB7.js";
import {
  choiceInput,
  inputNamesOfFace,
  textOf
} from "./chunk-DTE7QE2B.js";
import {
  describeFeature
} from "./chunk-JTBHCSTL.js";

// src/report/annotations/annotations-manifest.ts
var ANNOTATIONS_MANIFEST = describeFeature({
  name: "workflow-command annotations",
  stage: "sink",
  faces: ["one-scan"],
  inputs: {},
  settle: void 0,
  outputs: {},
  permissions: [],
  deliveryKeys: [ANNOTATIONS_DELIVERED],
  needs: ["findings shown"],
  beforeVerdict: void 0,
  reporter: () => import("./workflow-annotations-reporter-V4MCI24X.js").then((module) => module.workflowAnnotationsFactory)
});

// src/fix-suggestions/fixed-threads-manifest.ts
var FIXED_THREADS_MANIFEST = describeFeature({
  name: "fixed findings threads",
  stage: "sink",
  faces: ["one-scan"],
  inputs: {},
  settle: void 0,
  outputs: {},
  permissions: [
    { feature: "replies on threads", needs: [{ scope: "pull-requests", access: "write" }] },
    {
      feature: "resolving fixed findings' threads",
      needs: [],
      besides: [
        "a GitHub App token (Contents and Pull requests write) or a person's token: never `GITHUB_TOKEN`"
      ]
    }
  ],
  deliveryKeys: [],
  needs: ["github", "pull-request", "every finding at or above the floor"],
  beforeVerdict: void 0,
  reporter: () => import("./fixed-threads-reporter-ISC3DRQW.js").then((module) => module.fixedThreadsFactory)
});

// src/report/summary/job-summary-manifest.ts
var JOB_SUMMARY_MANIFEST = describeFeature({
  name: "job summary",
  stage: "view",
  faces: ["one-scan"],
  inputs: {},
  settle: void 0,
  outputs: {},
  permissions: [],
  deliveryKeys: [],
  needs: ["findings shown"],
  beforeVerdict: void 0,
  reporter: () => import("./job-summary-reporter-LUUAKJ74.js").then((module) => module.jobSummaryFactory)
});

// src/report/log/log-manifest.ts
var LOG_MANIFEST = describeFeature({
  name: "log",
  stage: "sink",
  faces: ["one-scan"],
  inputs: {},
  settle: void 0,
  outputs: {},
  permissions: [],
  deliveryKeys: [],
  needs: [],
  beforeVerdict: void 0,
  reporter: () => import("./log-reporter-UNNGBTL2.js").then((module) => module.logFactory)
});

// src/report/outputs/outputs-manifest.ts
var OUTPUTS_MANIFEST = describeFeature({
  name: "outputs",
  stage: "outputs",
  faces: ["one-scan"],
  inputs: {},
  settle: void 0,
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
  permissions: [],
  deliveryKeys: [],
  needs: [],
  beforeVerdict: void 0,
  reporter: () => import("./outputs-reporter-ZHNB4BKT.js").then((module) => module.outputsFactory)
});

// src/code-scanning/sarif-file-manifest.ts
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
      problems.invalid(error.given, error.expected);
      return void 0;
    }
  }
};
var SARIF_FILE_MANIFEST = describeFeature({
  name: "SARIF file",
  stage: "sink",
  faces: ["one-scan"],
  inputs: { sarifFile: sarifFileInput },
  settle: void 0,
  outputs: { "sarif-file": "Absolute path of the SARIF file written (empty when none)." },
  permissions: [],
  deliveryKeys: [SARIF_FILE_DELIVERED],
  needs: ["every finding at or above the floor"],
  beforeVerdict: void 0,
  reporter: () => import("./sarif-file-reporter-JWBCEGOW.js").then((module) => module.sarifFileFactory)
});

// src/action/reporters/registry.ts
var FEATURES = [
  LOG_MANIFEST,
  CHECK_RUN_MANIFEST,
  ANNOTATIONS_MANIFEST,
  FIX_SUGGESTIONS_MANIFEST,
  FIXED_THREADS_MANIFEST,
  SARIF_FILE_MANIFEST,
  CODE_SCANNING_UPLOAD_MANIFEST,
  PR_COMMENT_MANIFEST,
  JOB_SUMMARY_MANIFEST,
  OUTPUTS_MANIFEST
];
var FEATURE_MANIFESTS = FEATURES;

// src/action/fleet-inputs.ts
var ONE_SCAN_TABLES = [
  RUN_INPUTS,
  ...FEATURE_MANIFESTS.map((feature) => feature.inputs)
];
var RUN_INPUT_NAMES = new Set(
  ONE_SCAN_TABLES.flatMap((table) => Object.values(table).map((input) => input.name))
);
var ACTION_OPTIONS = new Set(fleetOptionsOf("action"));
var FLEET_INPUTS = Object.fromEntries(
  Object.entries(FLEET_MANIFEST).filter(
    ([, option]) => ACTION_OPTIONS.has(option) && !RUN_INPUT_NAMES.has(option.name)
  )
);
function readFleetInputs(inputs) {
  const problems = [];
  const values = readFleetManifest(
    (option) => ACTION_OPTIONS.has(option) ? inputs[option.name] : void 0,
    problems
  );
  if (problems.length > 0) throw new InputError(problems);
  return values;
}

// src/action/policy/policy-inputs.ts
var CONFIG_FROM = ["auto", "head", "base"];
var POLICY_INPUTS = {
  path: POLICY_FILE_INPUT,
  from: choiceInput(
    {
      name: "config-from",
      default: "auto",
      description: "Which commit's policy judges a pull request: head, base (the pull request's base commit), or auto (base for a pull request from a fork, head otherwise). A change to the policy is shown either way."
    },
    CONFIG_FROM
  )
};

// src/action/action-settings.ts
var TABLES = {
  run: RUN_INPUTS,
  shared: SHARED_INPUTS,
  policy: POLICY_INPUTS,
  fleet: FLEET_INPUTS,
  ...Object.fromEntries(FEATURE_MANIFESTS.map((feature) => [feature.name, feature.inputs]))
};
var FACED_TABLES = [
  RUN_MANIFEST,
  SHARED_MANIFEST,
  { name: "policy", faces: ["one-scan"], inputs: POLICY_INPUTS },
  ...FEATURE_MANIFESTS
];
function inputNamesReadBy(face) {
  return inputNamesOfFace(FACED_TABLES, face);
}
function reportingInputNamesIgnoredBy(face) {
  return inputNamesOfFace([SHARED_MANIFEST, ...FEATURE_MANIFESTS], face, false);
}
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
    const own = FEATURE_MANIFESTS.map((feature) => {
      const parsed = tables[feature.name];
      return feature.settle ? feature.settle(parsed, shared) : parsed;
    });
    this.#reading.addProblems(checkTogether(shared, this.#reading.problems.length, policy?.file));
    this.#reading.throwIfInvalid();
    return Object.freeze(Object.assign({}, shared, ...own));
  }
};
function ownSettings(settings, feature) {
  const all = settings;
  return Object.fromEntries(Object.keys(feature.inputs).map((field) => [field, all[field]]));
}

export {
  FEATURE_MANIFESTS,
  FLEET_INPUTS,
  readFleetInputs,
  inputNamesReadBy,
  reportingInputNamesIgnoredBy,
  INPUT_DEFAULTS,
  readInputRecord,
  ActionInputs,
  ownSettings
};
//# sourceMappingURL=chunk-RKRFC3FM.js.map
