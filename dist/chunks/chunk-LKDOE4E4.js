import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  FindingSet,
  MAX_POLICY_BYTES,
  ScanEndedError,
  SpillFile,
  loadPolicyParser,
  runPolicyOf,
  runScan,
  tooLarge
} from "./chunk-6KNMLQ7N.js";
import {
  require_picomatch
} from "./chunk-CIRYOFMV.js";
import {
  uploadSarif,
  waitForProcessing
} from "./chunk-OIP5DKJP.js";
import {
  SarifRun
} from "./chunk-XPIZXFDH.js";
import {
  GitHubError,
  budgetOf,
  checkGitHubApiUrl,
  octokitOn,
  refusalMessageOf,
  tokenExpiryOf,
  waitAskedByMs
} from "./chunk-HHAL4VUO.js";
import {
  RequestError
} from "./chunk-UTXIXAY2.js";
import {
  GitHubCredentialsError,
  appPrivateKeyPkcs8,
  checkAppId,
  privateKeyMaskParts
} from "./chunk-36H3BBLY.js";
import {
  FleetProgress,
  formatShard,
  inShard,
  reportProgress,
  utcSecond
} from "./chunk-YF6BX2WK.js";
import {
  SHARED_INPUTS,
  defaultSarifCategory
} from "./chunk-NDORBLCC.js";
import {
  InputError,
  NO_ORIGIN,
  POLICY_FILE_INPUT,
  parseSettings
} from "./chunk-JAMHECB7.js";
import {
  Ledger
} from "./chunk-6777VTFZ.js";
import {
  cancelScan
} from "./chunk-RTZFZVPV.js";
import {
  paginate
} from "./chunk-DTJGZLIT.js";
import {
  realNow,
  realSleep
} from "./chunk-BBYHN6AK.js";
import {
  FleetUsageError,
  SecretScrubber
} from "./chunk-ERRIPKIX.js";
import {
  classifyModuleStatus,
  classifyScanStatus
} from "./chunk-WNLN7TCM.js";
import {
  RunDeadline,
  RunError,
  ScanInterruptedError
} from "./chunk-QJCS3XWK.js";
import {
  AuthError,
  ConnectionError,
  DecodeError,
  PermissionDeniedError,
  PollTimeoutError,
  RateLimitError,
  RequestTimeoutError,
  ServerError,
  abortedError
} from "./chunk-4FZBDBB5.js";
import {
  SEVERITIES,
  lowerOf,
  zeroCounts
} from "./chunk-QTPT64TT.js";
import {
  escapeMarkdownInline,
  markdownCode,
  markdownLink,
  truncate
} from "./chunk-CQTUBHRC.js";
import {
  graceAfter
} from "./chunk-KY6MOU6A.js";
import {
  __toESM
} from "./chunk-RIUXWCXC.js";

