import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  realNow,
  realRandom,
  realSleep,
  retryAfterOf,
  withRetries
} from "./chunk-BBYHN6AK.js";
import {
  NOOP_LOGGER,
  createRedactor,
  redactCause,
  redactValue
} from "./chunk-KQ5MWZ4S.js";
import {
  classifyAiAnalysis,
  classifyRemediation,
  classifyScanStatus,
  unknownStatusReporter
} from "./chunk-WNLN7TCM.js";
import {
  ConfigError,
  ConnectionError,
  DecodeError,
  IncompleteListError,
  InvalidIdError,
  LazyProxyAgent,
  PollTimeoutError,
  RateLimitError,
  RequestTimeoutError,
  VERSION_PREFIX,
  abortedError,
  classifyConnectionFailure,
  errorFromResponse,
  hasVersionPrefix,
  loadHttpCore,
  normalizeBaseUrl
} from "./chunk-4FZBDBB5.js";

// src/client/defaults.ts
var DEFAULT_BASE_URL = "https://api.svc-scan.example/api/v1";
var CLIENT_VERSION = "0.1.0";
var DEFAULT_USER_AGENT = `svc-scan-action/${CLIENT_VERSION}`;
var DEFAULT_REQUEST_TIMEOUT_MS = 3e4;
var DEFAULT_RETRY_POLICY = Object.freeze({
  maxRetries: 3,
  maxWaitMs: 6e4,
  baseDelayMs: 500,
  maxDelayMs: 8e3
});
var POLL_DEFAULTS = Object.freeze({
  scanIntervalMs: 2e3,
  aiAnalysisIntervalMs: 3e3,
  remediationIntervalMs: 3e3,
  timeoutMs: 6e5
});
var PAGE_SIZES = Object.freeze({
  scans: 20,
  findings: 20,
  findingsOfScan: 50,
  auditLogs: 20,
  repositories: 100
});

// src/client/awaited-jobs.ts
function awaitedScan(id2, logger) {
  const observe = unknownStatusReporter(logger, `Scan ${id2}`);
  return {
    what: `scan ${id2}`,
    defaultIntervalMs: POLL_DEFAULTS.scanIntervalMs,
    outcome: (scan2) => {
      observe(scan2.status);
      return classifyScanStatus(scan2.status);
    },
    describe: (scan2) => scan2.status
  };
}
function awaitedAiAnalysis(scanId, logger) {
  const observe = unknownStatusReporter(logger, `The AI analysis of scan ${scanId}`);
  return {
    what: `the AI analysis of scan ${scanId}`,
    defaultIntervalMs: POLL_DEFAULTS.aiAnalysisIntervalMs,
    outcome: (analysis) => classifyAiAnalysis(analysis, observe),
    describe: (analysis) => {
      if (analysis.status) return analysis.status;
      const runs = analysis.agent_runs.map((run) => run.status);
      return runs.length === 0 ? "no agent runs yet" : `agent runs ${runs.join(", ")}`;
    }
  };
}
function awaitedRemediation(id2, logger) {
  const observe = unknownStatusReporter(logger, `Remediation job ${id2}`);
  return {
    what: `remediation job ${id2}`,
    defaultIntervalMs: POLL_DEFAULTS.remediationIntervalMs,
    outcome: (job) => classifyRemediation(job, observe),
    describe: (job) => job.status ?? (job.pr_url ? "pull request opened" : "no pull request yet")
  };
}

// src/client/page-fetcher.ts
async function* fetchInOrder(requests, options, fetch) {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const inFlight = [];
  let launched = 0;
  const launch = () => {
    const request = requests[launched++];
    const pending = fetch(request, signal);
    pending.catch(() => void 0);
    inFlight.push(pending);
  };
  try {
    while (launched < requests.length && inFlight.length < concurrency) launch();
    while (inFlight.length > 0) {
      const result = await inFlight.shift();
      options.signal?.throwIfAborted();
      if (launched < requests.length) launch();
      yield result;
    }
  } finally {
    stop.abort(new Error("the fetch of these pages ended"));
  }
}
async function fetchAllInOrder(requests, options, fetch) {
  const results = [];
  for await (const result of fetchInOrder(requests, options, fetch)) results.push(result);
  return results;
}

