import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  LIMITS,
  MAX_SHARDS,
  POLICY_FILE_INPUT,
  PROGRESS_INTERVAL,
  RUN_INPUTS,
  SarifPathError,
  booleanInput,
  checkTogether,
  choiceInput,
  numberInput,
  optionalNumberInput,
  optionalTextInput,
  parseProgressInterval,
  parseRepositorySelection,
  parseShard,
  rangeText,
  readSettingInputs,
  resolveSarifPath,
  runSettingsOf,
  schemaOf,
  textOf
} from "./chunk-URG4WKJK.js";
import {
  TEXT_BUDGETS
} from "./chunk-Z2OI6ODC.js";
import {
  FleetUsageError
} from "./chunk-6JNELK4N.js";

// src/github/token-permissions.ts
function permissionPlanOf(features) {
  const scopes = {};
  for (const { scope, access } of features.flatMap((feature) => feature.needs))
    if (scopes[scope] !== "write") scopes[scope] = access;
  return Object.freeze({ features: Object.freeze([...features]), scopes: Object.freeze(scopes) });
}
function scopesText(plan) {
  const scopes = Object.entries(plan.scopes).map(([scope, access]) => `\`${scope}: ${access}\``);
  return scopes.length > 0 ? scopes.join(", ") : "none";
}
function grantOf(feature) {
  return needsText(feature.needs, " and ");
}
function needsText(needs, separator) {
  return needs.map((need, index) => {
    const sameScope = index > 0 && needs[index - 1]?.scope === need.scope;
    const named = sameScope ? `\`${need.access}\`` : `\`${need.scope}: ${need.access}\``;
    const text = [named, need.only, need.for].filter((part) => part !== void 0).join(" ");
    return index === 0 ? text : `${sameScope ? ", " : separator}${text}`;
  }).join("");
}