// src/fleet/fleet-selection.ts
var import_picomatch = __toESM(require_picomatch(), 1);
function matcherOf(pattern) {
  return { pattern, matches: (0, import_picomatch.default)(pattern, { nocase: true, dot: true }) };
}
function selectRepositories(listing, selection) {
  const chosen = chosenBy(uniqueByName(listing), selection);
  const exclusions = (selection.exclude ?? []).map(matcherOf);
  const excluded = (name) => exclusions.some(({ matches }) => matches(name));
  const repositories = chosen.repositories.filter((repository) => !excluded(repository.full_name));
  if (repositories.length === 0) throw new FleetUsageError(allExcluded(exclusions));
  const chosenNames = [
    ...chosen.repositories.map((repository) => repository.full_name),
    ...chosen.unknownNames
  ];
  return {
    repositories,
    unknownNames: chosen.unknownNames.filter((name) => !excluded(name)),
    unmatchedGlobs: chosen.unmatchedGlobs,
    unmatchedExclusions: exclusions.filter(({ matches }) => !chosenNames.some((name) => matches(name))).map(({ pattern }) => `!${pattern}`)
  };
}
function chosenBy(unique, selection) {
  if (selection.kind !== "patterns") {
    const repositories2 = selection.kind === "all" ? unique : unique.filter((r) => inProject(r, selection.projectId));
    if (repositories2.length === 0) throw new FleetUsageError(noneSelected(selection));
    return { repositories: repositories2, unknownNames: [], unmatchedGlobs: [] };
  }
  const matchers = selection.patterns.map(matcherOf);
  const repositories = unique.filter((r) => matchers.some(({ matches }) => matches(r.full_name)));
  if (repositories.length === 0) throw new FleetUsageError(noneSelected(selection));
  const unmatched = matchers.filter(({ matches }) => !repositories.some((r) => matches(r.full_name))).map(({ pattern }) => pattern);
  const isGlob = (pattern) => import_picomatch.default.scan(pattern).isGlob;
  return {
    repositories,
    unknownNames: unmatched.filter((pattern) => !isGlob(pattern)),
    unmatchedGlobs: unmatched.filter(isGlob)
  };
}
function allExcluded(exclusions) {
  const patterns = exclusions.map(({ pattern }) => `'!${pattern}'`).join(", ");
  return `Every repository selected is excluded by ${patterns}: there is nothing to scan.`;
}
function inProject(repository, projectId) {
  return repository.project_id === void 0 || repository.project_id === projectId;
}
function uniqueByName(listing) {
  const seen = /* @__PURE__ */ new Set();
  return listing.filter((repository) => {
    const key = repository.full_name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
function noneSelected(selection) {
  switch (selection.kind) {
    case "all":
      return "The key sees no repository: there is nothing to scan.";
    case "project":
      return `Project ${selection.projectId} has no repository the key sees.`;
    case "patterns":
      return `No repository the key sees matches ${selection.patterns.map((p) => `'${p}'`).join(", ")} (svc repos list shows the names).`;
  }
}

// src/fleet/failed-scan.ts
function failedScanError(scan) {
  const failed = scan.modules.filter((module) => classifyModuleStatus(module.status) === "failed").map((module) => module.name);
  if (failed.length === 0) return "the scan failed; no module says it failed";
  return `the scan failed: ${failed.length === 1 ? "module" : "modules"} ${failed.join(", ")} failed`;
}
function isScanFailed(outcome) {
  return outcome.gate === null && outcome.scan_id !== null && classifyScanStatus(outcome.status) === "failed";
}

// src/fleet/rollup.ts
var NOT_STARTED = "not-started";
var ROLL_UP_FORMAT = 2;

// src/fleet/rollup-build.ts
function totalsOf(outcomes) {
  const findings = zeroCounts();
  for (const outcome of outcomes) addCounts(findings, outcome.findings);
  return {
    repositories: outcomes.length,
    passed: outcomes.filter((outcome) => outcome.gate === "passed").length,
    failed: outcomes.filter((outcome) => outcome.gate === "failed").length,
    not_judged: outcomes.filter((outcome) => outcome.gate === null).length,
    scan_failed: outcomes.filter(isScanFailed).length,
    findings
  };
}
function addCounts(into, counts) {
  for (const severity of SEVERITIES) into[severity] += counts[severity];
}
function buildRollUp(result, context) {
  return {
    format: ROLL_UP_FORMAT,
    shard: context.shard,
    run_id: context.runId,
    started_at: utcSecond(result.startedAt),
    finished_at: utcSecond(result.finishedAt),
    ref: context.ref,
    repository_policy: context.repositoryPolicy,
    verified: null,
    repositories: result.outcomes,
    totals: totalsOf(result.outcomes),
    fail_on: context.failOn,
    stopped_by: result.stoppedBy ?? null,
    selected: context.selected === null ? null : [...context.selected],
    missing_shards: [],
    changes: null
  };
}
function outcomeGroups(outcomes) {
  return {
    failed: outcomes.filter((o) => o.gate === "failed").sort(mostSevereFirst),
    scanFailed: outcomes.filter(isScanFailed),
    notJudged: outcomes.filter((o) => o.gate === null && !isScanFailed(o)),
    passed: outcomes.filter((o) => o.gate === "passed")
  };
}
function mostSevereFirst(a, b) {
  for (const severity of SEVERITIES) {
    const difference = b.findings[severity] - a.findings[severity];
    if (difference !== 0) return difference;
  }
  return a.repository.localeCompare(b.repository);
}

// src/fleet/fleet-part.ts
function fleetRunName(options) {
  const { selection, shard, ref } = options;
  const chosen = selection.kind === "all" ? "all" : selection.kind === "project" ? `project ${selection.projectId}` : `repositories ${selection.patterns.join(",")}`;
  const selected = [chosen, ...(selection.exclude ?? []).map((pattern) => `!${pattern}`)].join(",");
  return `${selected}; shard ${shard === void 0 ? "none" : formatShard(shard)}; ref ${ref ?? "default branches"}`;
}
function fleetPart(listing, options) {
  const selected = selectRepositories(listing, options.selection);
  const inPart = (name) => inShard(name, options.shard);
  return {
    repositories: selected.repositories.filter((repository) => inPart(repository.full_name)),
    unknownNames: selected.unknownNames.filter(inPart),
    unmatchedGlobs: selected.unmatchedGlobs,
    unmatchedExclusions: selected.unmatchedExclusions,
    selected: [...selected.repositories.map((repository) => repository.full_name), ...selected.unknownNames]
  };
}
function selectionWarnings(part) {
  return [
    ...part.unmatchedGlobs.map((glob) => `${glob} matches no repository the key sees.`),
    ...part.unmatchedExclusions.map(
      (exclusion) => `${exclusion} excludes nothing: no repository selected matches it.`
    )
  ];
}
function rollUpOfPart(part, result, options) {
  const shard = options.shard === void 0 ? null : formatShard(options.shard);
  return buildRollUp(
    { ...result, outcomes: [...result.outcomes, ...part.unknownNames.map(notListed)] },
    {
      shard,
      failOn: options.failOn,
      selected: shard === null ? null : part.selected,
      runId: options.runId ?? null,
      ref: options.ref ?? null,
      // runFleet's default: policy files are read whenever the face gave GitHub, unless told not to.
      repositoryPolicy: options.repositoryPolicy ?? true
    }
  );
}
function notListed(name) {
  return {
    repository: name,
    scan_id: null,
    status: NOT_STARTED,
    gate: null,
    findings: zeroCounts(),
    error: "The service lists no repository of this name for the key (svc repos list shows the names)."
  };
}

// src/fleet/fleet-settings.ts
var ANY_REPOSITORY = "fleet/any";
var FLEET_INPUTS = {
  repository: ANY_REPOSITORY,
  "reuse-scan": "false",
  "ai-analysis": "false",
  remediate: "false",
  gate: "all"
};
function fleetSettings(options) {
  const parsed = parseSettings((name) => FLEET_INPUTS[name] ?? "", NO_ORIGIN);
  return Object.freeze({
    ...parsed,
    failOn: options.failOn,
    severityThreshold: options.severityThreshold,
    pollIntervalSeconds: options.pollIntervalSeconds,
    waitTimeoutSeconds: options.waitTimeoutSeconds,
    ref: options.ref
  });
}
function repositorySettings(fleet, policy) {
  const parsed = parseSettings((name) => FLEET_INPUTS[name] ?? "", NO_ORIGIN, policy);
  const fromFile = (input) => parsed.sources[input] === "policy";
  return Object.freeze({
    ...parsed,
    failOn: fromFile("fail-on") ? stricterFailOn(fleet.failOn, parsed.failOn) : fleet.failOn,
    severityThreshold: fromFile("severity-threshold") ? lowerOf(fleet.severityThreshold, parsed.severityThreshold) : fleet.severityThreshold,
    pollIntervalSeconds: fleet.pollIntervalSeconds,
    waitTimeoutSeconds: fromFile("wait-timeout") ? Math.min(fleet.waitTimeoutSeconds, parsed.waitTimeoutSeconds) : fleet.waitTimeoutSeconds,
    ref: fleet.ref
  });
}
function stricterFailOn(a, b) {
  if (a === "none") return b;
  if (b === "none") return a;
  return lowerOf(a, b);
}
function fleetPolicy(settings, today = /* @__PURE__ */ new Date()) {
  const none = { policy: void 0, source: void 0, change: [], changeApplied: true, notes: [], log: [] };
  return runPolicyOf(none, settings, today);
}

// src/fleet/pool.ts
async function runPool(items, concurrency, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(concurrency), items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

// src/fleet/scan-claims.ts
function disownSharedScans(outcomes) {
  const claimants = /* @__PURE__ */ new Map();
  for (const { scan_id: scanId, repository } of outcomes)
    if (scanId !== null) claimants.set(scanId, [...claimants.get(scanId) ?? [], repository]);
  return outcomes.map((outcome) => {
    const names = outcome.scan_id === null ? [] : claimants.get(outcome.scan_id) ?? [];
    if (names.length < 2) return outcome;
    return {
      ...outcome,
      gate: null,
      findings: zeroCounts(),
      error: `scan ${outcome.scan_id ?? ""} is claimed by ${claimList(names)}`
    };
  });
}
function claimList(names) {
  return names.length <= 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names.at(-1) ?? ""}`;
}

// src/fleet/error-text.ts
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

// src/fleet/fleet-github.ts
var FleetGitHubError = class extends Error {
  name = "FleetGitHubError";
  kind;
  status;
  constructor(kind, message, status = 0, options) {
    super(message, options);
    this.kind = kind;
    this.status = status;
  }
};

// src/fleet/repository-policy.ts
var FLEET_POLICY_PATH = POLICY_FILE_INPUT.default;
var FLEET_POLICY_KEYS = /* @__PURE__ */ new Set([
  "version",
  "fail-on",
  "severity-threshold",
  "paths",
  "paths-ignore",
  "ignore",
  "modules",
  "frameworks",
  "incremental",
  "wait-timeout"
]);
var NotJudgedError = class extends Error {
  name = "NotJudgedError";
};
function ignoredKeysOf(policy) {
  return Object.keys(policy.settings).filter((key) => !FLEET_POLICY_KEYS.has(key));
}
function appliedSettingsOf(policy) {
  const values = Object.entries(policy.settings).filter(([key]) => FLEET_POLICY_KEYS.has(key));
  return { file: policy.file, values: Object.fromEntries(values) };
}
async function readHead(github, repository, signal) {
  try {
    return await github.headOf(repository, signal);
  } catch (error) {
    throw notJudged(
      error,
      repository,
      `Could not read the head of ${repository}'s default branch from GitHub`
    );
  }
}
async function readRepositoryPolicy(github, repository, commit, signal) {
  const at = `${FLEET_POLICY_PATH} at ${commit.slice(0, 12)}`;
  let file;
  try {
    file = await github.fileAt(repository, commit, FLEET_POLICY_PATH, MAX_POLICY_BYTES, signal);
  } catch (error) {
    throw notJudged(error, repository, `Could not read the policy file ${at}`);
  }
  if (file === void 0) return void 0;
  const bytes2 = Buffer.byteLength(file.text, "utf8");
  if (bytes2 > MAX_POLICY_BYTES) throw new NotJudgedError(tooLarge(FLEET_POLICY_PATH, bytes2).message);
  const parser = await loadPolicyParser();
  try {
    return { path: FLEET_POLICY_PATH, blobSha: file.blobSha, policy: parser.parsePolicy(file.text, at) };
  } catch (error) {
    throw new NotJudgedError(messageOf(error));
  }
}
function notJudged(error, repository, doing) {
  if (!(error instanceof FleetGitHubError)) return error;
  if (error.kind === "not-visible")
    return new NotJudgedError(
      `GitHub does not show ${repository} to the fleet's GitHub credentials (${error.message}): install the GitHub App on it, or give a token that can read it.`
    );
  return new NotJudgedError(`${doing}: ${error.message}`);
}

// src/fleet/repository-judging.ts
function judgingOf(fleet, read, today) {
  if (read === void 0) return { settings: fleet, policy: fleetPolicy(fleet, today), read };
  let settings;
  try {
    settings = repositorySettings(fleet, appliedSettingsOf(read.policy));
  } catch (error) {
    if (error instanceof InputError) throw new NotJudgedError(error.message);
    throw error;
  }
  const loaded = {
    policy: read.policy,
    source: `${read.path} (blob ${read.blobSha.slice(0, 12)})`,
    change: [],
    changeApplied: true,
    notes: [],
    log: []
  };
  return { settings, policy: runPolicyOf(loaded, settings, today), read };
}
function policyUseOf(read, policy, effect) {
  const use = (suppression) => ({
    entry: suppression.entry,
    description: suppression.description
  });
  return {
    path: read.path,
    blob_sha: read.blobSha,
    fail_on: effect.failOn,
    suppressed: effect.suppressed,
    out_of_scope: effect.outOfScope,
    suppressions_applied: policy.suppressions.filter((suppression) => suppression.state !== "expired" && effect.covered(suppression)).map(use),
    suppressions_expired: policy.suppressions.filter((suppression) => suppression.state === "expired").map(use),
    ignored_keys: ignoredKeysOf(read.policy)
  };
}

// src/fleet/left-scan.ts
async function endLeftScan(scope, scanId, log, onSettled) {
  const cancel = () => cancelScan({ client: scope.client, log }, scanId, onSettled);
  let cancelled = await cancel();
  while (cancelled === void 0 && scope.permit.standingRefusal() === void 0) {
    const ended = await untilEnded(scope, scanId, log);
    if (ended !== void 0) {
      onSettled();
      return { how: "ended", scan: ended };
    }
    cancelled = await cancel();
  }
  return cancelled === void 0 ? { how: "left-running", scan: void 0 } : { how: "cancelled", scan: cancelled };
}
async function untilEnded(scope, scanId, log) {
  try {
    return await scope.watcher.waitForScan(scanId, {
      timeoutMs: scope.deadline.remainingMs(),
      signal: AbortSignal.any([scope.deadline.signal, scope.stopSignal]),
      skipFirstFetch: true
    });
  } catch (error) {
    if (error instanceof AuthError && !(error instanceof PermissionDeniedError))
      scope.permit.refuseKey(error);
    log.debug(`Waiting for scan ${scanId} to end failed: ${messageOf(error)}`);
    return void 0;
  }
}
function describeLeftScan(scanId, why, end) {
  const reason = why.replace(/\.$/, "");
  switch (end.how) {
    case "cancelled":
      return `Scan ${scanId} did not finish: ${reason}; it was cancelled.`;
    case "ended":
      return `Scan ${scanId} was not judged: ${reason}; it could not be cancelled; it was waited for until it ended (${end.scan.status}), so that no other scan took its place meanwhile.`;
    case "left-running":
      return `Scan ${scanId} was left running on the service: ${reason}, and it could not be cancelled; cancel it there.`;
  }
}

// src/fleet/repository-scans.ts
var LOOKUP_PAGE_SIZE = 100;
async function scansOfRepository(client, repositoryId, signal) {
  const scans = [];
  const pages = paginate(
    (offset, limit, pageSignal) => client.listScans({ repository_id: repositoryId, limit, offset }, { signal: pageSignal }),
    { limit: LOOKUP_PAGE_SIZE, signal }
  );
  for await (const scan of pages) scans.push(scan);
  return scans;
}

// src/fleet/start-guard.ts
var START_ANSWER_GRACE_MS = 3500;
var StartUnknownError = class extends RunError {
  name = "StartUnknownError";
};
var StartRefusedError = class extends RunError {
  name = "StartRefusedError";
};
var UnconfirmedScanError = class extends RunError {
  name = "UnconfirmedScanError";
};
var StartGuard = class {
  #scope;
  #repository;
  /** The scan this guard adopted rather than started: its run did not send its start. */
  #adopted;
  constructor(scope, repository) {
    this.#scope = scope;
    this.#repository = repository;
  }
  /** Whether the scan `id` was adopted (recorded by an earlier attempt, or a lost start's) rather than started now. */
  adopted(id) {
    return this.#adopted === id;
  }
  async createScan(params, options = {}) {
    const adopted = await this.#adoptRecorded(params, options);
    if (adopted !== void 0) return this.#adopt(adopted);
    const listed = await this.#listedIds(params, options);
    if (this.#scope.stopSignal.aborted) {
      const name = this.#repository.full_name;
      throw new ScanInterruptedError(
        `The run was stopped before the scan of ${name} was started; none was started.`,
        void 0
      );
    }
    const refusal = this.#scope.refusal();
    if (refusal !== void 0) throw new StartRefusedError(refusal);
    this.#scope.ledger?.starting(this.#repository.id, this.#repository.full_name, listed);
    const answer = this.#answerSignal(options.signal);
    try {
      return await this.#scope.client.createScan(params, { ...options, signal: answer.signal });
    } catch (error) {
      if (error instanceof AuthError) this.#scope.onKeyRefused(error);
      if (!mayHaveStarted(error)) throw error;
      return this.#adopt(await this.#findLostStart(listed, params, options, error));
    } finally {
      answer.dispose();
    }
  }
  /**
   * A start sent is answered even past the deadline (START_ANSWER_GRACE_MS after it), and the stop's grace is the
   * caller's: a POST cut in flight may have started a scan that nobody, lacking its id, could cancel.
   */
  #answerSignal(signal) {
    const graces = [signal, this.#scope.stopSignal].filter((one) => one !== void 0).map((one) => graceAfter(one, START_ANSWER_GRACE_MS));
    return {
      signal: AbortSignal.any(graces.map((grace) => grace.signal)),
      dispose: () => {
        for (const grace of graces) grace.dispose();
      }
    };
  }
  #adopt(scan) {
    this.#adopted = scan.id;
    return scan;
  }
  /**
   * The scan an earlier attempt of this run recorded for this repository, or the one it started without recording
   * its id: adopted only when the service lists it among this repository's scans, of this repository and ref.
   */
  async #adoptRecorded(params, options) {
    const recorded = this.#scope.ledger?.recorded(this.#repository.id);
    if (recorded === void 0) return void 0;
    const name = this.#repository.full_name;
    if (recorded.scanId !== void 0) return await this.#confirmRecorded(recorded.scanId, params, options);
    if (recorded.listed === void 0) return void 0;
    const ours = await this.#newScanSince(recorded.listed, params, options).catch((error) => {
      if (error instanceof RunError) throw error;
      throw new StartUnknownError(
        `The ledger records a start of ${name} whose scan id was never written, and the scans of ${name} could not be listed to find it (${messageOf(error)}). No scan was started, so none is started twice: re-run later.`
      );
    });
    if (ours !== void 0)
      this.#scope.log.info(`Adopting scan ${ours.id} of ${name}, started by an earlier run.`);
    return ours;
  }
  /** The ledger's scan, as the service lists it among the repository's scans; one it does not list is refused. */
  async #confirmRecorded(scanId, params, options) {
    const name = this.#repository.full_name;
    const listed = await this.#listAll(options).catch((error) => {
      if (error instanceof RunError) throw error;
      throw new StartUnknownError(
        `The ledger records scan ${scanId} of ${name}, and the scans of ${name} could not be listed to confirm it (${messageOf(error)}). It was not adopted and no scan was started: re-run later.`
      );
    });
    const scan = listed.find((one) => one.id === scanId);
    const problem = scan === void 0 ? `the service does not list it among the scans of ${name}` : ofRef(scan, params.ref) ? void 0 : `the service lists it at ref ${scan.ref ?? ""}, not at ${params.ref ?? "HEAD"}`;
    if (scan === void 0 || problem !== void 0)
      throw new UnconfirmedScanError(
        `The ledger records scan ${scanId} for ${name}, but ${problem ?? ""}: it was not adopted, and no scan was started. A ledger is input anyone with the file may have written: check it, or give this run a new ledger.`
      );
    this.#scope.log.info(`Adopting scan ${scan.id} of ${name}, recorded in the ledger.`);
    return scan;
  }
  async #listedIds(params, options) {
    try {
      return (await this.#listAll(options)).map((scan) => scan.id);
    } catch (error) {
      if (error instanceof AuthError || error instanceof RunError) throw error;
      const name = this.#repository.full_name;
      throw new StartUnknownError(
        `The scans of ${name} could not be listed before its start (${messageOf(error)}), so a scan started earlier could not be told from a new one. No scan was started: re-run later.`
      );
    }
  }
  async #findLostStart(listed, params, options, cause) {
    const name = this.#repository.full_name;
    const ours = await this.#newScanSince(listed, params, options).catch((error) => {
      if (error instanceof RunError) throw error;
      return void 0;
    });
    if (ours !== void 0) {
      this.#scope.log.info(
        `The start of ${name} failed (${messageOf(cause)}) but scan ${ours.id} was started: adopting it.`
      );
      return ours;
    }
    throw new StartUnknownError(
      `The start of ${name} failed (${messageOf(cause)}) after it may have reached the service, and no new scan of ${name} is listed. It was not sent again, so the repository is never scanned twice: re-run the fleet with the same ledger to look again.`
    );
  }
  /**
   * The one scan of the repository listed now and not in `listed`. Two or more: another run started one in
   * between, and which is ours cannot be told, so none is adopted.
   */
  async #newScanSince(listed, params, options) {
    const before = new Set(listed);
    const now = await this.#listAll(options);
    const found = now.filter((scan) => !before.has(scan.id) && ofRef(scan, params.ref));
    if (found.length <= 1) return found[0];
    const name = this.#repository.full_name;
    throw new StartUnknownError(
      `${found.length} new scans of ${name} are listed since its start was sent (${found.map((s) => s.id).join(", ")}): another run started one, and which is ours cannot be told. None was adopted and none is started again: judge the repository on its own.`
    );
  }
  /**
   * Every scan the service lists for the repository, all pages read, each checked to be of this repository (where
   * the service says): a listing holding a scan of another repository is no listing of this one, so nothing is
   * adopted or started from it.
   */
  async #listAll(options) {
    const scans = await scansOfRepository(this.#scope.client, this.#repository.id, options.signal);
    for (const scan of scans) this.#refuseForeign(scan);
    return scans;
  }
  #refuseForeign(scan) {
    const repositoryId = scan.repository_id;
    if (repositoryId === void 0 || repositoryId === this.#repository.id) return;
    const name = this.#repository.full_name;
    throw new UnconfirmedScanError(
      `The service's list of the scans of ${name} (repository_id ${this.#repository.id}) holds scan ${scan.id} of repository_id ${repositoryId}: it is no list of ${name}'s scans, so nothing was adopted or started from it.`
    );
  }
};
function ofRef(scan, ref) {
  return scan.ref === void 0 || scan.ref === (ref ?? "HEAD");
}
function mayHaveStarted(error) {
  if (error instanceof ServerError || error instanceof RequestTimeoutError) return true;
  if (error instanceof ConnectionError) return !error.neverSent;
  return error instanceof DecodeError && error.resourceId === void 0;
}

