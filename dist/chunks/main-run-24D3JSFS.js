import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  checkedOutCommit
} from "./chunk-42IBQABI.js";
import {
  FindingSet,
  MAX_POLICY_BYTES,
  PolicyFileError,
  SpillFile,
  findOrStartBaseline,
  loadPolicyParser,
  notAFile,
  readWorkspacePolicy,
  runPolicyOf,
  runScan,
  tooLarge
} from "./chunk-6KNMLQ7N.js";
import "./chunk-M4N7FEAI.js";
import "./chunk-AW5ZZLB7.js";
import "./chunk-MDKAJOYT.js";
import "./chunk-CIRYOFMV.js";
import "./chunk-JQT5TS2Q.js";
import "./chunk-HN7FLA5P.js";
import {
  PullRequestDiff
} from "./chunk-QDGJAFNT.js";
import "./chunk-HAVHDHR4.js";
import {
  TokenAccount
} from "./chunk-ON4IMCVJ.js";
import {
  GitHubClient,
  GitHubError
} from "./chunk-HHAL4VUO.js";
import "./chunk-UTXIXAY2.js";
import {
  announceStart
} from "./chunk-LPM5IYNL.js";
import {
  FEATURE_MANIFESTS,
  ownSettings
} from "./chunk-RKRFC3FM.js";
import "./chunk-YF6BX2WK.js";
import "./chunk-OTAVHTIL.js";
import "./chunk-M6TTIMFQ.js";
import "./chunk-OGKRM6AL.js";
import "./chunk-W6AG7AH6.js";
import "./chunk-YNNDKLNH.js";
import "./chunk-FI2FODY6.js";
import "./chunk-BA7GJAUD.js";
import "./chunk-JZ7SIFTV.js";
import "./chunk-VEUFIVSE.js";
import "./chunk-NDORBLCC.js";
import "./chunk-XDHJISCG.js";
import "./chunk-RNKFLICK.js";
import "./chunk-SERTICK7.js";
import "./chunk-D6TG47T5.js";
import "./chunk-RUECQSS5.js";
import "./chunk-TF5Z63NO.js";
import "./chunk-YX3WZ7YO.js";
import "./chunk-LXRB7ZSZ.js";
import "./chunk-AJMDYKUH.js";
import "./chunk-JAMHECB7.js";
import "./chunk-DTE7QE2B.js";
import "./chunk-2MCR5RCG.js";
import {
  NOTHING_DELIVERED,
  grantOf,
  permissionPlanOf,
  permissionsAdvice,
  scopesText
} from "./chunk-JTBHCSTL.js";
import {
  connectToService
} from "./chunk-AMZKIOQD.js";
import "./chunk-RTZFZVPV.js";
import {
  DEFAULT_USER_AGENT
} from "./chunk-DTJGZLIT.js";
import "./chunk-BBYHN6AK.js";
import {
  runnerToolkit,
  savedScanRecord,
  toolkitLogger
} from "./chunk-3J24VQEH.js";
import "./chunk-ERRIPKIX.js";
import {
  warningsAsInfo
} from "./chunk-KQ5MWZ4S.js";
import "./chunk-WNLN7TCM.js";
import {
  REPORTING_MARGIN_MS,
  RunDeadline,
  RunError
} from "./chunk-QJCS3XWK.js";
import {
  ConfigError
} from "./chunk-4FZBDBB5.js";
import "./chunk-QTPT64TT.js";
import "./chunk-CQTUBHRC.js";
import {
  graceAfter
} from "./chunk-KY6MOU6A.js";
import "./chunk-RIUXWCXC.js";

// src/action/main-run.ts
import { homedir } from "node:os";