// src/client/paging.ts
var DEFAULT_MAX_PAGES = 1e4;
var WalkState = class {
  #seen = /* @__PURE__ */ new Set();
  #maxPages;
  #pages = 0;
  #firstTotal;
  #largestTotal = 0;
  #smallestStep = Number.POSITIVE_INFINITY;
  constructor(maxPages) {
    this.#maxPages = maxPages;
  }
  get pagesLeft() {
    const derived = this.#smallestStep === Number.POSITIVE_INFINITY ? this.#maxPages : 2 * Math.ceil((this.#firstTotal ?? 0) / this.#smallestStep) + 2;
    return Math.max(0, Math.min(this.#maxPages, derived) - this.#pages);
  }
  take(page2, offset) {
    this.#pages++;
    this.#firstTotal ??= page2.total;
    this.#largestTotal = Math.max(this.#largestTotal, page2.total);
    const fresh = page2.items.filter((item) => this.#isFresh(item));
    if (page2.items.length === 0) return { fresh, consumed: 0, end: "empty" };
    const limit = Math.floor(page2.limit);
    const consumed = limit > 0 ? Math.min(limit, page2.items.length) : page2.items.length;
    this.#smallestStep = Math.min(this.#smallestStep, consumed);
    return { fresh, consumed, end: offset + consumed >= page2.total ? "complete" : void 0 };
  }
  /** Throws once the cap is reached: the list did not end within the pages its totals allow. */
  checkCap(offset) {
    if (this.pagesLeft > 0) return;
    throw new IncompleteListError(
      `The list did not end: paging stopped at offset ${offset} after ${this.#pages} pages, more than its totals (first ${this.#firstTotal ?? 0}, largest ${this.#largestTotal}) allow`
    );
  }
  #isFresh(item) {
    const key = itemId(item);
    if (key === void 0) return true;
    if (this.#seen.has(key)) return false;
    this.#seen.add(key);
    return true;
  }
};
function itemId(item) {
  if (item === null || typeof item !== "object" || !("id" in item)) return void 0;
  const { id: id2 } = item;
  return typeof id2 === "string" && id2 !== "" || typeof id2 === "number" ? id2 : void 0;
}
async function* paginate(fetchPage, options) {
  const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
  if (!(maxItems > 0)) return;
  let yielded = 0;
  for await (const item of walk(fetchPage, options, maxItems)) {
    yield item;
    if (++yielded >= maxItems) return;
  }
}
async function* walk(fetchPage, options, maxItems) {
  const { signal } = options;
  if (!(Number.isInteger(options.limit) && options.limit > 0))
    throw new RangeError(`page limit must be a positive integer, got ${options.limit}`);
  const limit = Math.min(options.limit, maxItems);
  const state = new WalkState(options.maxPages ?? DEFAULT_MAX_PAGES);
  const start = options.offset ?? 0;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  if (concurrency === 1) {
    yield* walkSequentially(fetchPage, state, start, limit, signal);
    return;
  }
  signal?.throwIfAborted();
  const first = await fetchPage(start, limit, signal);
  const taken = state.take(first, start);
  yield* taken.fresh;
  if (taken.end !== void 0) return;
  if (taken.consumed < Math.floor(first.limit) || !(first.limit >= 1)) {
    yield* walkSequentially(fetchPage, state, start + taken.consumed, limit, signal);
    return;
  }
  const end = Math.min(first.total, start + maxItems);
  yield* walkConcurrently(fetchPage, state, { start, first, end, concurrency, limit, signal });
}
async function* walkSequentially(fetchPage, state, start, limit, signal) {
  let offset = start;
  for (; ; ) {
    signal?.throwIfAborted();
    state.checkCap(offset);
    const page2 = await fetchPage(offset, limit, signal);
    const taken = state.take(page2, offset);
    yield* taken.fresh;
    if (taken.end !== void 0) return;
    offset += taken.consumed;
  }
}
async function* walkConcurrently(fetchPage, state, plan) {
  const { start, first, end: planEnd, concurrency, limit, signal } = plan;
  const step = Math.floor(first.limit);
  const offsets = [];
  for (let offset = start + step; offset < planEnd && offsets.length < state.pagesLeft; offset += step) {
    offsets.push(offset);
  }
  let resumeAt;
  let index = 0;
  const pages = fetchInOrder(
    offsets,
    { concurrency, signal },
    (offset, pageSignal) => fetchPage(offset, limit, pageSignal)
  );
  for await (const page2 of pages) {
    const offset = offsets[index] ?? 0;
    const last = index === offsets.length - 1;
    index++;
    const taken = state.take(page2, offset);
    yield* taken.fresh;
    const end = offset + taken.consumed;
    if ((taken.consumed < step || last) && end < page2.total) resumeAt = Math.min(resumeAt ?? end, end);
  }
  if (offsets.length === 0) resumeAt = start + step;
  if (resumeAt !== void 0) yield* walkSequentially(fetchPage, state, resumeAt, limit, signal);
}

// src/client/polling.ts
var MAX_POLL_RETRY_AFTER_MS = 6e4;
async function pollUntilTerminal(poll) {
  const { what, signal, now } = poll;
  const deadline = now() + poll.timeoutMs;
  if (poll.skipFirstFetch) await pause(poll, Math.min(poll.intervalMs, poll.timeoutMs));
  for (; ; ) {
    if (signal?.aborted) throw abortedError(`Waiting for ${what}`, signal.reason);
    let job;
    let retryAfterMs;
    try {
      job = await poll.fetch(signal, (ms) => {
        retryAfterMs = ms;
      });
    } catch (error) {
      const retryAfter = error instanceof RateLimitError ? error.retryAfterMs : void 0;
      if (retryAfter === void 0) throw error;
      const wait = Math.max(retryAfter, poll.intervalMs);
      if (now() + wait >= deadline) throw error;
      await pause(poll, wait);
      continue;
    }
    poll.onUpdate?.(job);
    if (poll.outcome(job) !== "running") return job;
    const remaining = deadline - now();
    if (remaining <= 0) {
      const status = poll.describe(job);
      throw new PollTimeoutError(
        `Timed out after ${formatSeconds(poll.timeoutMs)} waiting for ${what} to finish; last status: ${status}`,
        status
      );
    }
    await pause(poll, Math.min(nextPollDelay(poll.intervalMs, retryAfterMs), remaining));
  }
}
function nextPollDelay(intervalMs, retryAfterMs) {
  if (retryAfterMs === void 0 || !(retryAfterMs > intervalMs)) return intervalMs;
  return Math.min(retryAfterMs, Math.max(intervalMs, MAX_POLL_RETRY_AFTER_MS));
}
async function pause(poll, ms) {
  try {
    await poll.sleep(ms, poll.signal);
  } catch (error) {
    throw abortedError(`Waiting for ${poll.what}`, poll.signal?.reason ?? error);
  }
}
function formatSeconds(ms) {
  return `${Number((ms / 1e3).toFixed(1))} s`;
}

// src/client/decode.ts
var DecodeIssue = class extends Error {
  name = "DecodeIssue";
};
function describe(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
function fail(at, expected, value) {
  if (at === "") throw new DecodeIssue(`is ${describe(value)}, expected ${expected}`);
  if (value === void 0) throw new DecodeIssue(`lacks field "${at}" (expected ${expected})`);
  throw new DecodeIssue(`has field "${at}" as ${describe(value)}, expected ${expected}`);
}
var string = (value, at) => typeof value === "string" ? value : fail(at, "a string", value);
var NUMBER_BOUND = 1e12;
var number = (value, at) => typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= NUMBER_BOUND ? value : fail(at, `a number from -${NUMBER_BOUND} to ${NUMBER_BOUND}`, value);
function integer(min, max) {
  return (value, at) => typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : fail(at, `a whole number from ${min} to ${max}`, value);
}
var boolean = (value, at) => typeof value === "boolean" ? value : fail(at, "a boolean", value);
var id = (value, at) => {
  if (typeof value === "string" && value.length > 0 && value.length <= MAX_ID_LENGTH) return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  return fail(at, `a string id of 1 to ${MAX_ID_LENGTH} characters`, value);
};
var MAX_ID_LENGTH = 200;
var anyObject = (value, at) => isRecord(value) ? ownCopy(value) : fail(at, "an object", value);
var numberRecord = (value, at) => {
  if (!isRecord(value)) return fail(at, "an object", value);
  const result = /* @__PURE__ */ Object.create(null);
  for (const [name, field] of Object.entries(value)) {
    if (typeof field === "number" && Number.isFinite(field) && Math.abs(field) <= NUMBER_BOUND)
      result[name] = field;
  }
  return result;
};
function nullable(decoder) {
  return (value, at) => value === void 0 || value === null ? null : decoder(value, at);
}
function optional(decoder) {
  return (value, at) => value === void 0 ? void 0 : decoder(value, at);
}
function retried(decode, value, error, at) {
  if (!(error instanceof DecodeIssue)) throw error;
  return decode(value, at);
}
function arrayOf(item) {
  return (value, at) => {
    if (!Array.isArray(value)) return fail(at, "an array", value);
    const result = [];
    for (let index = 0; index < value.length; index++) {
      try {
        result.push(item(value[index], ""));
      } catch (error) {
        result.push(retried(item, value[index], error, `${at}[${index}]`));
      }
    }
    return result;
  };
}
function object(fields) {
  const names = Object.keys(fields);
  const decoders = Object.values(fields);
  for (const name of names)
    if (name in Object.prototype) throw new TypeError(`"${name}" cannot be a decoded field's name`);
  return (value, at) => {
    if (!isRecord(value)) return fail(at, "an object", value);
    const result = {};
    for (let index = 0; index < names.length; index++) {
      const name = names[index];
      const decode = decoders[index];
      let field;
      try {
        field = decode(ownField(value, name), "");
      } catch (error) {
        field = retried(decode, ownField(value, name), error, at === "" ? name : `${at}.${name}`);
      }
      if (field !== void 0) result[name] = field;
    }
    return result;
  };
}
function ownField(value, name) {
  return Object.hasOwn(value, name) ? value[name] : void 0;
}
function ownCopy(value) {
  const copy = /* @__PURE__ */ Object.create(null);
  for (const [name, field] of Object.entries(value)) copy[name] = field;
  return copy;
}
function isRecord(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// src/client/resource-decoders.ts
var severity = string;
var MAX_TOTAL = 1e9;
var MAX_LINE = 1e7;
function page(item) {
  return object({
    items: arrayOf(item),
    total: integer(0, MAX_TOTAL),
    limit: number,
    offset: number
  });
}
var organization = object({ name: string, plan: string, id: optional(id) });
var principal = object({
  user_id: id,
  email: string,
  active_org_id: id,
  role: string,
  permissions: arrayOf(string),
  organizations: arrayOf(organization)
});
var repository = object({
  id,
  full_name: string,
  default_branch: string,
  project_id: optional(nullable(id))
});
var scanModule = object({ name: string, status: string });
var scan = object({
  id,
  status: string,
  modules: arrayOf(scanModule),
  repository_id: optional(id),
  ref: optional(string),
  created_at: optional(string),
  frameworks: optional(arrayOf(string))
});
var scanReport = object({
  total_findings: integer(0, MAX_TOTAL),
  risk_score: number,
  severity_breakdown: numberRecord
});
var findingFields = {
  id,
  severity,
  title: string,
  file_path: string,
  line: integer(0, MAX_LINE),
  scan_id: optional(id),
  cwe: optional(nullable(string)),
  owasp: optional(nullable(string))
};
var finding = (value, at) => {
  const source = isRecord(value) ? value : {};
  const malformed = isRecord(value) ? [] : ["the whole item"];
  const field = (name, fallback) => {
    try {
      return findingFields[name](ownField(source, name), at);
    } catch (error) {
      if (!(error instanceof DecodeIssue)) throw error;
      if (malformed.length === 0 || malformed[0] !== "the whole item") malformed.push(name);
      return fallback;
    }
  };
  const decoded = {
    id: field("id", ""),
    severity: field("severity", "unknown"),
    title: field("title", "(no title)"),
    file_path: field("file_path", ""),
    line: field("line", 0)
  };
  const scanId = field("scan_id", void 0);
  const cwe = field("cwe", void 0);
  const owasp = field("owasp", void 0);
  if (scanId !== void 0) decoded.scan_id = scanId;
  if (cwe !== void 0) decoded.cwe = cwe;
  if (owasp !== void 0) decoded.owasp = owasp;
  if (malformed.length > 0) decoded.malformed = malformed;
  return decoded;
};
var findingDetail = object({
  ...findingFields,
  cvss_score: optional(nullable(number)),
  fix: optional(nullable(object({ unified_diff: optional(nullable(string)) }))),
  malformed: () => void 0
});
var remediationJob = object({
  id,
  pr_url: nullable(string),
  branch: nullable(string),
  status: optional(string),
  finding_id: optional(id),
  failure_reason: optional(nullable(string))
});
var agentRun = object({
  sequence: number,
  agent_id: string,
  status: string,
  confidence: nullable(number)
});
var aiAnalysis = object({
  risk_score: nullable(number),
  overall_confidence: nullable(number),
  agent_runs: arrayOf(agentRun),
  status: optional(string),
  scan_id: optional(id)
});
var aiPatches = anyObject;
var frameworkScore = object({
  id,
  name: optional(string),
  score: optional(number)
});
var complianceOverview = object({
  overall_score: number,
  frameworks: optional(arrayOf(frameworkScore))
});
var frameworkControl = object({ control_id: string, status: string, title: string });
var frameworkDetail = object({
  controls: arrayOf(frameworkControl),
  id: optional(id),
  name: optional(string)
});
var aiSecurityCheck = object({ name: string, owasp_llm: string, status: string });
var aiSecurityOverview = object({
  summary: object({ checks_failed: number, checks_total: number }),
  checks: arrayOf(aiSecurityCheck)
});
var auditLog = object({
  created_at: string,
  action: string,
  actor_id: id,
  id: optional(id),
  target_type: optional(string),
  target_id: optional(id)
});
var apiKey = object({
  id,
  name: string,
  role: string,
  prefix: string,
  last_four: string,
  is_active: boolean,
  created_at: optional(string)
});
var apiKeyCreated = object({
  id,
  name: string,
  role: string,
  prefix: string,
  last_four: string,
  is_active: boolean,
  created_at: optional(string),
  token: string
});
var apiKeyList = (value, at) => {
  if (Array.isArray(value)) return arrayOf(apiKey)(value, at);
  if (isRecord(value) && Object.hasOwn(value, "items")) {
    return arrayOf(apiKey)(ownField(value, "items"), at === "" ? "items" : `${at}.items`);
  }
  throw new DecodeIssue("is not a list of API keys");
};
var usageOverview = object({ remaining_credits: number });

// src/client/endpoints.ts
var BY_SCAN = { scan_id: null };
var ENDPOINTS = {
  me: { method: "GET", path: "/me" },
  createScan: {
    method: "POST",
    path: "/scans",
    body: ["repository_id", "ref", "modules", "frameworks", "is_incremental"]
  },
  listScans: {
    method: "GET",
    path: "/scans",
    query: { repository_id: null, limit: PAGE_SIZES.scans, offset: 0 }
  },
  getScan: { method: "GET", path: "/scans/{id}" },
  getScanReport: { method: "GET", path: "/scans/{id}/report" },
  cancelScan: { method: "POST", path: "/scans/{id}/cancel" },
  listFindings: {
    method: "GET",
    path: "/findings",
    query: { scan_id: null, severity: null, limit: PAGE_SIZES.findings, offset: 0 }
  },
  getFinding: { method: "GET", path: "/findings/{id}" },
  remediateFinding: { method: "POST", path: "/findings/{id}/remediate" },
  getRemediation: { method: "GET", path: "/remediations/{id}" },
  startAiAnalysis: { method: "POST", path: "/scans/{id}/ai-analysis" },
  getAiAnalysis: { method: "GET", path: "/scans/{id}/ai-analysis" },
  getAiPatches: { method: "GET", path: "/scans/{id}/ai-analysis/patches" },
  getComplianceOverview: { method: "GET", path: "/compliance/overview", query: BY_SCAN },
  getComplianceFramework: { method: "GET", path: "/compliance/{id}", query: BY_SCAN },
  getAiSecurityOverview: { method: "GET", path: "/ai-security/overview", query: BY_SCAN },
  listAuditLogs: {
    method: "GET",
    path: "/audit-logs",
    query: { action: null, actor_id: null, target_type: null, limit: PAGE_SIZES.auditLogs, offset: 0 }
  },
  listRepositories: {
    method: "GET",
    path: "/repositories",
    query: { project_id: null, limit: PAGE_SIZES.repositories, offset: 0 }
  },
  createApiKey: { method: "POST", path: "/api-keys", body: ["name", "role"] },
  listApiKeys: { method: "GET", path: "/api-keys" },
  revokeApiKey: { method: "DELETE", path: "/api-keys/{id}" },
  getUsage: { method: "GET", path: "/billing/usage" }
};
function pathOf(endpoint, ...ids) {
  let next = 0;
  const path = endpoint.path.replace(/\{\w+\}/g, () => encodeURIComponent(ids[next++] ?? ""));
  if (next !== ids.length) {
    throw new TypeError(
      `${endpoint.method} ${endpoint.path} takes ${next} path parameters, not ${ids.length}`
    );
  }
  return path;
}
function queryOf(endpoint, values) {
  const declared = Object.keys(endpoint.query ?? {});
  return Object.fromEntries(Object.entries(values).filter(([name]) => declared.includes(name)));
}
function bodyOf(endpoint, values) {
  const declared = endpoint.body ?? [];
  return Object.fromEntries(Object.entries(values).filter(([name]) => declared.includes(name)));
}

// src/client/rate-gate.ts
var RateGate = class {
  #now;
  #sleep;
  #openAt = Number.NEGATIVE_INFINITY;
  constructor(now, sleep) {
    this.#now = now;
    this.#sleep = sleep;
  }
  /** Holds every request until `ms` from now (a hold already longer stands); returns when the gate opens. */
  hold(ms) {
    this.#openAt = Math.max(this.#openAt, this.#now() + ms);
    return this.#openAt;
  }
  /**
   * Resolves once no hold is in force; a hold made during the wait is waited out too. `waited` is the opening a
   * caller has waited for already (the retry of the request that was told to wait): no hold up to it stops it.
   */
  async pass(signal, waited = Number.NEGATIVE_INFINITY) {
    for (; ; ) {
      const until = this.#openAt;
      const waitMs = until - this.#now();
      if (until <= waited || !(waitMs > 0)) return;
      await this.#sleep(waitMs, signal);
      if (this.#openAt === until) return;
    }
  }
};

// src/client/transport.ts
var Transport = class {
  #options;
  #redact;
  /** The key has a character JSON may write as an escape other than \u. */
  #keyHasEscapable;
  /** Every request of this client waits while a 429's Retry-After is in force. */
  #gate;
  constructor(options) {
    this.#options = options;
    this.#gate = new RateGate(options.now, options.sleep);
    this.#redact = createRedactor(options.apiKey);
    this.#keyHasEscapable = /[/"\\]/.test(options.apiKey);
  }
  request(call) {
    const { retry, sleep, random, logger } = this.#options;
    if (!namesOneResource(call.path)) {
      return Promise.reject(
        new InvalidIdError(
          `${call.method} ${this.#redact(call.path)}: an id must not be empty, "." or "..", which would name another path; nothing was sent`
        )
      );
    }
    const waited = { until: Number.NEGATIVE_INFINITY };
    return withRetries((retriesTaken) => this.#gatedAttempt(call, retriesTaken, waited), {
      method: call.method,
      path: this.#redact(call.path),
      policy: retry,
      sleep,
      random,
      logger,
      signal: call.options?.signal,
      idempotent: call.idempotent
    });
  }
  /**
   * One attempt, sent once no Retry-After holds the client (unless the call passes holds); a 429 that names one
   * holds every request.
   */
  async #gatedAttempt(call, retriesTaken, waited) {
    const signal = call.options?.signal;
    try {
      if (call.passesRateHold !== true) await this.#gate.pass(signal, waited.until);
    } catch (error) {
      throw abortedError(`${call.method} ${this.#redact(call.path)}`, signal?.reason ?? error);
    }
    try {
      return await this.#attempt(call, retriesTaken);
    } catch (error) {
      if (error instanceof RateLimitError && error.retryAfterMs !== void 0)
        waited.until = this.#gate.hold(error.retryAfterMs);
      throw error;
    }
  }
  async #attempt(call, retriesTaken) {
    const { method } = call;
    const path = this.#redact(call.path);
    const callerSignal = call.options?.signal;
    const timeoutMs = call.options?.timeoutMs ?? this.#options.timeoutMs;
    const timeout = new AbortController();
    const timer = setTimeout(() => {
      timeout.abort(new DOMException(`no response within ${timeoutMs} ms`, "TimeoutError"));
    }, timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
    let statusCode;
    let headers;
    let text;
    try {
      const { send } = await loadHttpCore();
      const response = await send(await this.#dispatcher(), this.#url(call), {
        method,
        headers: this.#headers(call.body !== void 0, retriesTaken),
        body: call.body === void 0 ? null : JSON.stringify(call.body),
        signal
      });
      statusCode = response.statusCode;
      headers = response.headers;
      text = await response.body.text();
    } catch (error) {
      if (callerSignal?.aborted) throw abortedError(`${method} ${path}`, callerSignal.reason);
      if (timeout.signal.aborted) {
        throw new RequestTimeoutError(`${method} ${path} timed out after ${timeoutMs} ms`, {
          cause: redactCause(error, this.#redact)
        });
      }
      throw this.#networkError(call, error);
    } finally {
      clearTimeout(timer);
    }
    const header = (name) => firstHeader(headers, name);
    const requestId = this.#redact(header("x-request-id") ?? header("request-id") ?? "");
    const context = { statusCode, requestId: requestId || void 0 };
    if (statusCode < 200 || statusCode > 299) {
      throw errorFromResponse({
        method,
        path,
        ...context,
        body: this.#parseErrorBody(text),
        retryAfterMs: statusCode === 429 ? retryAfterOf(header, this.#options.now) : void 0
      });
    }
    call.options?.onRetryAfter?.(retryAfterOf(header, this.#options.now));
    if (call.decode === null) return void 0;
    return this.#decode(call, call.decode, text, context);
  }
  /** The proxy-aware agent is made on the first request, so a run that sends nothing never loads it. */
  async #dispatcher() {
    const given = this.#options.dispatcher;
    return given instanceof LazyProxyAgent ? await given.open() : given;
  }
  #decode(call, decode, text, context) {
    const { method } = call;
    const path = this.#redact(call.path);
    if (text.trim() === "") throw new DecodeError(`${method} ${path} returned an empty body`, context);
    let value;
    try {
      const parsed = JSON.parse(text);
      const escaped = text.includes("\\u") || this.#keyHasEscapable && text.includes("\\");
      value = escaped || this.#redact(text) !== text ? redactValue(parsed, this.#redact) : parsed;
    } catch {
      const body = this.#redact(text);
      throw new DecodeError(`${method} ${path} returned a body that is not JSON: ${snippet(body)}`, {
        ...context,
        body: call.secretResponse ? void 0 : body
      });
    }
    let decoded;
    try {
      decoded = decode(value, "");
    } catch (error) {
      if (!(error instanceof DecodeIssue)) throw error;
      throw new DecodeError(`${method} ${path}: the response ${error.message}`, {
        ...context,
        body: call.secretResponse ? void 0 : value,
        resourceId: idOf(value)
      });
    }
    const problem = call.check?.(decoded);
    if (problem !== void 0) {
      throw new DecodeError(`${method} ${path}: the response ${problem}`, {
        ...context,
        body: call.secretResponse ? void 0 : value
      });
    }
    return decoded;
  }
  #parseErrorBody(text) {
    const redacted = this.#redact(text);
    if (redacted.trim() === "") return redacted;
    try {
      return redactValue(JSON.parse(redacted), this.#redact);
    } catch {
      return redacted;
    }
  }
  #networkError(call, error) {
    const cause = redactCause(error, this.#redact);
    const detail = cause instanceof Error ? cause.message : String(cause);
    const { failure, code } = classifyConnectionFailure(cause);
    const suffix = code !== void 0 && !detail.includes(code) ? ` (${code})` : "";
    return new ConnectionError(`${call.method} ${this.#redact(call.path)} failed: ${detail}${suffix}`, {
      cause,
      failure,
      code
    });
  }
  #url(call) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== void 0 && value !== null) search.set(name, String(value));
    }
    const query = search.toString();
    return `${this.#options.baseUrl}${call.path}${query ? `?${query}` : ""}`;
  }
  /** `x-svc-retry-count` lets the service tell a retry from a new request, as the Python clients do. */
  #headers(hasBody, retriesTaken) {
    return {
      authorization: `Bearer ${this.#options.apiKey}`,
      accept: "application/json",
      "user-agent": this.#options.userAgent,
      "x-svc-retry-count": String(retriesTaken),
      ...hasBody ? { "content-type": "application/json" } : {}
    };
  }
};
function firstHeader(headers, name) {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
function idOf(value) {
  if (value === null || typeof value !== "object" || !Object.hasOwn(value, "id")) return void 0;
  const id2 = value.id;
  if (typeof id2 === "string" && id2.length > 0 && id2.length <= 200) return id2;
  return typeof id2 === "number" && Number.isSafeInteger(id2) ? String(id2) : void 0;
}
function snippet(text) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}\u2026` : flat;
}
function namesOneResource(path) {
  return path.split("/").slice(1).every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

// src/client/service-client.ts
var ServiceClient = class {
  /** The base URL requests go to, without a trailing slash. */
  baseUrl;
  #transport;
  #ownAgent;
  #closed = false;
  #logger;
  #sleep;
  #now;
  constructor(options) {
    const apiKey2 = options.apiKey.trim();
    if (!apiKey2) throw new ConfigError("The client needs an API key; it was given an empty one");
    if (/[^\x21-\x7e]/.test(apiKey2)) {
      throw new ConfigError(
        "The API key contains a space, a line break or a character outside printable ASCII; copy the key again, whole and alone."
      );
    }
    const baseUrl = normalizeBaseUrl(options.baseUrl, "given to the client", createRedactor(apiKey2));
    this.baseUrl = baseUrl;
    this.#logger = options.logger ?? NOOP_LOGGER;
    this.#sleep = options.sleep ?? realSleep;
    this.#now = options.now ?? realNow;
    let dispatcher = options.dispatcher;
    if (dispatcher === void 0) {
      this.#ownAgent = new LazyProxyAgent();
      dispatcher = this.#ownAgent;
    }
    this.#transport = new Transport({
      apiKey: apiKey2,
      baseUrl,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      timeoutMs: options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      retry: {
        ...DEFAULT_RETRY_POLICY,
        maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
        maxWaitMs: options.maxRetryWaitMs ?? DEFAULT_RETRY_POLICY.maxWaitMs,
        rateLimitWaitMs: options.rateLimitWaitMs
      },
      logger: this.#logger,
      dispatcher,
      sleep: this.#sleep,
      now: this.#now,
      random: options.random ?? realRandom
    });
  }
  /** Closes the client's own connection pool; an injected dispatcher is left to its owner. */
  async close() {
    if (this.#ownAgent === void 0 || this.#closed) return;
    this.#closed = true;
    await this.#ownAgent.close();
  }
  me(options) {
    return this.#get(ENDPOINTS.me, [], principal, options);
  }
  createScan(params, options) {
    return this.#post(ENDPOINTS.createScan, [], scan, options, params);
  }
  listScans(params = {}, options) {
    return this.#get(ENDPOINTS.listScans, [], page(scan), options, { ...params });
  }
  iterateScans(params = {}, options = {}) {
    return this.#iterate(
      (page2, o) => this.listScans({ ...params, ...page2 }, o),
      params,
      options,
      ENDPOINTS.listScans.query.limit
    );
  }
  getScan(id2, options) {
    return this.#get(ENDPOINTS.getScan, [id2], scan, options, void 0, sameId("scan", id2));
  }
  getScanReport(id2, options) {
    return this.#get(ENDPOINTS.getScanReport, [id2], scanReport, options);
  }
  /**
   * Cancelling is idempotent, so a failed cancel is sent again like a read. It is sent even while a 429's
   * Retry-After holds the client's other requests: a cancel at a deadline or a stop cannot wait out a long hold,
   * and it lightens the service's load (a 429 answered to the cancel itself is still waited out).
   */
  cancelScan(id2, options) {
    return this.#send(ENDPOINTS.cancelScan, [id2], {
      decode: scan,
      options,
      idempotent: true,
      passesRateHold: true,
      check: sameId("scan", id2)
    });
  }
  /** Without a limit, asks for 50 findings when listing one scan's, the service's default of 20 otherwise. */
  listFindings(params = {}, options) {
    const limit = params.limit ?? (params.scan_id === void 0 ? void 0 : PAGE_SIZES.findingsOfScan);
    const check = params.scan_id === void 0 ? void 0 : findingsOfScan(params.scan_id);
    const query = { ...params, limit };
    return this.#get(ENDPOINTS.listFindings, [], page(finding), options, query, check);
  }
  iterateFindings(params = {}, options = {}) {
    const pageSize = params.scan_id === void 0 ? ENDPOINTS.listFindings.query.limit : PAGE_SIZES.findingsOfScan;
    return this.#iterate(
      (page2, o) => this.listFindings({ ...params, ...page2 }, o),
      params,
      options,
      pageSize
    );
  }
  getFinding(id2, options) {
    const check = sameId("finding", id2);
    return this.#get(ENDPOINTS.getFinding, [id2], findingDetail, options, void 0, check);
  }
  remediateFinding(id2, options) {
    return this.#post(ENDPOINTS.remediateFinding, [id2], remediationJob, options);
  }
  getRemediation(id2, options) {
    const check = sameId("remediation job", id2);
    return this.#get(ENDPOINTS.getRemediation, [id2], remediationJob, options, void 0, check);
  }
  startAiAnalysis(scanId, options) {
    return this.#post(ENDPOINTS.startAiAnalysis, [scanId], aiAnalysis, options);
  }
  getAiAnalysis(scanId, options) {
    const check = analysisOf(scanId);
    return this.#get(ENDPOINTS.getAiAnalysis, [scanId], aiAnalysis, options, void 0, check);
  }
  getAiPatches(scanId, options) {
    return this.#get(ENDPOINTS.getAiPatches, [scanId], aiPatches, options);
  }
  getComplianceOverview(params = {}, options) {
    return this.#get(ENDPOINTS.getComplianceOverview, [], complianceOverview, options, {
      ...params
    });
  }
  getComplianceFramework(frameworkId, params = {}, options) {
    const endpoint = ENDPOINTS.getComplianceFramework;
    return this.#get(endpoint, [frameworkId], frameworkDetail, options, { ...params });
  }
  getAiSecurityOverview(params = {}, options) {
    const endpoint = ENDPOINTS.getAiSecurityOverview;
    return this.#get(endpoint, [], aiSecurityOverview, options, { ...params });
  }
  listAuditLogs(params = {}, options) {
    return this.#get(ENDPOINTS.listAuditLogs, [], page(auditLog), options, { ...params });
  }
  iterateAuditLogs(params = {}, options = {}) {
    return this.#iterate(
      (page2, o) => this.listAuditLogs({ ...params, ...page2 }, o),
      params,
      options,
      ENDPOINTS.listAuditLogs.query.limit
    );
  }
  listRepositories(params = {}, options) {
    const decode = page(repository);
    return this.#get(ENDPOINTS.listRepositories, [], decode, options, { ...params });
  }
  iterateRepositories(params = {}, options = {}) {
    const list = (page2, o) => this.listRepositories({ ...params, ...page2 }, o);
    return this.#iterate(list, params, options, ENDPOINTS.listRepositories.query.limit);
  }
  /** Pages through the repositories until one's full_name matches, ignoring case; null when none does. */
  async findRepositoryByFullName(fullName, options = {}) {
    const wanted = fullName.toLowerCase();
    const { projectId, ...requestOptions } = options;
    for await (const repository2 of this.iterateRepositories({ project_id: projectId }, requestOptions)) {
      if (repository2.full_name.toLowerCase() === wanted) return repository2;
    }
    return null;
  }
  /** The role defaults to member, the least privilege that automation needs. */
  createApiKey(params, options) {
    const body = { name: params.name, role: params.role ?? "member" };
    return this.#send(ENDPOINTS.createApiKey, [], {
      body: bodyOf(ENDPOINTS.createApiKey, body),
      decode: apiKeyCreated,
      options,
      secretResponse: true
    });
  }
  listApiKeys(options) {
    return this.#get(ENDPOINTS.listApiKeys, [], apiKeyList, options);
  }
  revokeApiKey(id2, options) {
    return this.#send(ENDPOINTS.revokeApiKey, [id2], { decode: null, options });
  }
  getUsage(options) {
    return this.#get(ENDPOINTS.getUsage, [], usageOverview, options);
  }
  /** Polls the scan until it completes, fails or is cancelled, and returns it; see classifyScanStatus. */
  waitForScan(id2, options = {}) {
    return this.#wait(
      awaitedScan(id2, this.#logger),
      (signal, onRetryAfter) => this.getScan(id2, { signal, onRetryAfter }),
      options
    );
  }
  /** Polls the scan's AI analysis until it is terminal (see classifyAiAnalysis) and returns it. */
  waitForAiAnalysis(scanId, options = {}) {
    const fetch = (signal, onRetryAfter) => this.getAiAnalysis(scanId, { signal, onRetryAfter });
    return this.#wait(awaitedAiAnalysis(scanId, this.#logger), fetch, options);
  }
  /** Polls the remediation job until it is terminal (see classifyRemediation) and returns it. */
  waitForRemediation(id2, options = {}) {
    const fetch = (signal, onRetryAfter) => this.getRemediation(id2, { signal, onRetryAfter });
    return this.#wait(awaitedRemediation(id2, this.#logger), fetch, options);
  }
  /** Sends the endpoint's method to its path, filled with the ids in order. */
  #send(endpoint, ids, call) {
    return this.#transport.request({ ...call, method: endpoint.method, path: pathOf(endpoint, ...ids) });
  }
  #get(endpoint, ids, decoder, options, query, check) {
    return this.#send(endpoint, ids, {
      query: query && queryOf(endpoint, query),
      decode: decoder,
      options,
      ...check ? { check } : {}
    });
  }
  #post(endpoint, ids, decoder, options, body) {
    return this.#send(endpoint, ids, { body: body && bodyOf(endpoint, body), decode: decoder, options });
  }
  #iterate(list, params, options, defaultLimit) {
    const { signal, timeoutMs } = options;
    return paginate(
      (offset, limit, pageSignal) => list({ offset, limit }, { signal: pageSignal, timeoutMs }),
      {
        limit: options.limit ?? params.limit ?? defaultLimit,
        offset: options.offset ?? params.offset ?? 0,
        concurrency: options.concurrency,
        maxItems: options.maxItems,
        signal
      }
    );
  }
  #wait(job, fetch, options) {
    return pollUntilTerminal({
      ...job,
      fetch,
      intervalMs: options.intervalMs ?? job.defaultIntervalMs,
      timeoutMs: options.timeoutMs ?? POLL_DEFAULTS.timeoutMs,
      signal: options.signal,
      onUpdate: options.onUpdate,
      skipFirstFetch: options.skipFirstFetch,
      sleep: this.#sleep,
      now: this.#now
    });
  }
};
function sameId(kind, expected) {
  return (value) => value.id === expected ? void 0 : `is about ${kind} ${quote(value.id)}, not ${kind} ${quote(expected)}`;
}
function analysisOf(scanId) {
  return (analysis) => analysis.scan_id === void 0 || analysis.scan_id === scanId ? void 0 : `is the AI analysis of scan ${quote(analysis.scan_id)}, not of scan ${quote(scanId)}`;
}
function findingsOfScan(scanId) {
  return (page2) => {
    const stranger = page2.items.find((item) => item.scan_id !== void 0 && item.scan_id !== scanId);
    return stranger === void 0 ? void 0 : `lists finding ${quote(stranger.id)} of scan ${quote(stranger.scan_id ?? "")}, not of scan ${quote(scanId)}`;
  };
}
function quote(id2) {
  return JSON.stringify(id2.length > 80 ? `${id2.slice(0, 79)}\u2026` : id2);
}

// src/client/credentials.ts
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";

// node_modules/smol-toml/dist/error.js
function getLineColFromPtr(string2, ptr) {
  let lines = string2.slice(0, ptr).split(/\r?\n/);
  return [lines.length, lines.pop().length + 1];
}
function makeCodeBlock(string2, line, column) {
  let lines = string2.split(/\r?\n/);
  let codeblock = "";
  let numberLen = (Math.log10(line + 1) | 0) + 1;
  for (let i = line - 1; i <= line + 1; i++) {
    let l = lines[i - 1];
    if (!l)
      continue;
    codeblock += i.toString().padEnd(numberLen, " ");
    codeblock += ":  ";
    codeblock += l;
    codeblock += "\n";
    if (i === line) {
      codeblock += " ".repeat(numberLen + column + 2);
      codeblock += "^\n";
    }
  }
  return codeblock;
}
var TomlError = class _TomlError extends Error {
  line;
  column;
  codeblock;
  constructor(message, options) {
    const [line, column] = getLineColFromPtr(options.toml, options.ptr);
    const codeblock = makeCodeBlock(options.toml, line, column);
    super(`Invalid TOML document: ${message}

${codeblock}`, options);
    this.line = line;
    this.column = column;
    this.codeblock = codeblock;
  }
  /** @internal */
  static x(message, ctx, ptr) {
    throw new _TomlError(message, { toml: ctx.s, ptr: ptr ?? ctx.p });
  }
};

// node_modules/smol-toml/dist/primitive.js
function parseString(ctx) {
  let startPtr = ctx.p;
  let c = ctx.s.charCodeAt(ctx.p++);
  let first = c;
  let isLiteral = c === 39;
  let isMultiline = c === ctx.s.charCodeAt(ctx.p) && c === ctx.s.charCodeAt(ctx.p + 1);
  if (isMultiline) {
    if ((c = ctx.s.charCodeAt(ctx.p += 2)) === 10)
      ctx.p++;
    else if (c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)
      ctx.p += 2;
  }
  let parsed = "";
  let sliceStart = ctx.p;
  let state = 0;
  for (; ctx.p < ctx.s.length; ctx.p++) {
    c = ctx.s.charCodeAt(ctx.p);
    if (isMultiline && (c === 10 || c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)) {
      state = state && 3;
    } else if (c < 32 && c !== 9 || c === 127) {
      TomlError.x("control characters are not allowed in strings", ctx);
    } else if ((!state || state === 3) && c === first && (!isMultiline || ctx.s.charCodeAt(ctx.p + 1) === first && ctx.s.charCodeAt(ctx.p + 2) === first)) {
      if (isMultiline) {
        if (ctx.s.charCodeAt(ctx.p + 3) === first)
          ctx.p++;
        if (ctx.s.charCodeAt(ctx.p + 3) === first)
          ctx.p++;
      }
      if (!state) {
        let s = ctx.s.slice(sliceStart, ctx.p);
        parsed = parsed ? parsed + s : s;
      }
      ctx.p += isMultiline ? 3 : 1;
      return parsed;
    } else if (!state) {
      if (!isLiteral && c === 92) {
        parsed += ctx.s.slice(sliceStart, sliceStart = ctx.p);
        state = 1;
      }
    } else if (state === 1) {
      if (c === 120 || c === 117 || c === 85) {
        let errPtr = ctx.p++ - 1;
        let value = 0;
        let len = c === 120 ? 2 : c === 117 ? 4 : 8;
        for (let j = 0; j < len; j++, ctx.p++) {
          let hex = ctx.s.charCodeAt(ctx.p);
          let digit = (
            /* 0-9 */
            hex >= 48 && hex <= 57 ? hex - 48 : (
              /* A-F */
              hex >= 65 && hex <= 70 ? hex - 65 + 10 : (
                /* a-f */
                hex >= 97 && hex <= 102 ? hex - 97 + 10 : -1
              )
            )
          );
          if (digit < 0)
            TomlError.x("invalid non-hex character in unicode escape", ctx);
          value = value << 4 | digit;
        }
        if (value < 0 || value > 1114111 || value >= 55296 && value <= 57343) {
          TomlError.x("invalid unicode escape", ctx, errPtr);
        }
        parsed += String.fromCodePoint(value);
        sliceStart = ctx.p--;
        state = 0;
      } else if (isMultiline && (c === 32 || c === 9)) {
        state = 2;
      } else {
        if (c === 98)
          parsed += "\b";
        else if (c === 116)
          parsed += "	";
        else if (c === 110)
          parsed += "\n";
        else if (c === 102)
          parsed += "\f";
        else if (c === 114)
          parsed += "\r";
        else if (c === 101)
          parsed += "\x1B";
        else if (c === 34)
          parsed += '"';
        else if (c === 92)
          parsed += "\\";
        else
          TomlError.x("unrecognised escape sequence", ctx);
        sliceStart = ctx.p + 1;
        state = 0;
      }
    } else if (c !== 32 && c !== 9) {
      if (state === 2)
        TomlError.x("invalid escape: only line-ending whitespace may be escaped", ctx, sliceStart);
      state = !isLiteral && c === 92 ? 1 : 0;
      sliceStart = ctx.p;
    }
  }
  TomlError.x("unfinished string", ctx, startPtr);
}

// node_modules/smol-toml/dist/date.js
var DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})?[Tt ]?(?:(\d{2}):\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|z|[-+]\d{2}:\d{2})?$/i;
var TomlDate = class _TomlDate extends Date {
  #hasDate = false;
  #hasTime = false;
  #offset = null;
  constructor(date, fasttype, unsafeDelim) {
    let hasDate = true;
    let hasTime = true;
    let offset = "Z";
    let c;
    if (typeof date === "string") {
      if (fasttype)
        prep: {
          if (fasttype < 3) {
            if (+date.slice(11, 13) > 23) {
              date = "";
              break prep;
            }
            if (fasttype === 2) {
              offset = null;
              date += "Z";
            } else if ((c = date.charCodeAt(date.length - 1)) !== 90 && c !== 122) {
              offset = date.slice(date.length - 6);
            }
            if (unsafeDelim)
              date = date.slice(0, 10) + "T" + date.slice(11);
          } else if (fasttype === 4) {
            date = +date.slice(0, 2) > 23 ? "" : `0000-01-01T${date}Z`;
          }
          hasDate = fasttype !== 4;
          hasTime = fasttype !== 3;
        }
      else {
        let match = date.match(DATE_TIME_RE);
        if (match) {
          if (!match[1]) {
            hasDate = false;
            date = `0000-01-01T${date}`;
          }
          hasTime = !!match[2];
          hasTime && date[10] === " " && (date = date.replace(" ", "T"));
          if (match[2] && +match[2] > 23) {
            date = "";
          } else {
            offset = match[3] || null;
            if (!offset && hasTime)
              date += "Z";
          }
        } else {
          date = "";
        }
      }
    }
    super(date);
    if (!isNaN(this.getTime())) {
      this.#hasDate = hasDate;
      this.#hasTime = hasTime;
      this.#offset = offset;
    }
  }
  isDateTime() {
    return this.#hasDate && this.#hasTime;
  }
  isLocal() {
    return !this.#hasDate || !this.#hasTime || !this.#offset;
  }
  isDate() {
    return this.#hasDate && !this.#hasTime;
  }
  isTime() {
    return this.#hasTime && !this.#hasDate;
  }
  isValid() {
    return this.#hasDate || this.#hasTime;
  }
  toISOString() {
    let iso = super.toISOString();
    if (this.isDate())
      return iso.slice(0, 10);
    if (this.isTime())
      return iso.slice(11, 23);
    if (this.#offset === null)
      return iso.slice(0, -1);
    if (this.#offset === "Z" || this.#offset === "z")
      return iso;
    let offset = +this.#offset.slice(1, 3) * 60 + +this.#offset.slice(4, 6);
    offset = this.#offset[0] === "-" ? offset : -offset;
    let offsetDate = new Date(this.getTime() - offset * 6e4);
    return offsetDate.toISOString().slice(0, -1) + this.#offset;
  }
  static wrapAsOffsetDateTime(jsDate, offset = "Z") {
    let date = new _TomlDate(jsDate);
    date.#offset = offset;
    return date;
  }
  static wrapAsLocalDateTime(jsDate) {
    let date = new _TomlDate(jsDate);
    date.#offset = null;
    return date;
  }
  static wrapAsLocalDate(jsDate) {
    let date = new _TomlDate(jsDate);
    date.#hasTime = false;
    date.#offset = null;
    return date;
  }
  static wrapAsLocalTime(jsDate) {
    let date = new _TomlDate(jsDate);
    date.#hasDate = false;
    date.#offset = null;
    return date;
  }
};

// node_modules/smol-toml/dist/extract.js
function isDigit(char, base = 10) {
  return base === 16 ? char > 47 && char < 58 || char > 64 && char < 71 || char > 96 && char < 103 : char > 47 && char < 48 + base;
}
function isEndOfValue(char, delim) {
  return char === 32 || char === 9 || char === 10 || char === 13 || // Structure end or next value delimiter
  delim && (char === delim || char === 44) || // Comment
  char === 35;
}
function extractValue(ctx, end) {
  let errPtr = ctx.p;
  let c = ctx.s.charCodeAt(ctx.p);
  if (c === 91 || c === 123) {
    ctx.d-- || TomlError.x("document contains excessively nested structures. aborting.", ctx);
    let value = c === 91 ? parseArray(ctx) : parseInlineTable(ctx);
    ctx.d++;
    return value;
  }
  if (c === 34 || c === 39) {
    return parseString(ctx);
  }
  if (c === 116) {
    if (ctx.s.charCodeAt(++ctx.p) !== 114 || ctx.s.charCodeAt(++ctx.p) !== 117 || ctx.s.charCodeAt(++ctx.p) !== 101)
      TomlError.x("invalid value", ctx, errPtr);
    return ctx.p++, true;
  }
  if (c === 102) {
    if (ctx.s.charCodeAt(++ctx.p) !== 97 || ctx.s.charCodeAt(++ctx.p) !== 108 || ctx.s.charCodeAt(++ctx.p) !== 115 || ctx.s.charCodeAt(++ctx.p) !== 101)
      TomlError.x("invalid value", ctx, errPtr);
    return ctx.p++, false;
  }
  if (c === 43 || c === 45) {
    return parseNumber(ctx, ctx.p, ctx.s.charCodeAt(++ctx.p), 44 - c, end);
  }
  if (ctx.s.charCodeAt(ctx.p + 4) === 45 && ctx.s.charCodeAt(ctx.p + 7) === 45) {
    return parseDate(ctx, c, end);
  }
  if (ctx.s.charCodeAt(ctx.p + 2) === 58) {
    return parseTime(ctx, c, end);
  }
  return parseNumber(ctx, ctx.p, c, 0, end);
}
function parseNumber(ctx, startPtr, startChr, sign, endChr) {
  let c = startChr;
  let state = 0;
  let hasUnderscores = false;
  if (c === 105) {
    if (ctx.s.charCodeAt(++ctx.p) !== 110 || ctx.s.charCodeAt(++ctx.p) !== 102)
      TomlError.x("invalid value", ctx, startPtr);
    return ctx.p++, (sign || 1) / 0;
  }
  if (c === 110) {
    if (ctx.s.charCodeAt(++ctx.p) !== 97 || ctx.s.charCodeAt(++ctx.p) !== 110)
      TomlError.x("invalid value", ctx, startPtr);
    return ctx.p++, NaN;
  }
  if (c === 48) {
    if (++ctx.p >= ctx.s.length || isEndOfValue(c = ctx.s.charCodeAt(ctx.p), endChr))
      return ctx.bi === true ? 0n : 0;
    if (!sign) {
      if (c === 120)
        return parseIntegerBaseN(ctx, startPtr, 16, endChr);
      else if (c === 98)
        return parseIntegerBaseN(ctx, startPtr, 2, endChr);
      else if (c === 111)
        return parseIntegerBaseN(ctx, startPtr, 8, endChr);
    }
    if (c === 46)
      state = 2;
    else if (c === 101 || c === 69)
      state = 4;
    else
      TomlError.x("illegal leading zero", ctx, startPtr);
  } else if (!isDigit(c))
    TomlError.x("invalid value", ctx, startPtr);
  while (++ctx.p < ctx.s.length && (c = ctx.s.charCodeAt(ctx.p), !isEndOfValue(c, endChr))) {
    if (!state)
      state = 1;
    if (c === 95) {
      if (!(state & 1))
        TomlError.x("illegal underscore", ctx);
      state += 11;
      hasUnderscores = true;
    } else if (state === 1 && c === 46)
      state = 2;
    else if ((state === 1 || state === 3) && (c === 101 || c === 69))
      state = 4;
    else if (state === 4 && (c === 43 || c === 45)) {
      state = 6;
    } else if (!isDigit(c))
      TomlError.x(`illegal character in numeric literal`, ctx);
    else if (state > 9)
      state -= 11;
    else if (!(state & 1))
      state++;
  }
  if (!state) {
    let val = (startChr - 48) * (sign || 1);
    return ctx.bi === true ? BigInt(val) : val;
  }
  if (!(state & 1))
    TomlError.x("unfinished numeric value", ctx, startPtr);
  let str = ctx.s.slice(startPtr, ctx.p);
  if (hasUnderscores)
    str = str.replaceAll("_", "");
  return state > 1 ? parseFloat(str) : parseInteger(ctx, str, 10, startPtr);
}
function parseIntegerBaseN(ctx, startPtr, base, endChr) {
  let c, underscore = 1;
  while (++ctx.p < ctx.s.length && (c = ctx.s.charCodeAt(ctx.p), !isEndOfValue(c, endChr))) {
    if (c === 95) {
      if (underscore & 1)
        TomlError.x("illegal underscore", ctx);
      underscore = 3;
    } else if (!isDigit(c, base))
      TomlError.x(`illegal character in numeric literal`, ctx);
    else if (underscore & 1)
      underscore--;
  }
  if (underscore & 1)
    TomlError.x("unfinished numeric value", ctx);
  let str = ctx.s.slice(startPtr + 2, ctx.p);
  if (underscore)
    str = str.replaceAll("_", "");
  return parseInteger(ctx, str, base, startPtr);
}
function parseInteger(ctx, str, base, startPtr) {
  if (ctx.bi !== true)
    int: {
      let val = parseInt(str, base);
      if (!Number.isSafeInteger(val)) {
        if (ctx.bi)
          break int;
        TomlError.x("integer value cannot be represented losslessly", ctx, startPtr);
      }
      return val;
    }
  return base === 10 ? BigInt(str) : BigInt((base === 2 ? "0b" : base === 8 ? "0o" : "0x") + str);
}
function parseDate(ctx, c, endChr) {
  let startPtr = ctx.p++, unsafeSeparator;
  if (!isDigit(c) || !isDigit(ctx.s.charCodeAt(ctx.p++)) || !isDigit(ctx.s.charCodeAt(ctx.p++)) || !isDigit(ctx.s.charCodeAt(ctx.p++))) {
    return parseNumber(ctx, ctx.p = startPtr, c, 0, endChr);
  }
  ctx.p += 5;
  if (!isDigit(ctx.s.charCodeAt(ctx.p++)))
    TomlError.x("invalid date-time: date part is malformed", ctx, startPtr);
  if (ctx.p >= ctx.s.length || ((c = ctx.s.charCodeAt(ctx.p)) !== 32 || (unsafeSeparator = true, !isDigit(ctx.s.charCodeAt(ctx.p + 1)))) && c !== 84 && c !== 116) {
    let t2 = ctx.s.slice(startPtr, ctx.p);
    return readDate(ctx, t2, 3, false, startPtr);
  }
  if (ctx.s.charCodeAt(ctx.p += 3) !== 58)
    TomlError.x("invalid date-time: time part is malformed", ctx, startPtr);
  if (ctx.s.charCodeAt(ctx.p += 3) === 58)
    ctx.p += 3;
  if (ctx.s.charCodeAt(ctx.p) === 46)
    while (isDigit(ctx.s.charCodeAt(++ctx.p)))
      ;
  if (c = ctx.s.charCodeAt(ctx.p)) {
    if (c === 90 || c === 122) {
      let t2 = ctx.s.slice(startPtr, ++ctx.p);
      return readDate(ctx, t2, 1, unsafeSeparator, startPtr, "[+00:00]");
    }
    if (c === 43 || c === 45) {
      let t2 = ctx.s.slice(startPtr, ctx.p += 6);
      return readDate(ctx, t2, 1, unsafeSeparator, startPtr, !ctx.ld && "[" + ctx.s.slice(ctx.p - 6, ctx.p) + "]");
    }
  }
  let t = ctx.s.slice(startPtr, ctx.p);
  return readDate(ctx, t, 2, unsafeSeparator, startPtr);
}
function parseTime(ctx, c, endChr) {
  let start = ctx.p;
  if (!isDigit(c) || !isDigit(ctx.s.charCodeAt(++ctx.p))) {
    return parseNumber(ctx, --ctx.p, c, 0, endChr);
  }
  if (ctx.s.charCodeAt(ctx.p += 4) === 58)
    ctx.p += 3;
  if (ctx.s.charCodeAt(ctx.p) === 46)
    while (isDigit(ctx.s.charCodeAt(++ctx.p)))
      ;
  let t = ctx.s.slice(start, ctx.p);
  return readDate(ctx, t, 4, false, start);
}
function readDate(ctx, str, type, unsafeDelim, errPtr, temporalSuffix) {
  if (ctx.ld) {
    let date = new TomlDate(str, type, unsafeDelim);
    if (!date.isValid())
      TomlError.x("invalid date", ctx, errPtr);
    return date;
  }
  try {
    if (temporalSuffix)
      str += temporalSuffix;
    switch (type) {
      case 1:
        return Temporal.ZonedDateTime.from(str);
      case 2:
        return Temporal.PlainDateTime.from(str);
      case 3:
        return Temporal.PlainDate.from(str);
      case 4:
        return Temporal.PlainTime.from(str);
    }
  } catch (e) {
    TomlError.x(e instanceof Error ? e.message : "" + e, ctx, errPtr);
  }
}

// node_modules/smol-toml/dist/util.js
function skipComment(ctx) {
  for (; ctx.p < ctx.s.length; ctx.p++) {
    let c = ctx.s.charCodeAt(ctx.p);
    if (c === 10)
      break;
    if (c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10) {
      ctx.p++;
      break;
    }
    if (c < 32 && c !== 9 || c === 127) {
      TomlError.x("control characters are not allowed in comments", ctx);
    }
  }
}
function skipVoid(ctx, banNewLines, banComments) {
  let c;
  while (ctx.p < ctx.s.length) {
    while (ctx.p < ctx.s.length && ((c = ctx.s.charCodeAt(ctx.p)) === 32 || c === 9 || !banNewLines && (c === 10 || c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)))
      ctx.p++;
    if (banComments || c !== 35)
      break;
    skipComment(ctx);
  }
}

// node_modules/smol-toml/dist/struct.js
function parseKey(ctx, end = 61) {
  let startPtr;
  let state = 0;
  let parsed = [];
  let sliceStart;
  let c = ctx.s.charCodeAt(startPtr = ctx.p);
  do {
    if (c === end) {
      if (!state)
        TomlError.x("unexpected end of key", ctx);
      if (state === 1)
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
      return ctx.p++, parsed;
    } else if (c === 46) {
      if (!state)
        TomlError.x("illegal empty bare key", ctx);
      if (state === 1)
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
      state = 0;
    } else if (!state && (c === 34 || c === 39)) {
      if (c === ctx.s.charCodeAt(ctx.p + 1) && c === ctx.s.charCodeAt(ctx.p + 2))
        TomlError.x("illegal quoted key: multiline strings are not allowed", ctx);
      parsed.push(parseString(ctx));
      state = 2;
      ctx.p--;
    } else if (c === 32 || c === 9) {
      if (state === 1) {
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
        state = 2;
      }
    } else if (state === 2 || c < 48 && c !== 45 || c > 57 && c < 65 || c > 90 && c < 97 && c !== 95 || c > 122) {
      TomlError.x("illegal character in key", ctx);
    } else if (!state) {
      state = 1;
      sliceStart = ctx.p;
    }
  } while (c = ctx.s.charCodeAt(++ctx.p));
  TomlError.x("incomplete key-value: cannot find end of key", ctx, startPtr);
}
function parseInlineTable(ctx) {
  let startPtr = ctx.p++;
  let res = /* @__PURE__ */ Object.create(null);
  let seen = /* @__PURE__ */ new Set();
  let c;
  while (ctx.p < ctx.s.length) {
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p)) === 125) {
      ctx.p++;
      return res;
    }
    let k;
    let t = res;
    let hasOwn = false;
    let errPtr = ctx.p;
    let key = parseKey(ctx);
    for (let i = 0; i < key.length; i++) {
      if (i)
        t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
      k = key[i];
      if ((hasOwn = Object.hasOwn(t, k)) && (typeof t[k] !== "object" || seen.has(t[k]))) {
        TomlError.x("trying to redefine an already defined value", ctx, errPtr);
      }
      let unsafe = k === "__proto__";
      if (ctx.uk && (unsafe || k === "constructor")) {
        t = ctx.uk !== 1 && TomlError.x("document contains an unsafe property", ctx, errPtr);
        break;
      }
      if (!hasOwn && unsafe) {
        Object.defineProperty(t, k, { enumerable: true, configurable: true, writable: true });
      }
    }
    if (hasOwn) {
      TomlError.x("trying to redefine an already defined value", ctx, errPtr);
    }
    skipVoid(ctx, true, true);
    let value = extractValue(
      ctx,
      125
      /* } */
    );
    if (t && typeof (t[k] = value) === "object")
      seen.add(value);
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p++)) === 125) {
      return res;
    }
    if (c !== 44)
      TomlError.x("expected comma or end of structure", ctx, ctx.p - 1);
  }
  TomlError.x("unfinished table", ctx, startPtr);
}
function parseArray(ctx) {
  let startPtr = ctx.p++;
  let res = [];
  let c;
  while (ctx.p < ctx.s.length) {
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p)) === 93) {
      ctx.p++;
      return res;
    }
    res.push(extractValue(
      ctx,
      93
      /* ] */
    ));
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p++)) === 93) {
      return res;
    }
    if (c !== 44)
      TomlError.x("expected comma or end of structure", ctx, ctx.p - 1);
  }
  TomlError.x("unfinished array", ctx, startPtr);
}

// node_modules/smol-toml/dist/parse.js
function peekTable(ctx, key, table, meta, type) {
  let t = table;
  let m = meta;
  let k;
  let hasOwn = false;
  let state;
  for (let i = 0; i < key.length; i++) {
    if (i) {
      t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
      m = (state = m[k]).c;
      if (type === 0 && (state.t === 1 || state.t === 2)) {
        return null;
      }
      if (state.t === 2) {
        let l = t.length - 1;
        t = t[l];
        m = m[l].c;
      }
    }
    k = key[i];
    if ((hasOwn = Object.hasOwn(t, k)) && m[k]?.t === 0 && m[k]?.d) {
      return null;
    }
    if (!hasOwn) {
      let unsafe = k === "__proto__";
      if (ctx.uk && (unsafe || k === "constructor"))
        return false;
      if (unsafe) {
        Object.defineProperty(t, k, { enumerable: true, configurable: true, writable: true });
        Object.defineProperty(m, k, { enumerable: true, configurable: true, writable: true });
      }
      m[k] = {
        t: i < key.length - 1 && type === 2 ? 3 : type,
        d: false,
        i: 0,
        c: /* @__PURE__ */ Object.create(null)
      };
    }
  }
  state = m[k];
  if (state.t !== type && !(type === 1 && state.t === 3)) {
    return null;
  }
  if (type === 2) {
    if (!state.d) {
      state.d = true;
      t[k] = [];
    }
    t[k].push(t = /* @__PURE__ */ Object.create(null));
    state.c[state.i++] = state = { t: 1, d: false, i: 0, c: /* @__PURE__ */ Object.create(null) };
  }
  if (state.d) {
    return null;
  }
  state.d = true;
  if (type === 1) {
    t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
  } else if (type === 0 && hasOwn) {
    return null;
  }
  return [k, t, state.c];
}
function validateTablePeek(ctx, peek, ptr) {
  if (peek === null || ctx.uk === 2)
    TomlError.x(peek === null ? "trying to redefine an already defined table or value" : "document contains an unsafe property", ctx, ptr);
}
function parse(toml, options = {}) {
  let ctx = {
    s: toml,
    p: 0,
    d: options.maxDepth ?? 1e3,
    bi: options.integersAsBigInt ?? false,
    ld: options.useLegacyDate ?? true,
    uk: options.unsafeKeyBehaviour === "throw" ? 2 : options.unsafeKeyBehaviour === "drop" ? 1 : 0
  };
  let res = /* @__PURE__ */ Object.create(null);
  let meta = /* @__PURE__ */ Object.create(null);
  let tmp;
  let skipping = false;
  let tbl = res;
  let m = meta;
  if (toml.charCodeAt(0) === 65279)
    ctx.p++;
  skipVoid(ctx);
  while (ctx.p < toml.length) {
    if (toml.charCodeAt(ctx.p) === 91) {
      let isTableArray = toml.charCodeAt(++ctx.p) === 91;
      tmp = ctx.p += +isTableArray;
      skipping = false;
      let k = parseKey(
        ctx,
        93
        /* ] */
      );
      if (isTableArray) {
        if (toml.charCodeAt(ctx.p) !== 93) {
          TomlError.x("expected end of table array declaration", ctx);
        }
        ctx.p++;
      }
      let p = peekTable(
        ctx,
        k,
        res,
        meta,
        isTableArray ? 2 : 1
        /* Type.EXPLICIT */
      );
      if (!p) {
        validateTablePeek(ctx, p, tmp);
        skipping = true;
      } else {
        m = p[2];
        tbl = p[1];
      }
    } else {
      tmp = ctx.p;
      let k = parseKey(ctx);
      let p = peekTable(
        ctx,
        k,
        tbl,
        m,
        0
        /* Type.DOTTED */
      );
      if (!p && !skipping)
        validateTablePeek(ctx, p, tmp);
      skipVoid(ctx, true, true);
      let v = extractValue(ctx, void 0);
      if (p && !skipping)
        p[1][p[0]] = v;
    }
    skipVoid(ctx, true);
    if (ctx.p < toml.length && (tmp = toml.charCodeAt(ctx.p)) !== 10 && (tmp !== 13 || toml.charCodeAt(ctx.p + 1) !== 10)) {
      TomlError.x("each key-value declaration must be followed by an end-of-line", ctx);
    }
    skipVoid(ctx);
  }
  return res;
}

// node_modules/smol-toml/dist/stringify.js
var BARE_KEY = /^[a-z0-9-_]+$/i;
var HAS_WELLFORMED = !!"".isWellFormed;
function extendedTypeOf(obj) {
  let type = typeof obj;
  if (type === "object") {
    if (Array.isArray(obj))
      return "array";
    if (typeof obj.getUTCDate === "function" && obj instanceof Date)
      return "date";
    if (globalThis.Temporal) {
      if (obj.until) {
        if (obj instanceof Temporal.ZonedDateTime)
          return "temporal/tz+uc";
        if (obj instanceof Temporal.PlainDateTime || obj instanceof Temporal.PlainDate)
          return "temporal/uc";
        if (obj instanceof Temporal.PlainTime || obj instanceof Temporal.Instant)
          return "temporal";
        if (obj instanceof Temporal.PlainYearMonth)
          return "temporal/x";
      } else if (obj.toPlainDate && obj instanceof Temporal.PlainMonthDay || obj.negated && obj instanceof Temporal.Duration) {
        return "temporal/x";
      }
    }
  }
  return type;
}
function isArrayOfTables(obj) {
  for (let i = 0; i < obj.length; i++) {
    if (extendedTypeOf(obj[i]) !== "object")
      return false;
  }
  return obj.length != 0;
}
function formatWellFormedStringUnchecked(s) {
  return JSON.stringify(s).replaceAll("\x7F", "\\u007f");
}
function formatString(s) {
  return formatWellFormedStringUnchecked(HAS_WELLFORMED ? s.toWellFormed() : s);
}
function formatKey(s) {
  if (BARE_KEY.test(s))
    return s;
  if (HAS_WELLFORMED && !s.isWellFormed())
    throw new RangeError("key contains illegal lone surrogates");
  return formatWellFormedStringUnchecked(s);
}
function stringifyValue(val, type, depth, numberAsFloat, strictTemporal) {
  if (depth === 0) {
    throw new Error("Could not stringify the object: maximum object depth exceeded");
  }
  switch (type) {
    // @ts-expect-error -- intentional fallthrough case
    case "number":
      if (isNaN(val))
        return "nan";
      if (val === Infinity)
        return "inf";
      if (val === -Infinity)
        return "-inf";
      if (Number.isInteger(val) && (numberAsFloat || !Number.isSafeInteger(val)))
        return val.toFixed(1);
    case "bigint":
    case "boolean":
    case "temporal":
      return val.toString();
    case "string":
      return formatString(val);
    case "date":
      if (isNaN(val.getTime()))
        throw new TypeError("cannot serialize invalid date");
      return val.toISOString();
    case "object":
      return stringifyInlineTable(val, depth, numberAsFloat, strictTemporal);
    case "array":
      return stringifyArray(val, depth, numberAsFloat, strictTemporal);
    // @ts-expect-error -- intentional fallthrough case
    case "temporal/tz+uc":
      if (strictTemporal) {
        let tz = val.timeZoneId;
        let tzc = tz.charCodeAt(0);
        if (
          // Classic offset
          tzc !== 43 && tzc !== 45 && // Fast pre-check pass; see below for the actually accepted values
          (tzc !== 85 && tzc !== 71 && tzc !== 90 && tzc !== 69 || // UTC and its aliases; Temporal implementations don't all canonicalise unfortunately
          tz !== "UTC" && tz !== "UCT" && tz !== "Universal" && tz !== "Zulu" && // GMT is a TZ but it's for all intents and purposes equivalent to UTC. Safe to downgrade.
          !tz.startsWith("GMT") && tz !== "Greenwich" && // Etc/* are all safe to downgrade to offset (either UTC, GMT, or offset)
          !tz.startsWith("Etc/"))
        ) {
          throw new TypeError("Temporal objects with an IANA timezone are not allowed in Temporal strict mode");
        }
      }
    case "temporal/uc":
      if (strictTemporal && val.calendarId !== "iso8601")
        throw new TypeError("Temporal objects with a non-default calendar are not allowed in Temporal strict mode");
      return val.toString({
        calendarName: "never",
        timeZoneName: "never"
      });
    case "temporal/x":
      throw new TypeError("Unsupported " + val[Symbol.toStringTag]);
  }
}
function stringifyInlineTable(obj, depth, numberAsFloat, strictTemporal) {
  let keys = Object.keys(obj);
  if (keys.length === 0)
    return "{}";
  let res = "{ ";
  for (let i = 0; i < keys.length; i++) {
    let k = keys[i];
    if (i)
      res += ", ";
    res += formatKey(k) + " = " + stringifyValue(obj[k], extendedTypeOf(obj[k]), depth - 1, numberAsFloat, strictTemporal);
  }
  return res + " }";
}
function stringifyArray(array, depth, numberAsFloat, strictTemporal) {
  if (array.length === 0)
    return "[]";
  let res = "[ ";
  for (let i = 0; i < array.length; i++) {
    if (i)
      res += ", ";
    if (array[i] === null || array[i] === void 0) {
      throw new TypeError("arrays cannot contain null or undefined values");
    }
    res += stringifyValue(array[i], extendedTypeOf(array[i]), depth - 1, numberAsFloat, strictTemporal);
  }
  return res + " ]";
}
function stringifyArrayTable(array, key, depth, numberAsFloat, strictTemporal) {
  if (depth === 0) {
    throw new Error("Could not stringify the object: maximum object depth exceeded");
  }
  let res = "";
  for (let i = 0; i < array.length; i++) {
    res += `${res && "\n"}[[${key}]]
`;
    res += stringifyTable(0, array[i], key, depth, numberAsFloat, strictTemporal);
  }
  return res;
}
function stringifyTable(tableKey, obj, prefix, depth, numberAsFloat, strictTemporal) {
  if (depth === 0) {
    throw new Error("Could not stringify the object: maximum object depth exceeded");
  }
  let preamble = "";
  let tables = "";
  let keys = Object.keys(obj);
  for (let i = 0; i < keys.length; i++) {
    let k = keys[i];
    if (obj[k] !== null && obj[k] !== void 0) {
      let type = extendedTypeOf(obj[k]);
      if (type === "symbol" || type === "function") {
        throw new TypeError(`cannot serialize values of type '${type}'`);
      }
      let key = formatKey(k);
      if (type === "array" && isArrayOfTables(obj[k])) {
        tables += (tables && "\n") + stringifyArrayTable(obj[k], prefix ? `${prefix}.${key}` : key, depth - 1, numberAsFloat, strictTemporal);
      } else if (type === "object") {
        let tblKey = prefix ? `${prefix}.${key}` : key;
        tables += (tables && "\n") + stringifyTable(tblKey, obj[k], tblKey, depth - 1, numberAsFloat, strictTemporal);
      } else {
        preamble += key;
        preamble += " = ";
        preamble += stringifyValue(obj[k], type, depth, numberAsFloat, strictTemporal);
        preamble += "\n";
      }
    }
  }
  if (tableKey && (preamble || !tables))
    preamble = preamble ? `[${tableKey}]
${preamble}` : `[${tableKey}]`;
  return preamble && tables ? `${preamble}
${tables}` : preamble || tables;
}
function stringify(obj, { maxDepth = 1e3, numbersAsFloat = false, strictTemporal = false } = {}) {
  if (extendedTypeOf(obj) !== "object") {
    throw new TypeError("stringify can only be called with an object");
  }
  let str = stringifyTable(0, obj, "", maxDepth, numbersAsFloat, strictTemporal);
  if (str[str.length - 1] !== "\n")
    return str + "\n";
  return str;
}

// src/client/credentials.ts
var CONFIG_FILE_IN_HOME = join(".svc", "config.toml");
var URL_SOURCE_LABELS = {
  argument: "from the argument",
  environment: "from SVC_API_URL",
  "config-file": "from the config file",
  default: "the built-in default"
};
function resolveCredentials(input) {
  const logger = input.logger ?? NOOP_LOGGER;
  const configPath = join(input.homeDir, CONFIG_FILE_IN_HOME);
  let config;
  const fromConfig = () => config ??= readConfigFile(configPath, logger) ?? {};
  const key = firstSupplied([
    ["argument", () => input.apiKey],
    ["environment", () => input.env.SVC_API_KEY],
    ["config-file", () => fromConfig().api_key]
  ]);
  if (key === void 0) {
    throw new ConfigError(
      `No API key found. Set the api-key input (from a secret), set the SVC_API_KEY environment variable, or log in with the svc command-line tool, which writes ${configPath}.`
    );
  }
  const url = firstSupplied([
    ["argument", () => input.baseUrl],
    ["environment", () => input.env.SVC_API_URL],
    ["config-file", () => fromConfig().base_url],
    ["default", () => DEFAULT_BASE_URL]
  ]);
  const { value: rawUrl, source: baseUrlSource } = url ?? {
    value: DEFAULT_BASE_URL,
    source: "default"
  };
  const label = baseUrlSource === "config-file" ? `from ${configPath}` : baseUrlSource === "argument" && input.baseUrlArgumentLabel ? input.baseUrlArgumentLabel : URL_SOURCE_LABELS[baseUrlSource];
  const baseUrl = normalizeBaseUrl(rawUrl, label, createRedactor(key.value));
  if (!hasVersionPrefix(baseUrl)) {
    logger.warning(
      `The service URL ${baseUrl} does not end with ${VERSION_PREFIX}; request paths such as /scans are appended to it as given`
    );
  }
  return { apiKey: key.value, apiKeySource: key.source, baseUrl, baseUrlSource };
}
function firstSupplied(sources) {
  for (const [source, read] of sources) {
    const value = read()?.trim();
    if (value) return { value, source };
  }
  return void 0;
}
function readConfigFile(path, logger) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT") return void 0;
    throw new ConfigError(
      `Could not read the config file ${path}: ${typeof code === "string" ? code : String(error)}`,
      {
        cause: error
      }
    );
  }
  warnIfShared(path, logger);
  let document;
  try {
    document = parse(text);
  } catch (error) {
    const where = error instanceof TomlError ? ` (line ${error.line}, column ${error.column})` : "";
    throw new ConfigError(
      `The config file ${path} is not valid TOML${where}. Fix it, or log in again with the svc command-line tool to rewrite it.`
    );
  }
  return { ...stringEntry(document, "api_key", path), ...stringEntry(document, "base_url", path) };
}
function stringEntry(document, name, path) {
  const value = document[name];
  if (value === void 0) return {};
  if (typeof value !== "string") throw new ConfigError(`The config file ${path}: ${name} must be a string`);
  return { [name]: value };
}
function warnIfShared(path, logger) {
  if (process.platform === "win32") return;
  const mode = statSync(path).mode & 511;
  if ((mode & 63) === 0) return;
  logger.warning(
    `The config file ${path} holds the API key and is readable by other users (mode ${mode.toString(8).padStart(4, "0")}); restrict it with: chmod 600 ${path}`
  );
}

export {
  CLIENT_VERSION,
  DEFAULT_USER_AGENT,
  fetchInOrder,
  fetchAllInOrder,
  paginate,
  DecodeIssue,
  string,
  integer,
  boolean,
  nullable,
  optional,
  arrayOf,
  object,
  ServiceClient,
  TomlError,
  parse,
  stringify,
  CONFIG_FILE_IN_HOME,
  resolveCredentials
};
//# sourceMappingURL=chunk-DTJGZLIT.js.map