// src/fleet/repository-run.ts
var ERROR_BUDGET = 500;
var OpenScan = class {
  id;
  #ledger;
  #repository;
  #log;
  #guard;
  constructor(scope, repository, guard) {
    this.#ledger = scope.ledger;
    this.#repository = repository;
    this.#log = scope.log;
    this.#guard = guard;
  }
  /** Recorded in the ledger; said in the log only for a start this run sent (an adoption has its own line). */
  scanId(id) {
    this.id = id;
    this.#ledger?.started(this.#repository.id, id);
    if (!this.#guard.adopted(id)) this.#log.info(`${this.#repository.full_name}: Started scan ${id}`);
  }
  scanSettled() {
    if (this.id !== void 0) this.#ledger?.ended(this.#repository.id, this.id);
    this.id = void 0;
  }
  baselineScanId() {
  }
  baselineSettled() {
  }
};
async function scanRepository(repository, scope) {
  const { outcome, sarif } = await judgeRepository(repository, scope);
  scope.log.info(describeOutcome(outcome));
  if (sarif !== void 0) scope.uploads?.queue.add(sarif);
  return outcome;
}
async function judgeRepository(repository, scope) {
  const refusal = await scope.permit.refusal();
  if (refusal !== void 0) return { outcome: notStarted(repository, refusal) };
  const night = await prepareNight(repository, scope);
  if ("outcome" in night) return { outcome: night.outcome };
  const own = night.scope;
  const log = repositoryLog(scope.log, repository.full_name);
  const guard = startGuard(repository, own);
  const open = new OpenScan(own, repository, guard);
  const reading = findingReadingOf(own);
  const context = contextFor(repository, own, { log, record: open, guard, reading });
  try {
    const result = await runScan(context);
    const results = result.results;
    if (results === void 0 || result.scan === void 0) throw new Error("the run judged no scan");
    const policy = night.judging && policyOf(night.judging, own.settings, result.policy);
    const outcome = {
      ...outcomeOf(repository, result.scan.id, result.scan.status),
      gate: results.verdict.passed ? "passed" : "failed",
      findings: { ...results.counts },
      ...night.facts,
      ...policy === void 0 ? {} : { policy }
    };
    const sarif = own.uploads && night.head ? {
      repository: repository.full_name,
      ...night.head,
      report: { scan: result.scan, results },
      findings: reading ?? own.client,
      pageSize: own.settings.pageSize,
      filter: own.policy.filter,
      reported: result.report
    } : void 0;
    return { outcome, sarif };
  } catch (error) {
    const outcome = await afterFault(repository, own, { log, open, progress: context.progress }, error);
    return { outcome: { ...outcome, ...night.facts } };
  }
}
function findingReadingOf(scope) {
  if (scope.uploads === void 0 || !scope.policy.filter.active) return void 0;
  return new FindingSet(scope.client, true, { memoryBound: 0, spill: scope.uploads.spill });
}
async function prepareNight(repository, scope) {
  const github = scope.github;
  if (github === void 0) return { scope, judging: void 0, facts: {} };
  const signal = AbortSignal.any([scope.deadline.signal, scope.stopSignal]);
  const name = repository.full_name;
  let commit = null;
  try {
    const head = await readHead(github, name, signal);
    commit = head.commit;
    const read = scope.repositoryPolicy ? await readRepositoryPolicy(github, name, commit, signal) : void 0;
    const judging = scope.repositoryPolicy ? judgingOf(scope.settings, read, scope.today) : void 0;
    return { scope: repositoryScope(scope, commit, judging), judging, head, facts: { commit } };
  } catch (error) {
    const reason = error instanceof NotJudgedError ? error.message : whyGivenUp(scope, error);
    return { outcome: { ...notStarted(repository, reason), commit } };
  }
}
function repositoryScope(scope, commit, judging) {
  const settings = { ...judging?.settings ?? scope.settings, ref: commit };
  const ownMs = settings.waitTimeoutSeconds * 1e3;
  const deadline = ownMs < scope.deadline.remainingMs() ? new RunDeadline(ownMs, scope.now) : scope.deadline;
  return { ...scope, settings, policy: judging?.policy ?? scope.policy, deadline };
}
function policyOf(judging, settings, reported) {
  if (judging.read === void 0) return null;
  const unused = new Set(reported?.unused ?? []);
  return policyUseOf(judging.read, judging.policy, {
    failOn: settings.failOn,
    covered: (suppression) => !unused.has(suppression.description),
    suppressed: reported?.suppressedCount ?? 0,
    outOfScope: reported?.outOfScopeCount ?? 0
  });
}
function describeOutcome(outcome) {
  const scan = outcome.scan_id === null ? "" : ` scan ${outcome.scan_id} ${outcome.status}:`;
  if (outcome.gate === null)
    return `${outcome.repository}:${scan} not judged: ${outcome.error ?? "no reason given"}`;
  const counts = Object.entries(outcome.findings).map(([severity, count]) => `${count} ${severity}`).join(", ");
  const policy = outcome.policy ? ` by ${outcome.policy.path} (fail-on ${outcome.policy.fail_on})` : "";
  return `${outcome.repository}:${scan} gate ${outcome.gate}${policy} (${counts})`;
}
async function afterFault(repository, scope, run, error) {
  if (error instanceof AuthError && !(error instanceof PermissionDeniedError)) scope.permit.refuseKey(error);
  const left = run.open.id;
  if (left === void 0) return failedOutcome(repository, run.progress.scan, error);
  const reason = whyGivenUp(scope, error);
  const end = await endLeftScan(scope, left, run.log, () => {
    run.open.scanSettled();
  });
  return failedOutcome(
    repository,
    end.scan ?? run.progress.scan,
    new Error(describeLeftScan(left, reason, end))
  );
}
function whyGivenUp(scope, error) {
  if (scope.stopSignal.aborted) return "the run was interrupted";
  if (scope.deadline.expired) return `wait-timeout (${scope.settings.waitTimeoutSeconds} s) ran out`;
  return messageOf(error);
}
function startGuard(repository, scope) {
  return new StartGuard(
    {
      client: scope.client,
      ledger: scope.ledger,
      // The fleet's log, not the repository's debug lines: an adoption is said, as a start is.
      log: scope.log,
      stopSignal: scope.stopSignal,
      onKeyRefused: (error) => {
        scope.permit.refuseKey(error);
      },
      refusal: () => scope.permit.standingRefusal()
    },
    repository
  );
}
function contextFor(repository, scope, run) {
  const { log, record, guard, reading } = run;
  return {
    client: scope.client,
    settings: { ...scope.settings, repository: repository.full_name },
    log,
    record,
    signal: AbortSignal.any([scope.deadline.signal, scope.stopSignal]),
    stopSignal: scope.stopSignal,
    deadline: scope.deadline,
    now: scope.now,
    progress: { stage: "repository", scan: void 0 },
    // With uploads, the SARIF reads every finding at or above the floor after: the run reads whole pages for it.
    findingsNeed: { rows: 0, perSeverity: 0, wholePages: scope.uploads !== void 0 },
    findingReading: reading,
    onScanStarted: () => Promise.resolve(void 0),
    change: void 0,
    policy: scope.policy,
    showsInsights: false,
    repository,
    scanWatcher: scope.watcher,
    scanStarter: guard,
    countsOnly: true,
    // Under a policy that leaves findings out, every count is of the findings it leaves in (merge --verify's too).
    wholeUnderPolicy: true
  };
}
function failedOutcome(repository, scan, error) {
  const status = error instanceof ScanInterruptedError ? error.scanStatus ?? scan?.status : scan?.status;
  const outcome = outcomeOf(repository, scan?.id ?? null, status ?? NOT_STARTED);
  if (error instanceof ScanEndedError && scan && classifyScanStatus(scan.status) === "failed")
    return { ...outcome, error: failedScanError(scan) };
  const reason = messageOf(error);
  return {
    ...outcome,
    error: reason.length > ERROR_BUDGET ? `${reason.slice(0, ERROR_BUDGET - 1)}\u2026` : reason
  };
}
function notStarted(repository, reason) {
  return { ...outcomeOf(repository, null, NOT_STARTED), error: reason };
}
function outcomeOf(repository, scanId, status) {
  return {
    repository: repository.full_name,
    scan_id: scanId,
    status,
    gate: null,
    findings: zeroCounts(),
    error: null
  };
}
function repositoryLog(log, name) {
  return {
    debug: (message) => {
      log.debug(`${name}: ${message}`);
    },
    info: (message) => {
      log.debug(`${name}: ${message}`);
    },
    warning: (message) => {
      log.warning(`${name}: ${message}`);
    },
    startGroup: () => void 0,
    endGroup: () => void 0
  };
}

// src/fleet/poll-schedule.ts
var LONGEST_POLL_INTERVAL_MS = 6e4;
var GROWTH = 1.5;
function nextPollDelayMs(polls, firstIntervalMs) {
  const longest = Math.max(firstIntervalMs, LONGEST_POLL_INTERVAL_MS);
  return Math.min(longest, firstIntervalMs * GROWTH ** polls);
}

// src/fleet/scan-watcher.ts
var WATCH_PAGE_SIZE = 200;
var WATCH_PAGES_PER_ROUND = 3;
var FleetScanWatcher = class {
  #options;
  #watches = /* @__PURE__ */ new Map();
  #running = false;
  #wake = new AbortController();
  #lastRoundAt = Number.NEGATIVE_INFINITY;
  constructor(options) {
    this.#options = options;
  }
  /** Resolves with the scan once it ends; `intervalMs` is the fleet's schedule's, not the caller's. */
  waitForScan(id, options = {}) {
    const { now, firstIntervalMs } = this.#options;
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortedError(`Waiting for scan ${id}`, signal.reason));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        watch.settle({ error: abortedError(`Waiting for scan ${id}`, signal?.reason) });
      };
      const watch = {
        id,
        polls: 0,
        endsAt: now() + (options.timeoutMs ?? Number.POSITIVE_INFINITY),
        dueAt: now() + (options.skipFirstFetch ? firstIntervalMs : 0),
        lastStatus: void 0,
        onUpdate: options.onUpdate,
        settle: (outcome) => {
          if (this.#watches.get(id) !== watch) return;
          this.#watches.delete(id);
          signal?.removeEventListener("abort", onAbort);
          if ("scan" in outcome) resolve(outcome.scan);
          else reject(outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error)));
        }
      };
      this.#watches.get(id)?.settle({ error: new Error(`scan ${id} is watched again`) });
      this.#watches.set(id, watch);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#wake.abort();
      if (!this.#running) {
        this.#running = true;
        void this.#run();
      }
    });
  }
  /** Scans being watched now. */
  get inFlight() {
    return this.#watches.size;
  }
  /** Runs rounds while any scan is watched; it stops in the same turn as it sees none (a new watch restarts it). */
  async #run() {
    try {
      while (this.#watches.size > 0) {
        try {
          if (!await this.#untilDue()) continue;
          this.#expire();
          await this.#round();
          this.#lastRoundAt = this.#options.now();
        } catch (error) {
          for (const watch of [...this.#watches.values()]) watch.settle({ error });
        }
      }
    } finally {
      this.#running = false;
    }
  }
  /** Sleeps until the next round is due; false when a new scan woke it first (the schedule is looked at again). */
  async #untilDue() {
    const { now, sleep, firstIntervalMs } = this.#options;
    this.#wake = new AbortController();
    const earliest = Math.min(
      ...[...this.#watches.values()].map((watch) => Math.min(watch.dueAt, watch.endsAt))
    );
    const waitMs = Math.max(earliest, this.#lastRoundAt + firstIntervalMs) - now();
    if (waitMs <= 0) return true;
    try {
      await sleep(waitMs, this.#wake.signal);
      return true;
    } catch {
      return false;
    }
  }
  /** Ends the waits whose deadline has passed, naming the last status seen. */
  #expire() {
    const at = this.#options.now();
    for (const watch of [...this.#watches.values()]) {
      if (at < watch.endsAt) continue;
      const status = watch.lastStatus ?? "unknown";
      const message = `Timed out waiting for scan ${watch.id} to finish; last status: ${status}`;
      watch.settle({ error: new PollTimeoutError(message, status) });
    }
  }
  async #round() {
    const unseen = await this.#readListPages();
    const at = this.#options.now();
    const due = [...unseen].map((id) => this.#watches.get(id)).filter((watch) => watch !== void 0 && watch.dueAt <= at);
    await Promise.all(due.map((watch) => this.#readOne(watch)));
  }
  /**
   * Reads pages of `GET /scans` while more than one scan in flight is unseen (for one, its own read costs the
   * same) and returns the ids not seen. A page that cannot be read leaves its scans to their own reads.
   */
  async #readListPages() {
    const { client, log } = this.#options;
    const pageSize = this.#options.pageSize ?? WATCH_PAGE_SIZE;
    const pages = this.#options.pagesPerRound ?? WATCH_PAGES_PER_ROUND;
    const unseen = new Set(this.#watches.keys());
    let offset = 0;
    for (let page = 0; page < pages && unseen.size > 1; page++) {
      let listed;
      try {
        listed = await client.listScans({ limit: pageSize, offset }, { signal: this.#options.signal });
      } catch (error) {
        if (error instanceof AuthError) throw error;
        log.debug(`Listing the scans failed (${messageOf(error)}); each scan in flight is read on its own.`);
        break;
      }
      for (const scan of listed.items) if (unseen.delete(scan.id)) this.#seen(scan);
      offset += listed.items.length;
      if (listed.items.length === 0 || offset >= listed.total) break;
    }
    return unseen;
  }
  async #readOne(watch) {
    try {
      this.#seen(await this.#options.client.getScan(watch.id, { signal: this.#options.signal }));
    } catch (error) {
      if (error instanceof RateLimitError) watch.dueAt = this.#options.now() + this.#options.firstIntervalMs;
      else watch.settle({ error });
    }
  }
  #seen(scan) {
    const watch = this.#watches.get(scan.id);
    if (watch === void 0) return;
    watch.lastStatus = scan.status;
    watch.onUpdate?.(scan);
    if (classifyScanStatus(scan.status) !== "running") {
      watch.settle({ scan });
      return;
    }
    watch.polls++;
    watch.dueAt = this.#options.now() + nextPollDelayMs(watch.polls, this.#options.firstIntervalMs);
  }
};

// src/fleet/sarif-uploads.ts
var UPLOAD_LANES = 2;
var PROCESSING_POLL_MS = 1e4;
var MAX_PROCESSING_POLLS = 6;
var SARIF_MAX_RESULTS = Number(SHARED_INPUTS.sarifMaxResults.default);
var FleetSarifUploads = class {
  #options;
  #waiting = [];
  #uploads = /* @__PURE__ */ new Map();
  #inLanes = 0;
  /** Reads of the processing status, counted apart from the night's other GitHub requests. */
  processingPolls = 0;
  constructor(options) {
    this.#options = options;
  }
  /** Queues a judged repository's upload; its account is had from `accounts()`. */
  add(sarif) {
    const upload = new Promise((settle) => {
      this.#waiting.push({ sarif, settle });
    });
    this.#uploads.set(sarif.repository, upload);
    this.#next();
  }
  /** What GitHub's code scanning shows of a repository: its alerts' page. */
  alertsUrlOf(repository) {
    return `${this.#options.github.serverUrl}/${repository}/security/code-scanning`;
  }
  /** Every queued upload's account, by repository, once each is made, refused, or left pending at the deadline. */
  async accounts() {
    const entries = await Promise.all(
      [...this.#uploads].map(async ([repository, upload]) => [repository, await upload])
    );
    return new Map(entries);
  }
  #next() {
    while (this.#inLanes < UPLOAD_LANES && this.#waiting.length > 0) {
      const { sarif, settle } = this.#waiting.shift();
      this.#inLanes++;
      void this.#post(sarif).catch(
        (error) => this.#account(sarif, "not-uploaded", `The upload failed (${messageOf(error)}).`)
      ).then((posted) => {
        this.#inLanes--;
        this.#next();
        void ("later" in posted ? posted.later : Promise.resolve(posted)).then(settle);
      });
    }
  }
  /** Builds the SARIF and posts it (in a lane); its processing (`later`) is waited for in none. */
  async #post(sarif) {
    const account = (status, error, id2 = null) => this.#account(sarif, status, error, id2);
    if (this.#options.signal.aborted) return account("pending", null);
    const built = await this.#built(sarif);
    if (built.kind !== "built") return account(...notBuilt(built, this.#options.signal));
    const id = await this.#upload(sarif, built.log).catch((error) => error);
    if (id instanceof Error) return account(...notPosted(id, this.#options.signal));
    this.#options.log.info(
      `${sarif.repository}: uploaded ${built.summary.results} results to code scanning for refs/heads/${sarif.branch} at ${sarif.commit} (sarif-id ${id}).`
    );
    return {
      later: this.#processed(sarif, id).then(
        (processing) => account(processing.status, processingError(processing), id)
      )
    };
  }
  #account(sarif, status, error, id = null) {
    return { sarif_id: id, processing_status: status, alerts_url: this.alertsUrlOf(sarif.repository), error };
  }
  #built(sarif) {
    const run = new SarifRun({
      findings: sarif.findings,
      pageSize: sarif.pageSize,
      maxResults: SARIF_MAX_RESULTS,
      category: defaultSarifCategory(sarif.repository),
      serverUrl: this.#options.github.serverUrl,
      signal: this.#options.signal,
      filter: sarif.filter,
      reported: sarif.reported
    });
    return run.of(sarif.report, { toolkit: { scrub: this.#options.scrub } });
  }
  #upload(sarif, log) {
    const [owner = "", repo = ""] = sarif.repository.split("/");
    const client = this.#options.github.clientFor(sarif.repository, this.#options.signal);
    return uploadSarif(
      client,
      { owner, repo, commitSha: sarif.commit, ref: `refs/heads/${sarif.branch}` },
      log
    );
  }
  async #processed(sarif, id) {
    const [owner = "", repo = ""] = sarif.repository.split("/");
    const client = this.#options.github.clientFor(sarif.repository, this.#options.signal);
    try {
      return await waitForProcessing(client, { owner, repo }, id, {
        signal: this.#options.signal,
        sleep: this.#options.sleep,
        pollMs: this.#options.pollMs ?? PROCESSING_POLL_MS,
        maxPolls: this.#options.maxPolls ?? MAX_PROCESSING_POLLS,
        onPoll: () => {
          this.processingPolls++;
        }
      });
    } catch (error) {
      const deferred = error instanceof FleetGitHubError && error.kind === "deferred";
      const unread = deferred ? void 0 : `Could not read code scanning's processing: ${messageOf(error)}`;
      return { status: "pending", errors: [], analysesUrl: void 0, ...unread ? { unread } : {} };
    }
  }
};
var NOT_UPLOADED = "so nothing was uploaded to code scanning: an upload missing findings would close their alerts as fixed";
function notBuilt(outcome, signal) {
  if (outcome.kind === "partial") return ["not-uploaded", `${outcome.reason}, ${NOT_UPLOADED}.`];
  if (outcome.kind === "none") return ["not-uploaded", `The scan has no results, ${NOT_UPLOADED}.`];
  if (outcome.aborted || signal.aborted) return ["pending", null];
  return ["not-uploaded", `Not every finding could be read (${outcome.error.message}), ${NOT_UPLOADED}.`];
}
function notPosted(error, signal) {
  if (signal.aborted || error instanceof FleetGitHubError && error.kind === "deferred")
    return ["pending", null];
  if (error instanceof FleetGitHubError && error.status === 403)
    return [
      "not-uploaded",
      `Code scanning refused the upload (${error.message}): enable code scanning on the repository (a private one needs GitHub Code Security), and give the GitHub App security_events write. The verdict stands.`
    ];
  return ["not-uploaded", `The upload failed (${messageOf(error)}). The verdict stands.`];
}
function processingError(processing) {
  if (processing.status === "failed")
    return `Code scanning failed to process the upload: ${processing.errors.join("; ") || "no reason given"}.`;
  return processing.unread ?? null;
}

// src/fleet/start-permit.ts
var StartPermit = class {
  #scope;
  #keyRefused;
  #creditsShort;
  constructor(scope) {
    this.#scope = scope;
  }
  get keyRefused() {
    return this.#keyRefused !== void 0;
  }
  /** A 401 (or a 403 on a start): no scan starts after it. */
  refuseKey(error) {
    this.#keyRefused ??= `the service refused the API key (${error.message})`;
  }
  /** Why no scan may start now, or undefined when one may. */
  async refusal() {
    const standing = this.standingRefusal();
    if (standing !== void 0) return standing;
    if (this.#scope.minCredits === void 0) return void 0;
    await this.#checkCredits(this.#scope.minCredits);
    return this.standingRefusal();
  }
  /** Why no scan may start now, from what is known without a request (credits as last read). */
  standingRefusal() {
    const { stopSignal, deadline, waitTimeoutSeconds } = this.#scope;
    if (stopSignal.aborted) return "not started: the run was interrupted";
    if (this.#keyRefused !== void 0) return `not started: ${this.#keyRefused}`;
    if (deadline.expired)
      return `not started: wait-timeout (${waitTimeoutSeconds} s) ran out before its turn`;
    return this.#creditsShort;
  }
  async #checkCredits(minCredits) {
    try {
      const usage = await this.#scope.client.getUsage({ signal: this.#scope.deadline.signal });
      if (usage.remaining_credits < minCredits) {
        this.#creditsShort ??= `not started for lack of credits: ${usage.remaining_credits} remained, below min-credits ${minCredits}`;
      }
    } catch (error) {
      if (this.standingRefusal() !== void 0) return;
      const reason = error instanceof Error ? error.message : String(error);
      this.#creditsShort ??= `not started: the remaining credits could not be read (${reason}), and min-credits ${minCredits} is set`;
    }
  }
};

// src/fleet/young-generation.ts
import { setFlagsFromString } from "node:v8";
var DEFAULT_GROWTH_FACTOR = 2;
var holders = 0;
function holdYoungGeneration() {
  if (holders++ === 0) setFlagsFromString("--semi-space-growth-factor=1");
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      if (--holders === 0) setFlagsFromString(`--semi-space-growth-factor=${String(DEFAULT_GROWTH_FACTOR)}`);
    }
  };
}

// src/fleet/run-fleet.ts
function ledgerRunOf(options) {
  return options.ledgerRun === void 0 ? void 0 : { run: options.ledgerRun, runId: options.runId ?? null };
}
function emptyRun(now) {
  return { outcomes: [], stoppedBy: void 0, startedAt: now, finishedAt: now };
}
async function runFleet(repositories, options, io) {
  refuseRefWithGitHub(options, io);
  refuseUploadWithoutGitHub(options, io);
  const startedAt = io.now();
  const deadline = new RunDeadline(options.waitTimeoutSeconds * 1e3, io.now);
  const ledger = options.ledgerPath === void 0 ? void 0 : Ledger.open(options.ledgerPath, ledgerRunOf(options), io.scrub, io.seal);
  const uploads = uploadsOf(options, io, deadline);
  const scope = fleetScope(options, io, { deadline, ledger, today: new Date(startedAt), uploads });
  const progress = new FleetProgress(repositories.length, startedAt + options.waitTimeoutSeconds * 1e3);
  const reports = reportProgress(progress, {
    log: io.log,
    sleep: io.sleep ?? realSleep,
    intervalSeconds: options.progressIntervalSeconds,
    signal: AbortSignal.any([deadline.signal, io.stopSignal])
  });
  const youngGeneration = holdYoungGeneration();
  try {
    const outcomes = await runPool(repositories, options.concurrency, async (repository) => {
      progress.started();
      const outcome = await scanRepository(repository, scope);
      progress.ended(outcome);
      return outcome;
    });
    await reports.end();
    ledger?.finished();
    const uploaded = await withUploads(outcomes, uploads?.queue);
    const stoppedBy = io.stopSignal.aborted ? "interrupted" : scope.permit.keyRefused ? "key-refused" : void 0;
    return { outcomes: disownSharedScans(uploaded), stoppedBy, startedAt, finishedAt: io.now() };
  } finally {
    youngGeneration.release();
    ledger?.close();
    await uploads?.spill.close();
  }
}
function uploadsOf(options, io, deadline) {
  if (options.uploadSarif !== true || io.github === void 0) return void 0;
  const queue = new FleetSarifUploads({
    github: io.github,
    log: io.log,
    signal: AbortSignal.any([deadline.signal, io.stopSignal]),
    sleep: io.sleep ?? realSleep,
    scrub: io.scrub ?? ((text) => text)
  });
  return { queue, spill: new SpillFile() };
}
async function withUploads(outcomes, queue) {
  if (queue === void 0) return outcomes;
  const accounts = await queue.accounts();
  return outcomes.map((outcome) => ({
    ...outcome,
    code_scanning: accounts.get(outcome.repository) ?? {
      sarif_id: null,
      processing_status: "not-uploaded",
      alerts_url: queue.alertsUrlOf(outcome.repository),
      error: "The repository was not judged, so nothing was uploaded to code scanning."
    }
  }));
}
function fleetScope(options, io, shared) {
  const { deadline, ledger, today, uploads } = shared;
  const settings = fleetSettings(options);
  return {
    client: io.client,
    log: io.log,
    settings,
    policy: fleetPolicy(settings, today),
    watcher: new FleetScanWatcher({
      client: io.client,
      log: io.log,
      now: io.now,
      sleep: io.sleep ?? realSleep,
      firstIntervalMs: options.pollIntervalSeconds * 1e3,
      signal: AbortSignal.any([deadline.signal, io.stopSignal])
    }),
    permit: new StartPermit({
      client: io.client,
      deadline,
      stopSignal: io.stopSignal,
      waitTimeoutSeconds: options.waitTimeoutSeconds,
      minCredits: options.minCredits
    }),
    ledger,
    deadline,
    stopSignal: io.stopSignal,
    now: io.now,
    github: io.github,
    repositoryPolicy: io.github !== void 0 && (options.repositoryPolicy ?? true),
    today,
    uploads
  };
}
function refuseUploadWithoutGitHub(options, io) {
  if (options.uploadSarif !== true || io.github !== void 0) return;
  throw new FleetUsageError(
    "--upload-sarif (upload-sarif: true) needs GitHub credentials, to upload each repository's SARIF to its code scanning: give the GitHub App's --github-app-id and --github-app-private-key-file (action: github-app-id and github-app-private-key), or --github-token, or leave --upload-sarif out."
  );
}
function refuseRefWithGitHub(options, io) {
  if (io.github === void 0 || options.ref === void 0) return;
  throw new FleetUsageError(
    `--ref ${options.ref} cannot be used with GitHub credentials: each repository is then scanned at its default branch's head commit, and judged by its policy there. Leave --ref out, or give no GitHub credentials to scan that ref.`
  );
}

// src/fleet/fleet-exit.ts
var FLEET_EXIT = {
  passed: 0,
  failed: 1,
  keyRefused: 3,
  notJudged: 4,
  interrupted: 130
};
function fleetExitCode(rollUp) {
  if (rollUp.stopped_by === "interrupted") return FLEET_EXIT.interrupted;
  if (rollUp.stopped_by === "key-refused") return FLEET_EXIT.keyRefused;
  if (rollUp.repositories.some((outcome) => outcome.gate === "failed")) return FLEET_EXIT.failed;
  const notJudged2 = rollUp.repositories.some((outcome) => outcome.gate !== "passed");
  return notJudged2 || rollUp.missing_shards.length > 0 ? FLEET_EXIT.notJudged : FLEET_EXIT.passed;
}

// src/fleet/rollup-comparison-markdown.ts
var NAMES_PER_LINE = 50;
var NAME_CHARACTERS = 140;
function renderComparison(changes) {
  const lines = [
    `### Changes since ${comparedNight(changes.compared_with)}`,
    "",
    ...failOnLines(changes.fail_on),
    `- Findings of the fleet: ${signedCounts(changes.findings_delta) || "unchanged"}.`,
    namesLine("Newly failing", changes.newly_failing),
    namesLine("Newly passing", changes.newly_passing),
    namesLine("Newly not judged", changes.newly_not_judged),
    changesLine("Findings up", changes.counts_up),
    changesLine("Findings down", changes.counts_down),
    namesLine("New repositories", changes.new_repositories),
    namesLine("No longer scanned", changes.no_longer_scanned)
  ];
  return `${lines.join("\n")}
`;
}
function comparedNight(night) {
  const when = night.started_at === null ? "the compared roll-up" : `the night of ${night.started_at}`;
  const run = night.run_id === null ? "" : ` (run ${escapeMarkdownInline(truncate(night.run_id, 80))})`;
  return `${when}${run}`;
}
function failOnLines(failOn) {
  if (failOn === null) return [];
  return [
    `> fail-on changed from ${failOn.previous} to ${failOn.now}: a repository may be newly failing or passing because the gate moved, not its code.`,
    ""
  ];
}
function namesLine(label, names) {
  return listLine(label, names.map(nameCode));
}
function changesLine(label, changes) {
  return listLine(
    label,
    changes.map(({ repository, change }) => `${nameCode(repository)} (${signedCounts(change)})`)
  );
}
function listLine(label, items) {
  if (items.length === 0) return `- ${label}: none.`;
  const shown = items.slice(0, NAMES_PER_LINE).join(", ");
  const more = items.length > NAMES_PER_LINE ? `, and ${items.length - NAMES_PER_LINE} more` : "";
  return `- ${label} (${items.length}): ${shown}${more}.`;
}
function nameCode(name) {
  return markdownCode(truncate(name, NAME_CHARACTERS));
}
function signedCounts(change) {
  return SEVERITIES.filter((s) => (change[s] ?? 0) !== 0).map((s) => {
    const value = change[s] ?? 0;
    return `${s} ${value > 0 ? "+" : "\u2212"}${Math.abs(value)}`;
  }).join(", ");
}

// src/fleet/severity-columns.ts
var SEVERITY_HEADINGS = SEVERITIES.map((s) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`).join(
  " | "
);
var SEVERITY_ALIGNMENT = SEVERITIES.map(() => "---:").join(" | ");

// src/fleet/rollup-history-markdown.ts
var SEVERITY_COLOURS = [
  ["#cf222e", "red"],
  ["#bc4c00", "orange"],
  ["#9a6700", "yellow"],
  ["#0969da", "blue"],
  ["#6e7781", "grey"]
];
function renderHistory(nights) {
  if (nights.length === 0) return "";
  const lines = [`### Findings by night (${nights.length} ${nights.length === 1 ? "night" : "nights"})`, ""];
  if (nights.length >= 2) lines.push(...chart(nights), "");
  lines.push(
    `| Night (UTC) | ${SEVERITY_HEADINGS} | Repositories | Failing |`,
    `| --- | ${SEVERITY_ALIGNMENT} | ---: | ---: |`,
    ...nights.map(
      (night) => `| ${night.started_at} | ${SEVERITIES.map((s) => night.findings[s]).join(" | ")} | ${night.repositories} | ${night.failed} |`
    )
  );
  return `${lines.join("\n")}
`;
}
function chart(nights) {
  const palette = SEVERITY_COLOURS.map(([hex]) => hex).join(", ");
  const key = SEVERITIES.map((s, i) => `${s} ${SEVERITY_COLOURS[i]?.[1] ?? ""}`).join(", ");
  return [
    "```mermaid",
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette}"}}}}%%`,
    "xychart-beta",
    '  title "Findings by severity, per night"',
    `  x-axis [${labels(nights).map((label) => `"${label}"`).join(", ")}]`,
    '  y-axis "Findings"',
    ...SEVERITIES.map((s) => `  line [${nights.map((night) => night.findings[s]).join(", ")}]`),
    "```",
    "",
    `Lines: ${key}.`
  ];
}
function labels(nights) {
  const dates = nights.map((night) => night.started_at.slice(5, 10));
  if (new Set(dates).size === dates.length) return dates;
  return nights.map((night) => `${night.started_at.slice(5, 10)} ${night.started_at.slice(11, 16)}`);
}

// src/fleet/rollup-policy-markdown.ts
var PATH_CHARACTERS = 100;
var KEY_CHARACTERS = 40;
var SHOWN_KEYS = 13;
function readsPolicies(rollUp) {
  return rollUp.repositories.some((outcome) => outcome.policy !== void 0);
}
function policyNote(rollUp) {
  const failOn = rollUp.fail_on;
  if (!readsPolicies(rollUp))
    return `> Repository policy files (\`.github/svc-scan.yml\`) are not read in this version: every repository is judged by fail-on ${failOn}.`;
  return `> Each repository is judged by its own policy file (\`.github/svc-scan.yml\`) at its default branch's head commit, never looser than fail-on ${failOn}; one without a policy file by fail-on ${failOn}. Its remediation, AI analysis, compliance, baseline and pull request settings are not applied at night (listed as ignored).`;
}
function commitText(outcome) {
  if (outcome.commit === void 0 || outcome.commit === null) return "";
  return ` at ${markdownCode(outcome.commit.slice(0, 12))}`;
}
function policyCell(outcome, fleetFailOn) {
  const policy = outcome.policy;
  if (policy === void 0) return "";
  if (policy === null) return `none (fail-on ${escapeMarkdownInline(fleetFailOn)})`;
  const parts = [
    `${markdownCode(truncate(policy.path, PATH_CHARACTERS))} (blob ${markdownCode(policy.blob_sha.slice(0, 12))})`,
    `fail-on ${escapeMarkdownInline(policy.fail_on)}`
  ];
  if (policy.suppressed > 0)
    parts.push(
      `${policy.suppressed} suppressed by ${countOf(policy.suppressions_applied.length, "entry", "entries")}`
    );
  if (policy.out_of_scope > 0) parts.push(`${policy.out_of_scope} outside its paths`);
  if (policy.suppressions_expired.length > 0)
    parts.push(`${countOf(policy.suppressions_expired.length, "suppression", "suppressions")} expired`);
  if (policy.ignored_keys.length > 0) parts.push(`ignored: ${keysText(policy.ignored_keys)}`);
  return parts.join("; ");
}
function countOf(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}
function keysText(keys) {
  const shown = keys.slice(0, SHOWN_KEYS).map((key) => markdownCode(truncate(key, KEY_CHARACTERS)));
  const more = keys.length - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
}

// src/fleet/rollup-upload-markdown.ts
var ERROR_CHARACTERS = 200;
var STATUS_CHARACTERS = 20;
function uploadsSarif(rollUp) {
  return rollUp.repositories.some((outcome) => outcome.code_scanning !== void 0);
}
function uploadsNote(rollUp) {
  if (!uploadsSarif(rollUp)) return "";
  const count = (status) => rollUp.repositories.filter((outcome) => outcome.code_scanning?.processing_status === status).length;
  const parts = [
    `${count("complete")} uploads processed`,
    `${count("failed")} failed to process`,
    `${count("pending")} pending at the deadline`,
    `${count("not-uploaded")} not uploaded`
  ];
  return `> Code scanning: ${parts.join(", ")} (each repository's own Security tab, its default branch at the scanned commit; an upload never changes a verdict).`;
}
function uploadCell(outcome) {
  const upload = outcome.code_scanning;
  if (upload === void 0) return "";
  const status = truncate(upload.processing_status, STATUS_CHARACTERS);
  const shown = upload.alerts_url === null ? escapeMarkdownInline(status) : markdownLink(status, upload.alerts_url);
  return upload.error === null ? shown : `${shown}: ${escapeMarkdownInline(truncate(upload.error, ERROR_CHARACTERS))}`;
}

// src/fleet/rollup-markdown.ts
var ROLLUP_SUMMARY_BUDGET_BYTES = 512 * 1024;
var NAME_CHARACTERS2 = 140;
var STATUS_CHARACTERS2 = 40;
var ERROR_CHARACTERS2 = 300;
function renderRollUpMarkdown(rollUp, options = {}) {
  const head = headLines(rollUp).join("\n");
  const changes = rollUp.changes === null ? "" : renderComparison(rollUp.changes);
  const history = renderHistory(options.history ?? []);
  const budget = options.budgetBytes ?? ROLLUP_SUMMARY_BUDGET_BYTES;
  const rows = { bytesLeft: budget - bytes(head) - bytes(changes) - bytes(history) - TABLE_RESERVE_BYTES };
  const { failed, scanFailed, notJudged: notJudged2, passed } = outcomeGroups(rollUp.repositories);
  const findings = findingsTable(rollUp);
  const sections = [
    head,
    table(`Failing the gate (${failed.length})`, findings.header, failed.map(findings.row), rows),
    table(`Scans that failed (${scanFailed.length})`, NOT_JUDGED_HEADER, scanFailed.map(notJudgedRow), rows),
    table(`Not judged (${notJudged2.length})`, NOT_JUDGED_HEADER, notJudged2.map(notJudgedRow), rows),
    changes,
    history,
    folded(`Passed (${passed.length})`, table("", findings.header, passed.map(findings.row), rows))
  ];
  return sections.filter((section) => section !== "").join("\n");
}
var TABLE_RESERVE_BYTES = 2048;
function verificationSentence(verified) {
  return verified ? "Verified against the service: every judged repository's scan was read again, found to be its own, and judged anew from its report." : "Not verified: the shards' roll-ups were taken as written. Anyone who can write them (a cache, an artifact, a volume) could have changed them; `svc fleet merge --verify` re-judges them against the service.";
}
function nightLine(rollUp) {
  const { started_at: start, finished_at: end } = rollUp;
  const date = start === null ? "**date unknown**" : `**${start.slice(0, 10)}**`;
  const times = start === null || end === null ? "duration unknown" : `${start.slice(11)} to ${end.slice(11)} (${duration(Date.parse(end) - Date.parse(start))})`;
  const ref = rollUp.ref === null ? "each repository's default branch" : markdownCode(truncate(rollUp.ref, NAME_CHARACTERS2));
  const run = rollUp.run_id === null ? "no run id" : markdownCode(truncate(rollUp.run_id, NAME_CHARACTERS2));
  const shard = rollUp.shard === null ? "the whole fleet" : `shard ${escapeMarkdownInline(truncate(rollUp.shard, 20))}`;
  return [date, times, `ref: ${ref}`, `run: ${run}`, shard].join(" \xB7 ");
}
function duration(ms) {
  const seconds = Math.max(0, Math.round(ms / 1e3));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds % 3600 / 60), seconds % 60];
  if (h > 0) return `${h} h ${m} min`;
  return m > 0 ? `${m} min ${s} s` : `${s} s`;
}
function headLines(rollUp) {
  const { totals } = rollUp;
  const shard = rollUp.shard === null ? "" : ` (shard ${escapeMarkdownInline(truncate(rollUp.shard, 20))})`;
  const lines = [
    `## Fleet scan: ${totals.repositories} ${totals.repositories === 1 ? "repository" : "repositories"}${shard}`,
    "",
    nightLine(rollUp),
    "",
    `**${totals.failed} failed the gate, ${totals.passed} passed, ${totals.not_judged} not judged.** ${findingsSentence(totals)}`,
    "",
    policyNote(rollUp)
  ];
  const uploads = uploadsNote(rollUp);
  if (uploads !== "") lines.push(">", uploads);
  if (rollUp.stopped_by === "key-refused")
    lines.push(
      ">",
      "> The service refused the key (401 or 403): no scan was started after that, and the rest are not judged."
    );
  if (rollUp.stopped_by === "interrupted")
    lines.push(
      ">",
      "> Interrupted: the scans the fleet started were cancelled, and the rest are not judged."
    );
  if (rollUp.verified !== null) lines.push(">", `> ${verificationSentence(rollUp.verified)}`);
  if (rollUp.missing_shards.length > 0)
    lines.push(
      ">",
      `> The roll-ups of shard ${rollUp.missing_shards.map((s) => escapeMarkdownInline(truncate(s, 20))).join(", ")} were missing: their repositories are listed as not judged, as far as the other shards knew them.`
    );
  lines.push("");
  return lines;
}
function findingsSentence(totals) {
  return `Findings: ${SEVERITIES.map((s) => `${totals.findings[s]} ${s}`).join(", ")}.`;
}
var FINDINGS_HEADER = [
  `| Repository | ${SEVERITY_HEADINGS} | Scan |`,
  `| --- | ${SEVERITY_ALIGNMENT} | --- |`
];
var NOT_JUDGED_HEADER = ["| Repository | Status | Why |", "| --- | --- | --- |"];
function findingsTable(rollUp) {
  const columns = [
    ...readsPolicies(rollUp) ? [{ name: "Policy", cell: (outcome) => policyCell(outcome, rollUp.fail_on) }] : [],
    ...uploadsSarif(rollUp) ? [{ name: "Code scanning", cell: uploadCell }] : []
  ];
  const extra = (cells) => cells.map((cell) => ` ${cell} |`).join("");
  return {
    header: [
      `${FINDINGS_HEADER[0]}${extra(columns.map((column) => column.name))}`,
      `${FINDINGS_HEADER[1]}${extra(columns.map(() => "---"))}`
    ],
    row: (outcome) => `${findingsRow(outcome)}${extra(columns.map((column) => column.cell(outcome)))}`
  };
}
function findingsRow(outcome) {
  const counts = SEVERITIES.map((s) => String(outcome.findings[s]));
  const scan = outcome.scan_id === null ? "" : `${markdownCode(truncate(outcome.scan_id, NAME_CHARACTERS2))}${commitText(outcome)}`;
  return `| ${repositoryCell(outcome)} | ${counts.join(" | ")} | ${scan} |`;
}
function notJudgedRow(outcome) {
  const why = escapeMarkdownInline(truncate(outcome.error ?? "not judged", ERROR_CHARACTERS2));
  return `| ${repositoryCell(outcome)} | ${markdownCode(truncate(outcome.status, STATUS_CHARACTERS2))} | ${why} |`;
}
function repositoryCell(outcome) {
  return markdownCode(truncate(outcome.repository, NAME_CHARACTERS2));
}
function table(heading, header, rows, budget) {
  if (rows.length === 0) return "";
  const kept = [];
  for (const row of rows) {
    const size = bytes(row) + 1;
    if (size > budget.bytesLeft) break;
    budget.bytesLeft -= size;
    kept.push(row);
  }
  const left = rows.length - kept.length;
  const note = left === 0 ? [] : [
    "",
    `\u2026and ${left} more, left out to keep the summary within GitHub's limit: the JSON roll-up has every repository.`
  ];
  return [...heading === "" ? [] : [`### ${heading}`, ""], ...header, ...kept, ...note, ""].join("\n");
}
function folded(summary, body) {
  if (body === "") return "";
  return ["<details>", `<summary>${summary}</summary>`, "", body, "</details>", ""].join("\n");
}
function bytes(text) {
  return Buffer.byteLength(text, "utf8");
}

// src/github/app-installations.ts
var UNDATED_TOKEN_LIFE_MS = 10 * 6e4;
var RENEW_BEFORE_MS = 5 * 6e4;
function usable(credential, now) {
  const margin = Math.min(RENEW_BEFORE_MS, (credential.expiresAt - credential.mintedAt) / 2);
  return now < credential.expiresAt - margin;
}
var AppInstallations = class {
  #options;
  #auth;
  #jwt;
  #installations = /* @__PURE__ */ new Map();
  #tokens = /* @__PURE__ */ new Map();
  constructor(options) {
    this.#options = options;
  }
  #appAuth() {
    this.#auth ??= Promise.all([import("./dist-node-TRO3K5CO.js"), this.#options.appRequest()]).then(
      ([{ createAppAuth }, request]) => createAppAuth({
        appId: this.#options.appId,
        privateKey: this.#options.privateKey,
        request,
        // Never serve a token from auth-app's cache: it assumes a fixed lifetime (see the class's comment).
        cache: { get: () => "", set: () => void 0 },
        log: {
          warn: (message) => {
            this.#options.logger.debug(message);
          }
        }
      })
    );
    return this.#auth;
  }
  /** The App's JWT, made again a minute before it ends. */
  async #appJwt() {
    const now = this.#options.now();
    if (this.#jwt !== void 0 && usable(this.#jwt, now)) return this.#jwt.token;
    const made = await (await this.#appAuth())({ type: "app" });
    this.#options.onSecret(made.token);
    const lifeLeft = (Date.parse(made.expiresAt) || Date.now()) - Date.now();
    this.#jwt = { token: made.token, expiresAt: now + lifeLeft, mintedAt: now };
    return made.token;
  }
  /** Asks GitHub who the App is (`GET /app`): a 401 there is a key or an id GitHub refuses. Answers its name. */
  async verify(signal) {
    try {
      const request = await this.#options.appRequest();
      const answer = await request("GET /app", {
        headers: { authorization: `bearer ${await this.#appJwt()}` },
        request: { signal }
      });
      const app = answer.data;
      return typeof app?.slug === "string" ? app.slug : `App ${this.#options.appId}`;
    } catch (error) {
      if (error instanceof RequestError && error.status === 401) {
        throw new GitHubCredentialsError(
          `GitHub refused the GitHub App's credentials (401 on GET /app: ${refusalMessageOf(error)}): check that the App id is the App's and that the private key is one of the App's current keys.`
        );
      }
      throw asGitHubError("GET /app", error);
    }
  }
  /** The installation that covers `owner` (found through one of its repositories, then kept for the owner). */
  installationOf(owner, repo, signal) {
    const key = owner.toLowerCase();
    const known = this.#installations.get(key);
    if (known !== void 0) return known;
    const lookup = this.#lookUpInstallation(owner, repo, signal);
    this.#installations.set(key, lookup);
    lookup.catch(() => this.#installations.delete(key));
    return lookup;
  }
  async #lookUpInstallation(owner, repo, signal) {
    const route = "GET /repos/{owner}/{repo}/installation";
    try {
      const request = await this.#options.appRequest();
      const answer = await request(route, {
        owner,
        repo,
        headers: { authorization: `bearer ${await this.#appJwt()}` },
        request: { signal }
      });
      const id = answer.data?.id;
      if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) {
        throw new GitHubError(`${route} for ${owner}/${repo} named no installation id`, 0);
      }
      return id;
    } catch (error) {
      if (error instanceof RequestError && error.status === 404) throw new AppNotInstalledError(owner, repo);
      throw asGitHubError(route, error);
    }
  }
  /** A token of the installation good for a request now: the one kept, or one minted for it. */
  async tokenOf(installationId) {
    const kept = this.#tokens.get(installationId);
    if (kept !== void 0) {
      const token = await kept.catch(() => void 0);
      if (token !== void 0 && usable(token, this.#options.now())) return token.token;
      if (this.#tokens.get(installationId) !== kept) return this.tokenOf(installationId);
    }
    return (await this.#mint(installationId)).token;
  }
  /** After a 401 on `stale`: a new token, unless another request already replaced it. */
  async renew(installationId, stale) {
    const kept = await this.#tokens.get(installationId)?.catch(() => void 0);
    if (kept !== void 0 && kept.token !== stale) return kept.token;
    return (await this.#mint(installationId)).token;
  }
  #mint(installationId) {
    const minting = this.#mintToken(installationId);
    this.#tokens.set(installationId, minting);
    minting.catch(() => {
      if (this.#tokens.get(installationId) === minting) this.#tokens.delete(installationId);
    });
    return minting;
  }
  async #mintToken(installationId) {
    const mintedAt = this.#options.now();
    try {
      const minted = await (await this.#appAuth())({ type: "installation", installationId, refresh: true });
      this.#options.onSecret(minted.token);
      const expiresAt = Date.parse(minted.expiresAt);
      if (Number.isNaN(expiresAt)) {
        this.#options.logger.debug(
          `GitHub gave installation ${installationId}'s token no expires_at: kept ${UNDATED_TOKEN_LIFE_MS / 6e4} minutes.`
        );
      }
      return {
        token: minted.token,
        expiresAt: Number.isNaN(expiresAt) ? mintedAt + UNDATED_TOKEN_LIFE_MS : expiresAt,
        mintedAt
      };
    } catch (error) {
      throw asGitHubError(`POST /app/installations/${installationId}/access_tokens`, error);
    }
  }
};
var AppNotInstalledError = class extends GitHubError {
  name = "AppNotInstalledError";
  constructor(owner, repo) {
    super(
      `The GitHub App is not installed on ${owner}/${repo} (or its installation was not given that repository)`,
      404
    );
  }
};
function asGitHubError(route, error) {
  if (error instanceof GitHubError) return error;
  if (error instanceof RequestError) {
    return new GitHubError(`${route} failed with ${error.status}: ${refusalMessageOf(error)}`, error.status);
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new GitHubError(`${route} failed: ${reason}`, 0);
}

// src/github/github-pacer.ts
var READING_METHODS = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
var MINUTE_MS = 6e4;
var HOUR_MS = 36e5;
var CONTENT_CREATION_LIMITS = { perMinute: 80, perHour: 500 };
var CONTENT_CREATION_SPACING_MS = MINUTE_MS / CONTENT_CREATION_LIMITS.perMinute;
var POINTS_PER_MINUTE = 900;
var READ_POINTS = 1;
var WRITE_POINTS = 5;
var BUDGET_BURST_SHARE = 0.1;
function isContentCreating(method) {
  return !READING_METHODS.has(method.toUpperCase());
}
function windowOpensAt(entries, spanMs, max, cost, now) {
  const inWindow = entries.filter((entry) => entry.at > now - spanMs);
  let total = inWindow.reduce((sum, entry) => sum + entry.cost, 0);
  if (total + cost <= max) return now;
  for (const entry of inWindow) {
    total -= entry.cost;
    if (total + cost <= max) return entry.at + spanMs;
  }
  return now + spanMs;
}
function budgetOpensAt(budget, deadline, now) {
  if (budget === void 0 || now >= budget.resetAt) return now;
  if (budget.remaining <= 0) return budget.resetAt;
  const end = Math.min(budget.resetAt, deadline);
  const burst = budget.limit * BUDGET_BURST_SHARE;
  const opensAt = end - (budget.remaining - 1 + burst) * HOUR_MS / budget.limit;
  return Math.max(now, Math.ceil(opensAt));
}
var GitHubPacer = class {
  #deadline;
  #budgets = /* @__PURE__ */ new Map();
  /** `deadline`: when the night ends (epoch milliseconds); the hourly budget is spread up to it. */
  constructor(deadline) {
    this.#deadline = deadline;
  }
  #state(key) {
    let state = this.#budgets.get(key);
    if (state === void 0) {
      state = { budget: void 0, heldUntil: Number.NEGATIVE_INFINITY, writes: [], points: [] };
      this.#budgets.set(key, state);
    }
    return state;
  }
  /** The earliest time at or after `now` when a request with `method` may be sent on budget `key`. */
  opensAt(key, method, now) {
    const state = this.#state(key);
    const writing = isContentCreating(method);
    const times = [
      now,
      state.heldUntil,
      budgetOpensAt(state.budget, this.#deadline, now),
      windowOpensAt(state.points, MINUTE_MS, POINTS_PER_MINUTE, writing ? WRITE_POINTS : READ_POINTS, now)
    ];
    if (writing) {
      const last = state.writes.at(-1);
      if (last !== void 0) times.push(last.at + CONTENT_CREATION_SPACING_MS);
      times.push(windowOpensAt(state.writes, MINUTE_MS, CONTENT_CREATION_LIMITS.perMinute, 1, now));
      times.push(windowOpensAt(state.writes, HOUR_MS, CONTENT_CREATION_LIMITS.perHour, 1, now));
    }
    return Math.max(...times);
  }
  /** A request was sent at `at`: it counts against the windows, and against the budget until its answer says. */
  sent(key, method, at) {
    const state = this.#state(key);
    const writing = isContentCreating(method);
    state.points = [
      ...state.points.filter((entry) => entry.at > at - MINUTE_MS),
      { at, cost: pointsOf(writing) }
    ];
    if (writing) state.writes = [...state.writes.filter((entry) => entry.at > at - HOUR_MS), { at, cost: 1 }];
    const budget = state.budget;
    if (budget !== void 0 && at < budget.resetAt)
      state.budget = { ...budget, remaining: Math.max(0, budget.remaining - 1) };
  }
  /**
   * The request sent last on `key` was answered at `at`. GitHub counted it somewhere between its sending and its
   * answer, and counts its windows from then: the windows of a content-creating request run from its answer, so
   * that the request that waits for it to leave the last minute or hour never reaches GitHub while GitHub still
   * counts it (a round trip late, a secondary rate limit at the hour's edge).
   */
  answered(key, method, at) {
    const state = this.#state(key);
    if (!isContentCreating(method)) return;
    const moved = (entries) => {
      const last = entries.at(-1);
      return last === void 0 || last.at >= at ? entries : [...entries.slice(0, -1), { ...last, at }];
    };
    state.writes = moved(state.writes);
    state.points = moved(state.points);
  }
  /** An answer's budget (from its headers); an answer without one changes nothing. */
  observed(key, budget) {
    if (budget !== void 0) this.#state(key).budget = budget;
  }
  /** No request of `key` before `until` (a hold already longer stands). */
  hold(key, until) {
    const state = this.#state(key);
    state.heldUntil = Math.max(state.heldUntil, until);
  }
  /** What the last answer said of the budget, as the pacer counts it since. */
  budgetOf(key) {
    return this.#budgets.get(key)?.budget;
  }
};
function pointsOf(writing) {
  return writing ? WRITE_POINTS : READ_POINTS;
}

// src/github/github-rate-gate.ts
var MAX_RATE_LIMIT_WAITS = 5;
var GitHubDeferredError = class extends GitHubError {
  name = "GitHubDeferredError";
  /** When the request could have gone (epoch milliseconds). */
  opensAt;
  constructor(message, opensAt) {
    super(message, 0);
    this.opensAt = opensAt;
  }
};
var GitHubRateGate = class {
  #options;
  #pacer;
  #queues = /* @__PURE__ */ new Map();
  constructor(options) {
    this.#options = options;
    this.#pacer = new GitHubPacer(options.deadline);
  }
  /**
   * Sends through the gate on budget `key`: `send` is called (again after a rate-limit wait) when its turn comes.
   * A content-creating request waits for its pace outside the budget's line, so that the reads behind it (the
   * next repositories' heads and policies) are never held for minutes behind a paced upload.
   */
  async pass(key, method, signal, send) {
    if (!isContentCreating(method))
      return this.#inLine(key, () => this.#sendPaced(key, method, signal, send));
    for (; ; ) {
      await this.#waitForTurn(key, method, signal);
      const sent = await this.#inLine(
        key,
        async () => this.#opensLater(key, method) ? void 0 : this.#sendPaced(key, method, signal, send)
      );
      if (sent !== void 0) return sent;
    }
  }
  /** `turn` once the budget's requests before it have ended: one request at a time per budget. */
  #inLine(key, turn) {
    const run = (this.#queues.get(key) ?? Promise.resolve()).then(turn, turn);
    this.#queues.set(
      key,
      run.catch(() => void 0)
    );
    return run;
  }
  /** Whether the pace lets the request go only later than now (another took its turn meanwhile). */
  #opensLater(key, method) {
    const now = this.#options.now();
    return this.#pacer.opensAt(key, method, now) > now;
  }
  /**
   * An octokit request function whose every request passes the gate on budget `key` (for `@octokit/auth-app`'s
   * own requests), cut by `signal` unless the request brings its own.
   */
  requestOn(request, key, signal) {
    return request.defaults({
      request: {
        hook: (send, options) => {
          const own = options.request?.signal;
          const cut = own ?? signal;
          return this.pass(
            key,
            options.method,
            cut,
            () => send({ ...options, request: { ...options.request, signal: cut } })
          );
        }
      }
    });
  }
  async #sendPaced(key, method, signal, send) {
    for (let waits = 0; ; waits++) {
      await this.#waitForTurn(key, method, signal);
      this.#pacer.sent(key, method, this.#options.now());
      try {
        const answer = await send();
        this.#pacer.answered(key, method, this.#options.now());
        this.#pacer.observed(key, budgetOf(answer.headers));
        return answer;
      } catch (error) {
        this.#pacer.answered(key, method, this.#options.now());
        if (error instanceof RequestError) this.#pacer.observed(key, budgetOf(error.response?.headers ?? {}));
        const wait = waitAskedByMs(error, this.#options.now, waits);
        if (wait === void 0 || waits >= MAX_RATE_LIMIT_WAITS) throw error;
        this.#pacer.hold(key, this.#options.now() + wait);
        this.#options.logger.info(
          `GitHub asked to slow down (a ${method} request, ${key}); waiting ${Math.ceil(wait / 1e3)} s before trying again.`
        );
      }
    }
  }
  async #waitForTurn(key, method, signal) {
    for (; ; ) {
      signal.throwIfAborted();
      const now = this.#options.now();
      const opensAt = this.#pacer.opensAt(key, method, now);
      if (opensAt <= now) return;
      if (opensAt > this.#options.deadline) {
        throw new GitHubDeferredError(
          `${method} not sent: GitHub's rate limits let it go only at ${new Date(opensAt).toISOString()}, after the deadline`,
          opensAt
        );
      }
      await this.#options.sleep(opensAt - now, signal);
    }
  }
};

