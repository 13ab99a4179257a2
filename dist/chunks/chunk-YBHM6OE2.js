import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  ScanEndedError,
  runPolicyOf,
  runScan
} from "./chunk-UHVQIKJB.js";
import {
  require_picomatch
} from "./chunk-VUDNV2UM.js";
import {
  FleetProgress,
  NO_ORIGIN,
  formatShard,
  inShard,
  parseSettings,
  reportProgress,
  utcSecond
} from "./chunk-URG4WKJK.js";
import {
  Ledger
} from "./chunk-FPHLKZSR.js";
import {
  cancelScan,
  paginate,
  realSleep
} from "./chunk-J75RFSD6.js";
import {
  AuthError,
  ConnectionError,
  DecodeError,
  FleetUsageError,
  PermissionDeniedError,
  PollTimeoutError,
  RateLimitError,
  RequestTimeoutError,
  RunDeadline,
  RunError,
  ScanInterruptedError,
  ServerError,
  abortedError,
  classifyModuleStatus,
  classifyScanStatus,
  escapeMarkdownInline,
  markdownCode,
  truncate
} from "./chunk-6JNELK4N.js";
import {
  SEVERITIES,
  zeroCounts
} from "./chunk-QTPT64TT.js";
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
      ref: options.ref ?? null
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
function fleetSettings(options) {
  const inputs = {
    repository: ANY_REPOSITORY,
    "reuse-scan": "false",
    "ai-analysis": "false",
    remediate: "false",
    gate: "all"
  };
  const parsed = parseSettings((name) => inputs[name] ?? "", NO_ORIGIN);
  return Object.freeze({
    ...parsed,
    failOn: options.failOn,
    severityThreshold: options.severityThreshold,
    pollIntervalSeconds: options.pollIntervalSeconds,
    waitTimeoutSeconds: options.waitTimeoutSeconds,
    ref: options.ref
  });
}
function fleetPolicy(settings) {
  const none = { policy: void 0, source: void 0, change: [], changeApplied: true, notes: [], log: [] };
  return runPolicyOf(none, settings, /* @__PURE__ */ new Date());
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
  const outcome = await judgeRepository(repository, scope);
  scope.log.info(describeOutcome(outcome));
  return outcome;
}
async function judgeRepository(repository, scope) {
  const refusal = await scope.permit.refusal();
  if (refusal !== void 0) return notStarted(repository, refusal);
  const log = repositoryLog(scope.log, repository.full_name);
  const guard = startGuard(repository, scope);
  const open = new OpenScan(scope, repository, guard);
  const context = contextFor(repository, scope, { log, record: open, guard });
  try {
    const result = await runScan(context);
    const results = result.results;
    if (results === void 0 || result.scan === void 0) throw new Error("the run judged no scan");
    return {
      ...outcomeOf(repository, result.scan.id, result.scan.status),
      gate: results.verdict.passed ? "passed" : "failed",
      findings: { ...results.counts }
    };
  } catch (error) {
    return await afterFault(repository, scope, { log, open, progress: context.progress }, error);
  }
}
function describeOutcome(outcome) {
  const scan = outcome.scan_id === null ? "" : ` scan ${outcome.scan_id} ${outcome.status}:`;
  if (outcome.gate === null)
    return `${outcome.repository}:${scan} not judged: ${outcome.error ?? "no reason given"}`;
  const counts = Object.entries(outcome.findings).map(([severity, count]) => `${count} ${severity}`).join(", ");
  return `${outcome.repository}:${scan} gate ${outcome.gate} (${counts})`;
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
  const { log, record, guard } = run;
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
    findingsNeed: { rows: 0, perSeverity: 0 },
    onScanStarted: () => Promise.resolve(void 0),
    change: void 0,
    policy: scope.policy,
    showsInsights: false,
    repository,
    scanWatcher: scope.watcher,
    scanStarter: guard,
    countsOnly: true
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
  const startedAt = io.now();
  const deadline = new RunDeadline(options.waitTimeoutSeconds * 1e3, io.now);
  const ledger = options.ledgerPath === void 0 ? void 0 : Ledger.open(options.ledgerPath, ledgerRunOf(options), io.scrub, io.seal);
  const scope = fleetScope(options, io, { deadline, ledger });
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
    const stoppedBy = io.stopSignal.aborted ? "interrupted" : scope.permit.keyRefused ? "key-refused" : void 0;
    return { outcomes: disownSharedScans(outcomes), stoppedBy, startedAt, finishedAt: io.now() };
  } finally {
    youngGeneration.release();
    ledger?.close();
  }
}
function fleetScope(options, io, shared) {
  const { deadline, ledger } = shared;
  const settings = fleetSettings(options);
  return {
    client: io.client,
    log: io.log,
    settings,
    policy: fleetPolicy(settings),
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
    now: io.now
  };
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
  const notJudged = rollUp.repositories.some((outcome) => outcome.gate !== "passed");
  return notJudged || rollUp.missing_shards.length > 0 ? FLEET_EXIT.notJudged : FLEET_EXIT.passed;
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

// src/fleet/rollup-markdown.ts
var ROLLUP_SUMMARY_BUDGET_BYTES = 512 * 1024;
var NAME_CHARACTERS2 = 140;
var STATUS_CHARACTERS = 40;
var ERROR_CHARACTERS = 300;
function renderRollUpMarkdown(rollUp, options = {}) {
  const head = headLines(rollUp).join("\n");
  const changes = rollUp.changes === null ? "" : renderComparison(rollUp.changes);
  const history = renderHistory(options.history ?? []);
  const budget = options.budgetBytes ?? ROLLUP_SUMMARY_BUDGET_BYTES;
  const rows = { bytesLeft: budget - bytes(head) - bytes(changes) - bytes(history) - TABLE_RESERVE_BYTES };
  const { failed, scanFailed, notJudged, passed } = outcomeGroups(rollUp.repositories);
  const sections = [
    head,
    table(`Failing the gate (${failed.length})`, FINDINGS_HEADER, failed.map(findingsRow), rows),
    table(`Scans that failed (${scanFailed.length})`, NOT_JUDGED_HEADER, scanFailed.map(notJudgedRow), rows),
    table(`Not judged (${notJudged.length})`, NOT_JUDGED_HEADER, notJudged.map(notJudgedRow), rows),
    changes,
    history,
    folded(`Passed (${passed.length})`, table("", FINDINGS_HEADER, passed.map(findingsRow), rows))
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
    `> Repository policy files (\`.github/svc-scan.yml\`) are not read in this version: every repository is judged by fail-on ${rollUp.fail_on}.`
  ];
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
function findingsRow(outcome) {
  const counts = SEVERITIES.map((s) => String(outcome.findings[s]));
  const scan = outcome.scan_id === null ? "" : markdownCode(truncate(outcome.scan_id, NAME_CHARACTERS2));
  return `| ${repositoryCell(outcome)} | ${counts.join(" | ")} | ${scan} |`;
}
function notJudgedRow(outcome) {
  const why = escapeMarkdownInline(truncate(outcome.error ?? "not judged", ERROR_CHARACTERS));
  return `| ${repositoryCell(outcome)} | ${markdownCode(truncate(outcome.status, STATUS_CHARACTERS))} | ${why} |`;
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
  runPool,
  disownSharedScans,
  messageOf,
  scansOfRepository,
  ledgerRunOf,
  emptyRun,
  runFleet,
  FLEET_EXIT,
  fleetExitCode,
  renderRollUpMarkdown
};
//# sourceMappingURL=chunk-YBHM6OE2.js.map
