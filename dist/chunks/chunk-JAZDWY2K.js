import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  ActionInputs,
  FLEET_INPUTS,
  INPUT_DEFAULTS,
  inputNamesReadBy,
  readFleetInputs,
  reportingInputNamesIgnoredBy
} from "./chunk-RKRFC3FM.js";
import {
  fleetRunId
} from "./chunk-YF6BX2WK.js";
import {
  InputError
} from "./chunk-JAMHECB7.js";

// src/github/event.ts
import { readFile } from "node:fs/promises";
async function readWorkflowEvent(env) {
  const name = env.GITHUB_EVENT_NAME ?? "";
  const path = env.GITHUB_EVENT_PATH;
  if (!path) return { name, payload: {} };
  try {
    return { name, payload: JSON.parse(await readFile(path, "utf8")) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not read the event payload at GITHUB_EVENT_PATH (${path}): ${reason}`, {
      cause: error
    });
  }
}
var PULL_REQUEST_EVENTS = /* @__PURE__ */ new Set(["pull_request", "pull_request_target"]);
function changeOfEvent(event) {
  const payload = event.payload ?? {};
  if (event.name === "merge_group") {
    return {
      kind: "merge_group",
      headSha: commitSha(payload.merge_group?.head_sha),
      baseSha: commitSha(payload.merge_group?.base_sha)
    };
  }
  if (!PULL_REQUEST_EVENTS.has(event.name)) return void 0;
  const pullRequest = payload.pull_request;
  const number = pullRequest?.number;
  return {
    kind: "pull_request",
    number: typeof number === "number" && Number.isSafeInteger(number) && number > 0 ? number : void 0,
    headSha: typeof pullRequest?.head?.sha === "string" && pullRequest.head.sha !== "" ? pullRequest.head.sha : void 0,
    baseSha: commitSha(pullRequest?.base?.sha),
    fromFork: isFork(payload)
  };
}
function commitSha(value) {
  return typeof value === "string" && /^[0-9a-f]{7,64}$/i.test(value) ? value : void 0;
}
function isFork(payload) {
  const head = payload.pull_request?.head?.repo;
  if (head === null) return true;
  if (head === void 0) return false;
  const base = payload.repository?.full_name;
  return typeof head.full_name === "string" && typeof base === "string" && head.full_name !== base;
}

// src/github/github-environment.ts
function readGitHubEnvironment(env, event, change = changeOfEvent(event)) {
  const serverUrl = (env.GITHUB_SERVER_URL || "https://github.com").replace(/\/+$/, "");
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? "").split("/");
  const runId = env.GITHUB_RUN_ID;
  const attempt = env.GITHUB_RUN_ATTEMPT;
  return {
    apiUrl: (env.GITHUB_API_URL || "https://api.github.com").replace(/\/+$/, ""),
    serverUrl,
    owner: owner || void 0,
    repo: repo || void 0,
    sha: change?.headSha ?? (env.GITHUB_SHA || void 0),
    pullRequest: change?.kind === "pull_request" ? change.number : void 0,
    baseSha: change?.baseSha,
    mergeGroup: change?.kind === "merge_group",
    forChange: change !== void 0,
    ref: env.GITHUB_REF || void 0,
    defaultBranch: defaultBranchOf(event),
    runUrl: owner && repo && runId ? `${serverUrl}/${owner}/${repo}/actions/runs/${runId}${attempt ? `/attempts/${attempt}` : ""}` : void 0
  };
}
function defaultBranchOf(event) {
  const repository = event.payload?.repository;
  const branch = repository?.default_branch;
  return typeof branch === "string" && branch !== "" ? branch : void 0;
}

// src/action/workflow-origin.ts
function workflowOrigin(env, event, change = changeOfEvent(event)) {
  const sha = env.GITHUB_SHA?.trim();
  return {
    repository: env.GITHUB_REPOSITORY,
    ref: change?.headSha ?? (sha ? sha : void 0),
    workspace: env.GITHUB_WORKSPACE,
    judgesChange: change !== void 0,
    isForkPullRequest: change?.kind === "pull_request" && change.fromFork
  };
}
function workflowFacts(env, event) {
  const change = changeOfEvent(event);
  return {
    event,
    change,
    origin: workflowOrigin(env, event, change),
    environment: readGitHubEnvironment(env, event, change)
  };
}
function scannedPlace(scanned, environment) {
  const { owner, repo, sha } = environment;
  const ownRepository = !!owner && !!repo && scanned.repository.toLowerCase() === `${owner}/${repo}`.toLowerCase();
  return {
    ownRepository,
    atHead: ownRepository && !!sha && (scanned.ref === void 0 || scanned.ref === sha)
  };
}

// src/action/fleet-settings.ts
var FLEET_READS = /* @__PURE__ */ new Set([
  ...Object.values(FLEET_INPUTS).map((input) => input.name),
  ...inputNamesReadBy("fleet")
]);
var ONE_SCAN_REPORTER_INPUTS = new Set(reportingInputNamesIgnoredBy("fleet"));
var RUNNER_DEFAULTED = /* @__PURE__ */ new Set(["github-token", "workflow-token"]);
function fleetModeOn(inputs) {
  return (inputs.repositories ?? "").trim() !== "";
}
function inputsTheWorkflowSet(inputs, env) {
  return Object.entries(inputs).filter(([name, value]) => {
    const given = value.trim();
    if (given === "" || RUNNER_DEFAULTED.has(name)) return false;
    const byDefault = name === "repository" ? env.GITHUB_REPOSITORY ?? "" : INPUT_DEFAULTS[name] ?? "";
    return given !== byDefault.trim();
  }).map(([name]) => name);
}
function fleetStepSettings(inputs, origin, env) {
  const read = new ActionInputs(inputs, origin).checkGiven();
  const {
    selection,
    projectId,
    shards: _shards,
    runId: _runId,
    ledgerPath,
    repositoryPolicy,
    githubAppId,
    githubAppPrivateKey,
    githubAppPrivateKeyFile: _keyFile,
    githubToken: _token,
    githubApiUrl: _apiUrl,
    ...fleet
  } = readFleetInputs(inputs);
  const github = gitHubAppOf({ githubAppId, githubAppPrivateKey, repositoryPolicy }, env);
  const chosen = selection ?? { kind: "all" };
  if (projectId !== void 0 && chosen.kind === "patterns")
    throw new InputError([
      {
        input: "project-id",
        given: projectId,
        expected: [
          "empty when ",
          { input: "repositories" },
          " lists patterns (give repositories: all to scan the project's repositories)"
        ]
      }
    ]);
  const options = {
    ...fleet,
    selection: chosen.kind === "all" && projectId ? { ...chosen, kind: "project", projectId } : chosen,
    ledgerPath: ledgerPath ?? defaultLedgerPath(env),
    // Every attempt of one workflow run shares its id: a re-run replays the ledger the workflow restored.
    runId: fleetRunId(void 0, env, "GITHUB_RUN_ID"),
    repositoryPolicy: (repositoryPolicy ?? (github === void 0 ? "off" : "on")) === "on"
  };
  return {
    options,
    freshLedger: ledgerPath === void 0,
    service: read.service,
    github,
    ...ignoredInputs(inputs, env)
  };
}
function gitHubAppOf(given, env) {
  const { githubAppId: id, githubAppPrivateKey: key, repositoryPolicy } = given;
  const problems = [];
  if (id !== void 0 && key === void 0)
    problems.push({
      input: "github-app-private-key",
      given: "",
      expected: ["the App's private key (from a secret), since ", { input: "github-app-id" }, " is set"]
    });
  if (key !== void 0 && id === void 0)
    problems.push({
      input: "github-app-id",
      given: "",
      expected: ["the GitHub App's id, since ", { input: "github-app-private-key" }, " is set"]
    });
  if (repositoryPolicy === "on" && (id === void 0 || key === void 0))
    problems.push({
      input: "repository-policy",
      given: "on",
      expected: [
        "off or empty unless ",
        { input: "github-app-id" },
        " is set: each repository's policy is read through the GitHub App"
      ]
    });
  if (problems.length > 0) throw new InputError(problems);
  if (id === void 0 || key === void 0) return void 0;
  return {
    app: {
      id: { value: id, name: "input 'github-app-id'" },
      privateKey: { value: key, name: "input 'github-app-private-key'" }
    },
    apiUrl: { value: env.GITHUB_API_URL?.trim() || "https://api.github.com", name: "GITHUB_API_URL" }
  };
}
function defaultLedgerPath(env) {
  const folder = env.RUNNER_TEMP?.trim() || ".";
  return `${folder}/svc-fleet-ledger.jsonl`;
}
function ignoredInputs(inputs, env) {
  const set = inputsTheWorkflowSet(inputs, env).filter((name) => !FLEET_READS.has(name));
  const reporters = set.filter((name) => ONE_SCAN_REPORTER_INPUTS.has(name));
  const others = set.filter((name) => name !== "repository" && !ONE_SCAN_REPORTER_INPUTS.has(name));
  const notices = set.includes("repository") ? [`Input 'repository' is ignored: 'repositories' selects the repositories this job scans.`] : [];
  const warnings = [
    ...reporters.length > 0 ? [
      `The check run, the pull request comment and SARIF do not apply when 'repositories' is set: ${quoted(reporters)} ignored. The roll-up is the job summary and the file the fleet-report output names.`
    ] : [],
    ...others.length > 0 ? [
      `${capitalised(quoted(others))} ignored when 'repositories' is set: each repository is scanned with the service's default modules, judged on all its findings by fail-on, and no policy file is read.`
    ] : []
  ];
  return { notices, warnings };
}
function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
function quoted(names) {
  const list = names.map((name) => `'${name}'`).join(", ");
  return names.length === 1 ? `input ${list} is` : `inputs ${list} are`;
}

export {
  readWorkflowEvent,
  workflowFacts,
  scannedPlace,
  fleetModeOn,
  fleetStepSettings
};
//# sourceMappingURL=chunk-JAZDWY2K.js.map