// src/github/repository-answers.ts
import { createHash } from "node:crypto";
var UnusableAnswer = class extends Error {
  name = "UnusableAnswer";
};
var COMMIT_SHA = /^[0-9a-f]{40}$/;
function defaultBranchOf(repository, data) {
  const branch = data?.default_branch;
  if (typeof branch !== "string" || branch === "") {
    throw new UnusableAnswer(`GitHub named no default branch for ${repository} (an empty repository?)`);
  }
  return branch;
}
function headCommitOf(repository, branch, data) {
  const target = data?.object;
  const sha = typeof target?.sha === "string" ? target.sha.toLowerCase() : "";
  if (target?.type !== "commit" || !COMMIT_SHA.test(sha)) {
    throw new UnusableAnswer(`GitHub named no commit at the head of ${repository}'s branch ${branch}`);
  }
  return sha;
}
function gitBlobSha(bytes2) {
  return createHash("sha1").update(`blob ${bytes2.length}\0`).update(bytes2).digest("hex");
}
function utf8Text(bytes2, what) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes2);
  } catch {
    throw new UnusableAnswer(`${what} is not UTF-8 text`);
  }
}
function blobBytes(content, blobSha, maxBytes, what) {
  const bytes2 = Buffer.from(content.replace(/\s+/g, ""), "base64");
  if (bytes2.length > maxBytes) throw tooLarge2(what, bytes2.length, maxBytes);
  if (gitBlobSha(bytes2) !== blobSha.toLowerCase()) {
    throw new UnusableAnswer(`${what}: GitHub's content is not the blob ${blobSha} it named`);
  }
  return bytes2;
}
function tooLarge2(what, bytes2, maxBytes) {
  return new UnusableAnswer(`${what} is ${bytes2} bytes, over the ${maxBytes} bytes allowed`);
}
function fileOfContents(where, data, maxBytes) {
  const what = `${where.path} at ${where.commit} in ${where.repository}`;
  if (Array.isArray(data)) throw new UnusableAnswer(`${what} is a folder, not a file`);
  const file = data ?? {};
  const entry = data;
  if (file.type !== "file") throw new UnusableAnswer(`${what} is a ${kindOf(file.type)}, not a regular file`);
  if (file.path !== where.path) throw new UnusableAnswer(`${what} is a link (to ${String(file.path)})`);
  if (typeof file.size === "number" && file.size > maxBytes) throw tooLarge2(what, file.size, maxBytes);
  if (entry.encoding !== "base64" || typeof entry.content !== "string" || typeof file.sha !== "string") {
    throw new UnusableAnswer(`${what}: GitHub gave no content for it (too large for the contents API?)`);
  }
  const bytes2 = blobBytes(entry.content, file.sha, maxBytes, what);
  return { path: where.path, blobSha: file.sha.toLowerCase(), text: utf8Text(bytes2, what) };
}
function textOfBlob(where, data, maxBytes) {
  const what = `blob ${where.blobSha} in ${where.repository}`;
  const blob = data ?? {};
  if (typeof blob.size === "number" && blob.size > maxBytes) throw tooLarge2(what, blob.size, maxBytes);
  if (blob.encoding !== "base64" || typeof blob.content !== "string") {
    throw new UnusableAnswer(`${what}: GitHub gave no base64 content for it`);
  }
  return utf8Text(blobBytes(blob.content, where.blobSha, maxBytes, what), what);
}
function kindOf(type) {
  if (type === "symlink") return "symbolic link";
  if (type === "submodule") return "submodule";
  if (type === "dir") return "folder";
  return typeof type === "string" ? type : "thing of no type";
}