// src/action/policy/policy-file.ts
import { isAbsolute, normalize, sep } from "node:path";
var POLICY_FILE_PERMISSIONS = {
  feature: "the policy file through the contents API (no checkout)",
  needs: [{ scope: "contents", access: "read" }]
};
async function readPolicyText(path, commit, reach) {
  const inRepository = repositoryPath(path);
  if (reach.workspace && await checkedOutCommit(reach.workspace) === commit.toLowerCase()) {
    return readWorkspacePolicy(reach.workspace, inRepository, commit);
  }
  if (reach.github) return fromContentsApi(reach.github, inRepository, commit);
  return "unreachable";
}
function repositoryPath(path) {
  const normalized = normalize(path.replace(/\\/g, "/")).split(sep).join("/");
  if (isAbsolute(path) || normalized === ".." || normalized.startsWith("../") || normalized === ".") {
    throw new PolicyFileError(
      `Input 'config-file' is invalid: got '${path}'; expected a path inside the repository, such as .github/svc-scan.yml.`
    );
  }
  return normalized;
}
async function fromContentsApi(github, path, commit) {
  try {
    const response = await github.client.request("GET /repos/{owner}/{repo}/contents/{path}", {
      owner: github.owner,
      repo: github.repo,
      path,
      ref: commit
    });
    const data = response.data;
    if (data.type === "symlink") throw notAFile(path, "a symbolic link", path);
    if (data.type !== "file" || data.encoding !== "base64" || typeof data.content !== "string") {
      throw new PolicyFileError(
        `The policy file ${path} at ${commit} is not a file GitHub's contents API can give (type ${String(data.type)}).`
      );
    }
    const bytes = Buffer.from(data.content.replace(/\s+/g, ""), "base64");
    if (bytes.length > MAX_POLICY_BYTES) throw tooLarge(path, bytes.length);
    return { text: bytes.toString("utf8"), path, commit, via: "GitHub's contents API" };
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    if (error.status === 404) return void 0;
    const failure = `Could not read the policy file ${path} at ${commit} through GitHub's contents API: ${error.message}.`;
    if (error.status === 403) {
      throw new PolicyFileError(
        `${failure} The token needs ${grantOf(POLICY_FILE_PERMISSIONS)} (add it to the job's permissions), or check the repository out at the scanned commit.`
      );
    }
    return { unreadable: failure };
  }
}