// src/report/reporter.ts
function deliveryKey(name, empty) {
  return Object.freeze({ name, empty });
}
function delivered(key, value) {
  return { key, value };
}
var Delivery = class _Delivery {
  #values;
  outputs;
  notes;
  constructor(values, outputs, notes) {
    this.#values = values;
    this.outputs = Object.freeze({ ...outputs });
    this.notes = Object.freeze([...notes]);
    Object.freeze(this);
  }
  /** What was delivered under `key` last, or its empty value. */
  of(key) {
    return this.#values.has(key) ? this.#values.get(key) : key.empty;
  }
  /** A new delivery with the parts merged in order, the outputs and notes of each kept: this one is left as it is. */
  with(parts) {
    const values = new Map(this.#values);
    let outputs = this.outputs;
    let notes = this.notes;
    for (const part of parts) {
      if (part === void 0) continue;
      for (const { key, value } of part.delivered ?? []) values.set(key, value);
      outputs = { ...outputs, ...part.outputs };
      notes = [...notes, ...part.notes ?? []];
    }
    return new _Delivery(values, outputs, notes);
  }
};
function permissionsAdvice(feature, context) {
  const own = `add ${grantOf(feature)} to the job's \`permissions:\` (a pull request from a fork never gets it)`;
  const plan = context.permissions;
  const all = plan && scopesText(plan);
  if (all === void 0 || all === scopesText(permissionPlanOf([feature]))) return own;
  return `${own}; this run's settings need ${all} in all`;
}
var STAGES = ["sink", "view", "outputs"];
function describeReporterInputs(inputs) {
  return inputs;
}
function describeReporter(descriptor) {
  return descriptor;
}
var NOTHING_DELIVERED = new Delivery(/* @__PURE__ */ new Map(), {}, []);
function mergeDeliveries(base, parts) {
  return base.with(parts);
}

// src/action/fleet-inputs.ts
var FLEET_LIMITS = {
  concurrency: { min: 1, max: 500 },
  minCredits: { min: 0, max: 1e9 }
};
function parsedBy(parse, name, expected) {
  return (value, problems) => {
    const text = textOf(value);
    if (text === "") return void 0;
    try {
      return parse(text, `Input '${name}'`);
    } catch (error) {
      if (!(error instanceof FleetUsageError)) throw error;
      problems.invalid(text, expected);
      return void 0;
    }
  };
}
var repositoriesInput = {
  name: "repositories",
  default: "",
  description: "Scan many repositories in this one job and write one roll-up (fleet mode): all (every repository the key sees, or those of project-id), or owner/name and glob patterns such as acme/service-* separated by commas or new lines; a pattern that starts with ! excludes what it matches (all, !acme/legacy). Each is scanned at its default branch (ref overrides it for all). Wins over repository. Empty: one repository, as repository says.",
  parse: parsedBy(
    parseRepositorySelection,
    "repositories",
    "all, or owner/name and globs such as acme/service-* separated by commas or new lines, and ! patterns that exclude"
  )
};
var shardInput = {
  name: "shard",
  default: "",
  description: "This job's part of the fleet, as i/n (1-based), for a matrix of svc fleet plan --shards n: a repository's shard depends only on its full name and n, so shards never overlap and always cover the whole. Empty: the whole fleet.",
  parse: parsedBy(parseShard, "shard", `i/n with 1 <= i <= n <= ${MAX_SHARDS}, for example 2/4`)
};
var progressIntervalInput = {
  name: "progress-interval",
  default: String(PROGRESS_INTERVAL.defaultSeconds),
  description: `Fleet mode: write a progress line to the log every this many seconds while the scans run (how many are done, passed, failed the gate, not judged, running and waiting, and the deadline), and once when the last ends. 0: none; otherwise ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}.`,
  parse: (value, problems, context) => parsedBy(
    parseProgressInterval,
    "progress-interval",
    `0 (no progress lines) or a whole number of seconds from ${PROGRESS_INTERVAL.min} to ${PROGRESS_INTERVAL.max}`
  )(value, problems, context) ?? PROGRESS_INTERVAL.defaultSeconds
};
var FLEET_INPUTS = {
  selection: repositoriesInput,
  shard: shardInput,
  concurrency: numberInput(
    {
      name: "concurrency",
      default: "10",
      description: `Fleet mode: scans in flight at once, never more (${FLEET_LIMITS.concurrency.min} to ${FLEET_LIMITS.concurrency.max}).`
    },
    FLEET_LIMITS.concurrency,
    true
  ),
  progressIntervalSeconds: progressIntervalInput,
  minCredits: optionalNumberInput(
    {
      name: "min-credits",
      default: "",
      description: "Fleet mode: start no scan while the remaining credits are below this; the repositories left for lack of credits are reported as not judged. Empty: no floor."
    },
    FLEET_LIMITS.minCredits,
    true
  ),
  ledgerPath: optionalTextInput({
    name: "ledger",
    default: "",
    description: "Fleet mode: the JSON-lines file that records each start, so that a re-run of the job given the same file (restored from the Actions cache) waits for the scans already started instead of starting them again; a scan it names is adopted only when the service lists it as that repository's, and a ledger another attempt of the same workflow run (GITHUB_RUN_ID) finished is read again, never scanned again. Empty: a fresh svc-fleet-ledger.jsonl in RUNNER_TEMP (a file already there is discarded), which the post step reads."
  })
};

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

// src/report/reporter-inputs.ts
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
      problems.invalid(error.given, error.expected);
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
        description: `Most findings annotated through the check run, most severe first (${rangeText(LIMITS.maxAnnotations)}).`,
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
      description: "Post the fixes of the findings the gate fails on as suggested changes on the pull request's lines, in one review (true or false). Needs pull-requests: write.",
      schema: schemaOf.boolean("Post fixes as suggested changes on the pull request.")
    }),
    maxSuggestions: numberInput(
      {
        name: "max-suggestions",
        default: "20",
        description: `Most suggestions posted in one run, and most finding details read for fixes (${rangeText(LIMITS.maxSuggestions)}).`,
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
      description: "Upload the SARIF run to code scanning (needs security-events: write), gzip-compressed, for the scanned commit on refs/pull/N/head on a pull request, else GITHUB_REF. Nothing is uploaded from a run that did not read every finding (an error, a cancel, a timeout)."
    }),
    waitForProcessing: booleanInput({
      name: "wait-for-processing",
      default: "true",
      description: "After upload-sarif, wait (within wait-timeout) for code scanning to process the upload, and report complete, or failed with its errors."
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
        description: "The sticky pull request comment: always, on-failure (created when the gate fails, then kept up to date), or never.",
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

// src/sarif/sarif-category.ts
function sarifCategoryProblem(category) {
  const max = TEXT_BUDGETS.category - 1;
  if (category.length > max) return `at most ${max} characters, such as svc-scan/acme/web`;
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(category)) return "one line without control or invisible characters";
  if (!/[^/\s]/u.test(category))
    return "a category with a name in it, such as svc-scan/acme/web (slashes alone leave it empty)";
  return void 0;
}

// src/report/shared-inputs.ts
var ANNOTATIONS_MODES = ["check-run", "workflow-commands", "none"];
var checkNameInput = {
  name: "check-name",
  default: "svc-scan",
  description: "Name of the check run; matrix jobs scanning several repositories set their own. Also keys the pull request comment.",
  parse: (value, problems) => {
    const name = textOf(value);
    const { min, max } = LIMITS.checkNameLength;
    if (name.length < min || name.length > max || /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name))
      problems.invalid(
        name,
        `${rangeText(LIMITS.checkNameLength)} characters on one line, no control characters`
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
var SHARED_INPUTS = {
  githubToken: optionalTextInput({
    name: "github-token",
    default: "",
    declaredDefault: "${{ github.token }}",
    description: "Token for the GitHub API: the check run (checks: write) and the pull request comment (pull-requests: write). Masked; never sent to the service."
  }),
  // The workflow's own token, to know whose comments are the action's when GitHub's viewer cannot be read: the
  // action cannot otherwise tell github-token's default from a token the workflow passed.
  workflowToken: optionalTextInput({
    name: "workflow-token",
    default: "",
    declaredDefault: "${{ github.token }}",
    description: "Internal: the workflow's own token, compared with github-token to know which account the action writes as when GitHub cannot say (on github.com its comments are then github-actions[bot]'s; elsewhere nothing is edited). Leave it unset."
  }),
  checkName: checkNameInput,
  annotations: choiceInput(
    {
      name: "annotations",
      default: "check-run",
      description: "Where findings are annotated on their lines: check-run (up to max-annotations, through the check run), workflow-commands (GitHub shows 10 of each level), or none.",
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
      description: `Most results in the SARIF run (the file and the upload), the most severe, with a notification counting the rest: ${rangeText(LIMITS.sarifMaxResults)}. Code scanning shows the top 5000 of a run.`
    },
    LIMITS.sarifMaxResults,
    true
  )
};
function sarifCategoryOf(settings) {
  return settings.sarifCategory || `svc-scan/${settings.repository}`;
}

// src/action/action-settings.ts
var TABLES = {
  run: RUN_INPUTS,
  shared: SHARED_INPUTS,
  policy: POLICY_INPUTS,
  fleet: FLEET_INPUTS,
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
  /** The fleet mode's own inputs (`repositories` turns it on), before the policy is read (it cannot set them). */
  get fleet() {
    return this.#reading.completeTable("fleet", void 0);
  }
  /** The run's inputs as the workflow set them or their defaults, with no policy file (the fleet mode reads none). */
  get runWithoutPolicy() {
    return this.#reading.completeTable("run", void 0);
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
    this.#reading.addProblems(checkTogether(shared, this.#reading.problems.length, policy?.file));
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
  permissionPlanOf,
  scopesText,
  grantOf,
  deliveryKey,
  delivered,
  permissionsAdvice,
  STAGES,
  describeReporter,
  NOTHING_DELIVERED,
  mergeDeliveries,
  FLEET_INPUTS,
  CHECK_RUN_INPUTS,
  FIX_SUGGESTIONS_INPUTS,
  SARIF_FILE_INPUTS,
  CODE_SCANNING_UPLOAD_INPUTS,
  PR_COMMENT_INPUTS,
  sarifCategoryOf,
  INPUT_DEFAULTS,
  readInputRecord,
  ActionInputs,
  ownSettings
};
//# sourceMappingURL=chunk-O3VPFHJX.js.map