// src/github/repository-credentials.ts
function appCredentials(installations) {
  const budgetOf2 = (installationId) => `installation ${installationId}`;
  const installationOfBudget = (budget) => Number(budget.slice("installation ".length));
  return {
    verify: (signal) => installations.verify(signal).then((slug) => `the GitHub App ${slug}`),
    authorise: async (owner, repo, signal) => {
      const installationId = await installations.installationOf(owner, repo, signal);
      return { budget: budgetOf2(installationId), token: await installations.tokenOf(installationId) };
    },
    renew: async (stale) => {
      const installationId = installationOfBudget(stale.budget);
      return { budget: stale.budget, token: await installations.renew(installationId, stale.token) };
    },
    observe: () => void 0
  };
}
var TOKEN_BUDGET = "token";
function tokenCredentials(options) {
  let warned = false;
  const observe = (headers) => {
    const endsAt = tokenExpiryOf(headers);
    if (warned || endsAt === void 0 || endsAt >= options.deadline) return;
    warned = true;
    options.logger.warning(
      `The GitHub token ends at ${new Date(endsAt).toISOString()}, before the fleet's deadline (${new Date(options.deadline).toISOString()}): GitHub will refuse the requests made after it. Give a token that lasts the night, or the GitHub App itself, whose tokens are minted again as they end.`
    );
  };
  return {
    verify: async (signal) => {
      try {
        const request = await options.request();
        const answer = await request("GET /rate_limit", {
          headers: { authorization: `token ${options.token}` },
          request: { signal }
        });
        observe(answer.headers);
        return "the GitHub token";
      } catch (error) {
        if (error instanceof RequestError && error.status === 401) {
          throw new GitHubCredentialsError(
            `GitHub refused the GitHub token (401 on GET /rate_limit: ${refusalMessageOf(error)}): it is wrong, revoked or expired.`
          );
        }
        throw asGitHubError("GET /rate_limit", error);
      }
    },
    authorise: () => Promise.resolve({ budget: TOKEN_BUDGET, token: options.token }),
    renew: () => Promise.resolve(void 0),
    observe
  };
}

