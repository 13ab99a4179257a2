import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  TEXT_BUDGETS
} from "./chunk-XDHJISCG.js";
import {
  LIMITS
} from "./chunk-JAMHECB7.js";
import {
  choiceInput,
  numberInput,
  optionalTextInput,
  rangeText,
  schemaOf,
  textOf
} from "./chunk-DTE7QE2B.js";
import {
  ACTION_WORDS,
  problemText
} from "./chunk-QJCS3XWK.js";

// src/sarif/sarif-category.ts
var SARIF_TOOL_NAME = "svc-scan";
var SARIF_TOOL_INFORMATION_URI = "https://github.com/svc-scan/svc-scan-action";
function defaultSarifCategory(repository) {
  return `${SARIF_TOOL_NAME}/${repository}`;
}
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
var SHARED_MANIFEST = {
  name: "reporting",
  faces: ["one-scan"],
  inputs: SHARED_INPUTS
};
function sarifCategoryOf(settings) {
  return settings.sarifCategory || defaultSarifCategory(settings.repository);
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
  SARIF_TOOL_NAME,
  SARIF_TOOL_INFORMATION_URI,
  defaultSarifCategory,
  SHARED_INPUTS,
  SHARED_MANIFEST,
  sarifCategoryOf,
  SarifPathError,
  resolveSarifPath
};
//# sourceMappingURL=chunk-NDORBLCC.js.map