// src/action/policy/load-policy.ts
var POLICY_READ_TIMEOUT_MS = 3e4;
async function loadPolicy(input) {
  const location = input.location;
  const reach = policyReach(input);
  const plan = readingPlan(input, location);
  if (plan === void 0) return noPolicy([]);
  const [judgeText, otherText] = await Promise.all([
    readRequired(location, plan.judge.commit, reach),
    plan.other ? readOther(location, plan.other.commit, reach) : Promise.resolve(void 0)
  ]);
  if (isUnreadable(judgeText)) {
    return {
      ...noPolicy(plan.notes),
      notes: [
        ...plan.notes,
        `${judgeText.unreadable} The run applies no policy: its settings, paths and suppressions are not in force, and the inputs and defaults set the gate.`
      ]
    };
  }
  if (judgeText === "unreachable") {
    return {
      ...noPolicy(plan.notes),
      log: [
        `No policy file was looked for: the workspace is not checked out at ${plan.judge.commit} and there is no github-token to read ${location.path} through GitHub.`
      ]
    };
  }
  if (judgeText === void 0 && otherText === void 0) return noPolicy(plan.notes);
  const parser = await input.parser();
  const judged = judgeText === void 0 ? void 0 : parseJudging(parser, judgeText);
  const other = otherPolicy(parser, otherText, plan.notes);
  const change = plan.other === void 0 ? [] : plan.judge.side === "base" ? parser.describePolicyChange(judged, other.policy) : parser.describePolicyChange(other.policy, judged);
  return {
    policy: judged,
    source: judgeText ? `${judgeText.path} at ${judgeText.commit.slice(0, 12)} (${plan.judge.name}), read from ${judgeText.via}` : void 0,
    change: other.invalid ? [...change, other.invalid] : change,
    changeApplied: plan.judge.side !== "base",
    notes: plan.notes,
    log: []
  };
}
function policyReach(input) {
  const { owner, repo, apiUrl } = input.facts.environment;
  const token = input.githubToken;
  let github;
  if (token && owner && repo) {
    try {
      const client = new GitHubClient({
        token,
        apiUrl,
        dispatcher: input.dispatcher,
        signal: AbortSignal.any([input.signal, AbortSignal.timeout(POLICY_READ_TIMEOUT_MS)]),
        logger: input.logger,
        userAgent: input.userAgent
      });
      github = { client, owner, repo };
    } catch {
      github = void 0;
    }
  }
  return { workspace: input.facts.origin.workspace, github };
}
function readingPlan(input, location) {
  if (!input.scanned.ownRepository) return void 0;
  const change = input.facts.change;
  if (change?.kind === "pull_request" && change.headSha && change.baseSha) {
    const head = { side: "head", name: "the pull request's head", commit: change.headSha };
    const base = { side: "base", name: "the pull request's base", commit: change.baseSha };
    const judgeBase = location.from === "base" || location.from === "auto" && change.fromFork;
    return judgeBase ? { judge: base, other: head, notes: [] } : { judge: head, other: base, notes: [] };
  }
  const commit = input.scanned.ref ?? "";
  if (commit === "") return void 0;
  const name = change?.kind === "merge_group" ? "the merge group's head" : "the scanned commit";
  return { judge: { side: "scanned", name, commit }, other: void 0, notes: [] };
}
async function readRequired(location, commit, reach) {
  const text = await readPolicyText(location.path, commit, reach);
  if (isUnreadable(text) && location.named) throw new PolicyFileError(text.unreadable);
  if (text === "unreachable") {
    if (!location.named) return "unreachable";
    throw new PolicyFileError(
      `Could not look for the policy file ${location.path} at ${commit}: the workspace is not checked out at that commit and there is no github-token to read it through GitHub. Check the repository out at the scanned commit, or give github-token (contents: read).`
    );
  }
  if (text === void 0 && location.named) {
    throw new PolicyFileError(
      `The policy file ${location.path} named by config-file does not exist at ${commit}. Add it, fix the path, or remove config-file to run without a policy.`
    );
  }
  return text;
}
async function readOther(location, commit, reach) {
  const text = await readPolicyText(location.path, commit, reach).catch(() => "unreachable");
  return text === "unreachable" || isUnreadable(text) ? void 0 : text;
}
function otherPolicy(parser, text, notes) {
  if (text === void 0) return { policy: void 0 };
  try {
    return { policy: parser.parsePolicy(text.text, text.path) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    notes.push(
      `The policy file at ${text.commit.slice(0, 12)} is invalid, and did not judge this run: ${reason}`
    );
    return { policy: void 0, invalid: `proposes a policy file that is invalid (${reason})` };
  }
}
function parseJudging(parser, text) {
  try {
    return parser.parsePolicy(text.text, text.path);
  } catch (error) {
    throw new PolicyFileError(error instanceof Error ? error.message : String(error));
  }
}
function isUnreadable(text) {
  return typeof text === "object" && text !== null && "unreadable" in text;
}
function noPolicy(notes) {
  return { policy: void 0, source: void 0, change: [], changeApplied: true, notes, log: [] };
}

// src/action/pull-request-change.ts
var PULL_REQUEST_FILES_PERMISSIONS = {
  feature: "the pull request's files",
  needs: [{ scope: "pull-requests", access: "read" }]
};
var MERGE_GROUP_COMPARISON_PERMISSIONS = {
  feature: "the merge group's comparison",
  needs: [{ scope: "contents", access: "read" }]
};
var MAX_PULL_REQUEST_FILES = 3e3;
var MAX_COMPARED_FILES = 300;
function pullRequestChange(pullRequest, github, log, permissions) {
  if (pullRequest.mergeGroup) return mergeGroupChange(pullRequest, github, permissions);
  return {
    headSha: pullRequest.headSha,
    baselineCommit: (signal) => findBaselineCommit(pullRequest, github, log, signal),
    diff: (signal) => readDiff(pullRequest, github, signal, permissions)
  };
}
function refusalAdvice(error, feature, permissions) {
  return error.refused ? ` (${permissionsAdvice(feature, { permissions })})` : "";
}
function mergeGroupChange(group, github, permissions) {
  const base = group.baseSha;
  return {
    headSha: group.headSha,
    baselineCommit: () => Promise.resolve(base ? { sha: base, source: "the merge group's base commit" } : void 0),
    diff: async (signal) => {
      if (!github || !base) return PullRequestDiff.unavailable("no GitHub token to compare the merge group");
      try {
        const response = await github.client.request("GET /repos/{owner}/{repo}/compare/{basehead}", {
          owner: github.environment.owner,
          repo: github.environment.repo,
          basehead: `${base}...${group.headSha}`
        });
        const files = response.data.files;
        const list = Array.isArray(files) ? files : [];
        return PullRequestDiff.fromFiles(list, { complete: list.length < MAX_COMPARED_FILES });
      } catch (error) {
        if (!(error instanceof GitHubError)) throw error;
        signal.throwIfAborted();
        const advice = refusalAdvice(error, MERGE_GROUP_COMPARISON_PERMISSIONS, permissions);
        return PullRequestDiff.unavailable(
          `the merge group's comparison could not be read: ${error.message}${advice}`
        );
      }
    }
  };
}
async function findBaselineCommit(pullRequest, github, log, signal) {
  const base = pullRequest.baseSha;
  if (!base) return void 0;
  if (github) {
    try {
      const response = await github.client.request("GET /repos/{owner}/{repo}/compare/{basehead}", {
        owner: github.environment.owner,
        repo: github.environment.repo,
        basehead: `${base}...${pullRequest.headSha}`,
        per_page: 1
      });
      const sha = response.data.merge_base_commit?.sha;
      if (typeof sha === "string" && sha !== "")
        return { sha, source: "the merge base, from GitHub's compare API" };
    } catch (error) {
      if (!(error instanceof GitHubError)) throw error;
      signal.throwIfAborted();
      log.info(`Could not read the merge base (${error.message}); comparing with the pull request's base.`);
    }
  }
  return { sha: base, source: "the pull request's base commit" };
}
async function readDiff(pullRequest, github, signal, permissions) {
  const number = pullRequest.number;
  if (!github || number === void 0)
    return PullRequestDiff.unavailable("no GitHub token to read the pull request");
  try {
    const files = await github.client.listAll(
      "GET /repos/{owner}/{repo}/pulls/{pull_number}/files",
      { owner: github.environment.owner, repo: github.environment.repo, pull_number: number }
    );
    return PullRequestDiff.fromFiles(files, { complete: files.length < MAX_PULL_REQUEST_FILES });
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    signal.throwIfAborted();
    const advice = refusalAdvice(error, PULL_REQUEST_FILES_PERMISSIONS, permissions);
    return PullRequestDiff.unavailable(
      `the pull request's files could not be read: ${error.message}${advice}`
    );
  }
}

// src/action/read-plan.ts
function readPlanOf(reporters) {
  const everyFinding = reporters.some(
    ({ runNeeds }) => runNeeds.includes("every finding at or above the floor")
  );
  const need = reporters.reduce(
    (largest, { reporter }) => ({
      rows: Math.max(largest.rows, reporter.needs?.rows ?? 0),
      perSeverity: Math.max(largest.perSeverity, reporter.needs?.perSeverity ?? 0),
      wholePages: everyFinding,
      fixes: Math.max(largest.fixes, reporter.needs?.fixes ?? 0)
    }),
    { rows: 0, perSeverity: 0, wholePages: everyFinding, fixes: 0 }
  );
  return Object.freeze({ need: Object.freeze(need), everyFinding });
}
function planAfterStart(reporters, standIns) {
  return readPlanOf(
    reporters.map((planned) => ({
      ...planned,
      reporter: standIns.get(planned.reporter) ?? planned.reporter
    }))
  );
}

// src/action/reporting.ts
async function planFeatures(settings, run) {
  const factories = await Promise.all(FEATURE_MANIFESTS.map((feature) => feature.reporter()));
  const planned = [];
  const beforeVerdict = [];
  const features = [];
  for (const [index, feature] of FEATURE_MANIFESTS.entries()) {
    const factory = factories[index];
    const own = ownSettings(settings, feature);
    const reporter = factory.create(own, run);
    if (reporter) planned.push({ reporter, stage: feature.stage, runNeeds: feature.needs });
    if (reporter && run.github) features.push(...feature.permissions);
    const work = feature.beforeVerdict && factory.planBeforeVerdict?.(own, run);
    if (feature.beforeVerdict === void 0 || !work) continue;
    beforeVerdict.push(work);
    features.push(feature.beforeVerdict);
  }
  return { planned, beforeVerdict, permissions: permissionPlanOf(features) };
}
async function setUpReporting(input) {
  const { settings, environment } = input;
  const log = toolkitLogger(input.toolkit);
  const toolkit = runnerToolkit(input.toolkit);
  const github = gitHubSide(input, environment, log);
  const set = {};
  const run = {
    settings,
    toolkit,
    logger: log,
    environment,
    github,
    pullRequest: input.pullRequest,
    findings: {
      listFindings: (params, options) => set.findings.listFindings(params, options)
    },
    signal: input.runSignal,
    policyFilter: input.policyFilter,
    notWorkflowHead: input.notWorkflowHead
  };
  const { planned, beforeVerdict, permissions } = await planFeatures(settings, run);
  log.debug(`The token's permissions this run's settings need: ${scopesText(permissions)}.`);
  const plan = readPlanOf(planned);
  set.findings = new FindingSet(input.findings, plan.everyFinding, {
    spill: new SpillFile(input.spillDirectory || void 0)
  });
  return {
    reporters: planned.map(({ reporter, stage }) => ({ reporter, stage })),
    planned,
    plan,
    findings: set.findings,
    beforeVerdict,
    permissions,
    close: () => set.findings.close(),
    context: {
      log,
      toolkit,
      settings,
      links: input.links,
      runUrl: environment.runUrl,
      delivery: NOTHING_DELIVERED,
      permissions
    },
    github
  };
}
async function policyBeforeVerdict(reporting, policy) {
  let judged = policy;
  for (const work of reporting.beforeVerdict) judged = await work(judged);
  return judged;
}
function gitHubSide(input, environment, log) {
  const { owner, repo, sha } = environment;
  const token = input.settings.githubToken;
  if (!token || !owner || !repo || !sha) return void 0;
  try {
    const client = new GitHubClient({
      token,
      apiUrl: environment.apiUrl,
      dispatcher: input.dispatcher,
      signal: input.signal,
      logger: input.logger,
      userAgent: input.userAgent
    });
    const isWorkflowToken = token === input.settings.workflowToken;
    return {
      client,
      account: new TokenAccount(client, { isWorkflowToken, serverUrl: environment.serverUrl }),
      environment: { ...environment, owner, repo, sha }
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.info(`Not reporting to GitHub: ${reason}`);
    return void 0;
  }
}

// src/action/main-run.ts
var STOP_REPORTING_GRACE_MS = 2e3;
async function runToReport(input, given, run, network) {
  const { toolkit } = input;
  const logger = toolkitLogger(toolkit);
  const dispatcher = await network.open();
  const client = connect(given, input, run, warningsAsInfo(logger), dispatcher);
  run.progress.stage = "inputs";
  const { settings, facts, policy, place } = await readSettings(input, given, network, logger);
  const deadline = new RunDeadline(settings.waitTimeoutSeconds * 1e3, input.now);
  run.deadline = deadline;
  const pullRequest = place.atHead && settings.judgesChange ? pullRequestOf(facts.environment) : void 0;
  const runSignal = AbortSignal.any([input.signal, deadline.signal]);
  const reporting = await setUpReporting({
    settings,
    environment: facts.environment,
    pullRequest: pullRequest?.number,
    toolkit,
    dispatcher,
    signal: reportingSignal(deadline, input.signal),
    logger: warningsAsInfo(logger),
    userAgent: DEFAULT_USER_AGENT,
    links: place.atHead ? fileLinkBase(facts.environment) : void 0,
    findings: client,
    runSignal,
    policyFilter: policy.filter,
    notWorkflowHead: notWorkflowHead(facts, place, pullRequest),
    spillDirectory: input.env.RUNNER_TEMP
  });
  run.reporting = reporting;
  const result = await runScan({
    client,
    settings,
    log: logger,
    record: savedScanRecord(toolkit),
    signal: runSignal,
    stopSignal: input.signal,
    deadline,
    now: input.now,
    progress: run.progress,
    findingsNeed: reporting.plan.need,
    onScanStarted: async (scan) => planAfterStart(reporting.planned, await announceStart(reporting, scan)).need,
    change: pullRequest && pullRequestChange(pullRequest, reporting.github, logger, reporting.permissions),
    baselineFinder: findOrStartBaseline,
    policy: await policyBeforeVerdict(reporting, policy),
    findingReading: reporting.findings
  });
  return reportOf(result);
}
function notWorkflowHead(facts, place, pullRequest) {
  if (!place.atHead) return "The scanned commit is not the workflow's own";
  if (facts.change !== void 0 && pullRequest === void 0)
    return "The scanned commit is not the pull request's head";
  return void 0;
}
function reportingSignal(deadline, stop) {
  return AbortSignal.any([
    AbortSignal.timeout(Math.ceil(deadline.remainingMs() + REPORTING_MARGIN_MS)),
    graceAfter(stop, STOP_REPORTING_GRACE_MS).signal
  ]);
}
async function readSettings(input, given, network, logger) {
  const { facts, actionInputs, place } = given;
  const scanned = actionInputs.scanned;
  const dispatcher = await network.open();
  const loaded = await loadPolicy({
    location: actionInputs.policyLocation,
    scanned: { ref: scanned.ref, ownRepository: place.ownRepository },
    githubToken: actionInputs.githubToken,
    facts,
    dispatcher,
    signal: input.signal,
    logger: warningsAsInfo(logger),
    userAgent: DEFAULT_USER_AGENT,
    parser: loadPolicyParser
  });
  for (const line of loaded.log) logger.info(line);
  if (loaded.source) logger.info(`Policy: ${loaded.source}.`);
  const settings = actionInputs.settings(
    loaded.policy && { file: loaded.policy.file, values: loaded.policy.settings }
  );
  return { settings, facts, place, policy: runPolicyOf(loaded, settings, /* @__PURE__ */ new Date()) };
}
function reportOf(result) {
  const common = {
    scan: result.scan,
    scanStatus: result.scanStatus,
    results: result.results,
    notes: result.notes,
    insights: result.insights,
    policy: result.policy
  };
  if (result.results === void 0) return { ...common, outcome: "skipped", reason: result.skipped ?? "" };
  return {
    ...common,
    outcome: result.results.verdict.passed ? "passed" : "failed",
    reason: result.results.verdict.reason
  };
}
function pullRequestOf(environment) {
  const { sha } = environment;
  if (!sha) return void 0;
  return {
    number: environment.pullRequest,
    baseSha: environment.baseSha,
    headSha: sha,
    mergeGroup: environment.mergeGroup
  };
}
function fileLinkBase(environment) {
  const { owner, repo, sha, serverUrl } = environment;
  return owner && repo && sha ? { serverUrl, owner, repo, sha } : void 0;
}
function connect(given, input, run, logger, dispatcher) {
  run.progress.stage = "credentials";
  const { apiKey, apiUrl } = given.actionInputs.service;
  try {
    run.client = connectToService({
      apiKey,
      apiUrl,
      env: input.env,
      homeDir: input.homeDir ?? homedir(),
      toolkit: input.toolkit,
      eventName: given.facts.event.name,
      log: logger,
      logger,
      dispatcher
    });
    return run.client;
  } catch (error) {
    if (error instanceof ConfigError && given.facts.origin.isForkPullRequest && !apiKey && !input.env.SVC_API_KEY) {
      throw new RunError(
        "No API key: this pull request comes from a fork, and GitHub does not pass secrets to workflows run for forks. Options: scan after merge (push) or on a schedule; have a maintainer re-run it from a branch of this repository; or use a pull_request_target workflow that checks out only trusted code. To skip the scan on forks, add `if: github.event.pull_request.head.repo.full_name == github.repository` to the step."
      );
    }
    throw error;
  }
}
export {
  runToReport
};
//# sourceMappingURL=main-run-24D3JSFS.js.map