// src/github/fleet-github-access.ts
var APP_BUDGET = "app";
function serverUrlOf(apiUrl) {
  const url = new URL(apiUrl);
  if (url.hostname === "api.github.com") return "https://github.com";
  if (url.hostname.startsWith("api.") && url.hostname.endsWith(".ghe.com"))
    return `${url.protocol}//${url.hostname.slice("api.".length)}`;
  return url.origin;
}
function createFleetGitHub(options) {
  const now = options.now ?? realNow;
  const scrubber = new SecretScrubber();
  const transport = openTransport(options, now, scrubber);
  const credentials = credentialsOf(options, transport, scrubber, now);
  const send = (repository, route, parameters, signal) => sendForRepository(
    { transport, credentials, logger: options.logger },
    repository,
    route,
    parameters,
    signal
  ).catch((error) => {
    throw scrubbed(asGitHubError(route, error), scrubber);
  });
  const failure = (error) => {
    const known = error instanceof GitHubError || error instanceof UnusableAnswer;
    const message = scrubber.scrub(known ? error.message : `GitHub failed: ${String(error)}`);
    return options.fleetError(failureKindOf(error), message, error instanceof GitHubError ? error.status : 0);
  };
  return {
    verify: () => credentials.verify(options.signal).catch((error) => {
      if (error instanceof GitHubCredentialsError)
        throw new GitHubCredentialsError(scrubber.scrub(error.message));
      throw scrubbed(asGitHubError("verifying the GitHub credentials", error), scrubber);
    }),
    ...repositoryQuestions(send, failure),
    clientFor: (repository, signal) => ({
      request: (route, parameters = {}) => send(repository, route, parameters, signal).catch((error) => {
        throw failure(error);
      })
    }),
    serverUrl: (options.serverUrl ?? serverUrlOf(options.apiUrl)).replace(/\/+$/, "")
  };
}
function repositoryQuestions(send, failure) {
  return {
    headOf: async (repository, signal) => {
      try {
        const branch = defaultBranchOf(
          repository,
          (await send(repository, "GET /repos/{owner}/{repo}", {}, signal)).data
        );
        const ref = await send(
          repository,
          "GET /repos/{owner}/{repo}/git/ref/{ref}",
          { ref: `heads/${branch}` },
          signal
        );
        return { branch, commit: headCommitOf(repository, branch, ref.data) };
      } catch (error) {
        throw failure(error);
      }
    },
    fileAt: async (repository, commit, path, maxBytes, signal) => {
      try {
        const route = "GET /repos/{owner}/{repo}/contents/{path}";
        const answer = await send(repository, route, { path, ref: commit }, signal);
        return fileOfContents({ repository, commit, path }, answer.data, maxBytes);
      } catch (error) {
        if (error instanceof GitHubError && error.status === 404 && !(error instanceof AppNotInstalledError)) {
          if (NO_COMMIT.test(error.message))
            throw failure(
              new CommitGone(
                `${repository}'s commit ${commit} is gone (GitHub: no commit found for it; a force-push after its head was read?): its policy file cannot be read there`,
                error.status
              )
            );
          return void 0;
        }
        throw failure(error);
      }
    },
    blobText: async (repository, blobSha, maxBytes, signal) => {
      try {
        const route = "GET /repos/{owner}/{repo}/git/blobs/{file_sha}";
        const answer = await send(repository, route, { file_sha: blobSha }, signal);
        return textOfBlob({ repository, blobSha }, answer.data, maxBytes);
      } catch (error) {
        throw failure(error);
      }
    }
  };
}
var NO_COMMIT = /\bNo commit found\b/i;
var CommitGone = class extends GitHubError {
};
function openTransport(options, now, scrubber) {
  if (options.app === void 0 === (options.token === void 0)) {
    throw new GitHubCredentialsError(
      "Give the fleet either a GitHub App (its id and private key) or a GitHub token, not both."
    );
  }
  try {
    checkGitHubApiUrl(options.apiUrl);
  } catch (error) {
    throw new GitHubCredentialsError(scrubber.scrub(error instanceof Error ? error.message : String(error)));
  }
  const gate = new GitHubRateGate({
    deadline: options.deadline,
    now,
    sleep: options.sleep ?? realSleep,
    logger: options.logger
  });
  let octokit;
  const request = async () => {
    const { apiUrl, userAgent, dispatcher, signal } = options;
    octokit ??= octokitOn({ apiUrl, userAgent, dispatcher, signal });
    return (await octokit).request;
  };
  const gatedOn = (budget) => async () => gate.requestOn(await request(), budget, options.signal);
  return { request, gate, signal: options.signal, gatedOn };
}
function credentialsOf(options, transport, scrubber, now) {
  const onSecret = (secret) => {
    scrubber.add(secret);
    options.onSecret?.(secret);
  };
  if (options.token !== void 0) {
    if (options.token.trim() === "") throw new GitHubCredentialsError("The GitHub token is empty.");
    scrubber.add(options.token);
    const { deadline, logger } = options;
    return tokenCredentials({
      token: options.token,
      request: transport.gatedOn(TOKEN_BUDGET),
      deadline,
      now,
      logger
    });
  }
  const app = options.app;
  for (const part of privateKeyMaskParts(app.privateKey)) scrubber.add(part);
  const installations = new AppInstallations({
    appId: checkAppId(app.appId),
    privateKey: appPrivateKeyPkcs8(app.privateKey),
    appRequest: transport.gatedOn(APP_BUDGET),
    now,
    logger: options.logger,
    onSecret
  });
  return appCredentials(installations);
}
var REPOSITORY = /^([A-Za-z0-9_-]+)\/(?!\.\.?$)([A-Za-z0-9_.-]+)$/;
async function sendForRepository(using, repository, route, parameters, signal) {
  const [, owner = "", repo = ""] = REPOSITORY.exec(repository) ?? [];
  if (owner === "") throw new GitHubError(`"${repository}" is not a repository's owner/name`, 0);
  const { transport, credentials } = using;
  const cut = AbortSignal.any([transport.signal, signal]);
  const method = route.split(" ")[0] ?? "GET";
  const request = await transport.request();
  const attempt = (auth2) => transport.gate.pass(
    auth2.budget,
    method,
    cut,
    () => request(route, {
      owner,
      repo,
      ...parameters,
      headers: { authorization: `token ${auth2.token}` },
      request: { signal: cut }
    })
  );
  let auth = await credentials.authorise(owner, repo, cut);
  for (let renewed = false; ; renewed = true) {
    try {
      const answer = await attempt(auth);
      credentials.observe(answer.headers);
      return answer;
    } catch (error) {
      if (error instanceof RequestError) credentials.observe(error.response?.headers ?? {});
      const renewal = !renewed && error instanceof RequestError && error.status === 401 ? await credentials.renew(auth) : void 0;
      if (renewal === void 0) throw error;
      using.logger.info(`GitHub refused a token for ${repository} (401): trying once more with a new one.`);
      auth = renewal;
    }
  }
}
function failureKindOf(error) {
  if (error instanceof UnusableAnswer) return "refused";
  if (error instanceof CommitGone) return "failed";
  if (error instanceof GitHubDeferredError) return "deferred";
  if (error instanceof GitHubError && (error.status === 404 || error.status === 403)) return "not-visible";
  return "failed";
}
function scrubbed(error, scrubber) {
  const message = scrubber.scrub(error.message);
  if (message === error.message) return error;
  return error instanceof GitHubDeferredError ? new GitHubDeferredError(message, error.opensAt) : new GitHubError(message, error.status);
}

// src/github/fleet-github-open.ts
async function openFleetGitHub(given, setting) {
  const app = given.app === void 0 ? void 0 : checkedApp(given.app);
  named(given.apiUrl.name, () => {
    checkGitHubApiUrl(given.apiUrl.value);
  });
  const access = createFleetGitHub({
    ...setting,
    app,
    token: given.token?.value,
    apiUrl: given.apiUrl.value
  });
  try {
    return { access, who: await access.verify() };
  } catch (error) {
    if (!(error instanceof GitHubCredentialsError)) throw error;
    const by = given.app === void 0 ? given.token?.name ?? "" : `${given.app.id.name} and ${given.app.privateKey.name}`;
    throw new GitHubCredentialsError(`${by}: ${error.message}`);
  }
}
function checkedApp(app) {
  const appId = named(app.id.name, () => checkAppId(app.id.value));
  named(app.privateKey.name, () => appPrivateKeyPkcs8(app.privateKey.value));
  return { appId, privateKey: app.privateKey.value };
}
function named(name, check) {
  try {
    return check();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new GitHubCredentialsError(`${name}: ${message}`);
  }
}

export {
  failedScanError,
  NOT_STARTED,
  ROLL_UP_FORMAT,
  totalsOf,
  outcomeGroups,
  fleetRunName,
  fleetPart,
  selectionWarnings,
  rollUpOfPart,
  fleetSettings,
  stricterFailOn,
  runPool,
  disownSharedScans,
  messageOf,
  FleetGitHubError,
  FLEET_POLICY_PATH,
  readRepositoryPolicy,
  judgingOf,
  policyUseOf,
  scansOfRepository,
  ledgerRunOf,
  emptyRun,
  runFleet,
  FLEET_EXIT,
  fleetExitCode,
  renderRollUpMarkdown,
  openFleetGitHub
};
//# sourceMappingURL=chunk-LKDOE4E4.js.map
