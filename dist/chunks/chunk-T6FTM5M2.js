import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  graceAfter
} from "./chunk-KY6MOU6A.js";
import {
  SEVERITIES,
  isAtOrAbove,
  isSeverity,
  lowerOf,
  severitiesAtOrAbove,
  severityRank,
  zeroCounts
} from "./chunk-7MV5OO5A.js";
import {
  GITHUB_SARIF_LIMITS,
  MAX_ARTIFACT_URI_LENGTH,
  MAX_RULE_TAGS,
  TEXT_BUDGETS,
  kindTitle,
  normaliseTitle,
  parseCwe,
  ruleIdFor
} from "./chunk-IV4NH4XR.js";

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

// src/client/errors.ts
var ServiceError = class extends Error {
  name = "ServiceError";
  statusCode;
  body;
  requestId;
  /**
   * How many times the request was sent before this error was final; set by the retry loop, so a message can
   * say "after 4 attempts" only when that is true. 1 for an error that was not retried.
   */
  attempts = 1;
  constructor(message, options = {}) {
    super(message, options.cause === void 0 ? void 0 : { cause: options.cause });
    this.statusCode = options.statusCode;
    this.body = options.body;
    this.requestId = options.requestId;
  }
};
var AuthError = class extends ServiceError {
  name = "AuthError";
};
var PermissionDeniedError = class extends AuthError {
  name = "PermissionDeniedError";
};
var NotFoundError = class extends ServiceError {
  name = "NotFoundError";
};
var ValidationError = class extends ServiceError {
  name = "ValidationError";
};
var RateLimitError = class extends ServiceError {
  name = "RateLimitError";
  retryAfterMs;
  constructor(message, options = {}) {
    super(message, options);
    this.retryAfterMs = options.retryAfterMs;
  }
};
var ServerError = class extends ServiceError {
  name = "ServerError";
};
var ConfigError = class extends ServiceError {
  name = "ConfigError";
};
var ConnectionError = class extends ServiceError {
  name = "ConnectionError";
  failure;
  code;
  constructor(message, options) {
    super(message, options);
    this.failure = options.failure;
    this.code = options.code;
  }
  /** The server cannot have seen the request, so even a POST may be sent again. */
  get neverSent() {
    return this.failure === "connect" || this.failure === "dns";
  }
};
var RequestTimeoutError = class extends ServiceError {
  name = "RequestTimeoutError";
};
var RequestAbortedError = class extends ServiceError {
  name = "RequestAbortedError";
};
var DecodeError = class extends ServiceError {
  name = "DecodeError";
  resourceId;
  constructor(message, options = {}) {
    super(message, options);
    this.resourceId = options.resourceId;
  }
};
var IncompleteListError = class extends ServiceError {
  name = "IncompleteListError";
};
var PollTimeoutError = class extends ServiceError {
  name = "PollTimeoutError";
  /** The job's last status seen, as the poller describes it. */
  lastStatus;
  constructor(message, lastStatus) {
    super(message);
    this.lastStatus = lastStatus;
  }
};
function errorClassForStatus(statusCode) {
  if (statusCode === 401) return AuthError;
  if (statusCode === 403) return PermissionDeniedError;
  if (statusCode === 404) return NotFoundError;
  if (statusCode === 400 || statusCode === 422) return ValidationError;
  if (statusCode === 429) return RateLimitError;
  if (statusCode >= 500 && statusCode <= 599) return ServerError;
  return ServiceError;
}
function errorFromResponse(response) {
  const { method, path, statusCode, body, requestId, retryAfterMs } = response;
  const reason = messageFromBody(body) ?? statusText(statusCode) ?? "no message";
  const ErrorKind = errorClassForStatus(statusCode);
  return new ErrorKind(`${method} ${path} failed with ${statusCode}: ${reason}`, {
    statusCode,
    body,
    requestId,
    retryAfterMs
  });
}
var MAX_MESSAGE_LENGTH = 300;
function messageFromBody(body) {
  const raw = rawMessage(body);
  if (raw === void 0) return void 0;
  const flat = raw.replace(/\s+/g, " ").trim();
  if (flat.length === 0) return void 0;
  return flat.length > MAX_MESSAGE_LENGTH ? `${flat.slice(0, MAX_MESSAGE_LENGTH - 1)}\u2026` : flat;
}
function rawMessage(body) {
  if (typeof body === "string") return body;
  if (!isRecord(body)) return void 0;
  const { error, message, detail } = body;
  if (isRecord(error) && typeof error.message === "string") return error.message;
  if (typeof message === "string") return message;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    const parts = detail.map(detailItemMessage).filter((part) => part !== void 0);
    if (parts.length > 0) return parts.join("; ");
  }
  if (typeof error === "string") return error;
  return void 0;
}
function detailItemMessage(item) {
  if (typeof item === "string") return item;
  if (!isRecord(item) || typeof item.msg !== "string") return void 0;
  const location = Array.isArray(item.loc) ? item.loc.map(String).join(".") : "";
  return location ? `${location}: ${item.msg}` : item.msg;
}
function isRecord(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
function abortedError(what, reason) {
  return new RequestAbortedError(`${what} was aborted`, { cause: reason });
}
var TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_|HOSTNAME_MISMATCH)/;
var DNS_CODES = /* @__PURE__ */ new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NONAME"]);
var CONNECT_CODES = /* @__PURE__ */ new Set([
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT"
]);
var RESET_CODES = /* @__PURE__ */ new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "ECONNABORTED", "UND_ERR_CLOSED"]);
function classifyConnectionFailure(cause) {
  const codes = errorCodes(cause);
  for (const code2 of codes) if (TLS_CODES.test(code2)) return { failure: "tls", code: code2 };
  for (const code2 of codes) if (DNS_CODES.has(code2)) return { failure: "dns", code: code2 };
  for (const code2 of codes) if (CONNECT_CODES.has(code2)) return { failure: "connect", code: code2 };
  for (const code2 of codes) if (RESET_CODES.has(code2)) return { failure: "reset", code: code2 };
  const code = codes[0];
  return code === void 0 ? { failure: "other" } : { failure: "other", code };
}
function errorCodes(error, depth = 0) {
  if (!(error instanceof Error) || depth > 5) return [];
  const own = error.code;
  const codes = typeof own === "string" ? [own] : [];
  if (error instanceof AggregateError)
    for (const inner of error.errors) codes.push(...errorCodes(inner, depth + 1));
  codes.push(...errorCodes(error.cause, depth + 1));
  return codes;
}
function statusText(statusCode) {
  return process.getBuiltinModule("node:http").STATUS_CODES[statusCode];
}

// src/client/http-stack.ts
var exportsOf = (module) => module.default;
var undici;
var core;
function loadUndici() {
  undici ??= import("./undici-DSVUFPXN.js").then((module) => module.default ?? module);
  return undici;
}
function loadHttpCore() {
  core ??= Promise.all([
    import("./env-http-proxy-agent-X42RIRML.js"),
    import("./api-request-D3WDDRJT.js")
  ]).then(([agent, request]) => {
    const requestOn = exportsOf(request);
    const send = (dispatcher, url, options) => {
      const target = new URL(url);
      return requestOn.call(dispatcher, {
        ...options,
        origin: target.origin,
        path: `${target.pathname}${target.search}`
      });
    };
    return { ProxyAgent: exportsOf(agent), send };
  });
  return core;
}
var LazyProxyAgent = class {
  #agent;
  open() {
    this.#agent ??= loadHttpCore().then(({ ProxyAgent }) => new ProxyAgent());
    return this.#agent;
  }
  async close() {
    if (this.#agent !== void 0) await (await this.#agent).close();
  }
  /** Drops idle keep-alive sockets at once instead of closing them one by one. */
  async destroy() {
    if (this.#agent !== void 0) await (await this.#agent).destroy();
  }
};

// src/client/job-status.ts
var SUCCEEDED_STATUSES = ["completed", "succeeded", "success", "done"];
var FAILED_STATUSES = ["failed", "error", "errored"];
var CANCELLED_STATUSES = ["cancelled", "canceled"];
var RUNNING_STATUSES = ["queued", "pending", "running", "in_progress", "created"];
function classifyStatus(status) {
  const normalized = status.trim().toLowerCase();
  if (SUCCEEDED_STATUSES.includes(normalized)) return "succeeded";
  if (FAILED_STATUSES.includes(normalized)) return "failed";
  if (CANCELLED_STATUSES.includes(normalized)) return "cancelled";
  return "running";
}
function isKnownStatus(status) {
  const normalized = status.trim().toLowerCase();
  return classifyStatus(normalized) !== "running" || RUNNING_STATUSES.includes(normalized);
}
var classifyScanStatus = classifyStatus;
var SKIPPED_STATUSES = ["skipped"];
function classifyModuleStatus(status) {
  return SKIPPED_STATUSES.includes(status.trim().toLowerCase()) ? "skipped" : classifyStatus(status);
}
function isModuleComplete(status) {
  const outcome = classifyModuleStatus(status);
  return outcome === "succeeded" || outcome === "skipped";
}
function classifyAiAnalysis(analysis, observe) {
  if (hasStatus(analysis.status)) {
    observe?.(analysis.status);
    return classifyStatus(analysis.status);
  }
  const outcomes = analysis.agent_runs.map((run) => {
    observe?.(run.status);
    return classifyStatus(run.status);
  });
  if (outcomes.length === 0 || outcomes.includes("running")) return "running";
  if (outcomes.includes("failed")) return "failed";
  if (outcomes.includes("cancelled")) return "cancelled";
  return "succeeded";
}
function classifyRemediation(job, observe) {
  if (hasStatus(job.status)) {
    observe?.(job.status);
    return classifyStatus(job.status);
  }
  return typeof job.pr_url === "string" && job.pr_url.length > 0 ? "succeeded" : "running";
}
function unknownStatusReporter(logger, what) {
  const reported = /* @__PURE__ */ new Set();
  return (status) => {
    if (isKnownStatus(status) || reported.has(status)) return;
    reported.add(status);
    logger.warning(`${what} has the unknown status "${status}"; waiting on as if it were still running`);
  };
}
function hasStatus(status) {
  return typeof status === "string" && status.trim().length > 0;
}

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

// src/client/base-url.ts
var VERSION_PREFIX = "/api/v1";
function normalizeBaseUrl(raw, source, redact = (text) => text) {
  const shown = redact(raw);
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `The service URL "${shown}" (${source}) is not a valid URL; expected one like https://api.example.com${VERSION_PREFIX}`
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError(
      `The service URL "${shown}" (${source}) must start with https:// (or http:// for a local server)`
    );
  }
  if (url.username || url.password) {
    throw new ConfigError(
      `The service URL (${source}) contains a user name or password; remove them, the API key is sent as a header`
    );
  }
  if (url.search || url.hash) {
    throw new ConfigError(`The service URL "${shown}" (${source}) must not have a query or fragment`);
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    throw new ConfigError(
      `The service URL "${shown}" (${source}) uses plain http to ${url.hostname}, which would send the API key unencrypted. Use https, or plain http only with a loopback address (127.0.0.1, ::1 or localhost), e.g. for a local emulator.`
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
function isLoopbackHost(hostname) {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");
  if (host === "localhost") return true;
  const { isIP } = process.getBuiltinModule("node:net");
  if (isIP(host) === 4) return host.startsWith("127.");
  if (isIP(host) === 6) return host === "::1" || host === "0:0:0:0:0:0:0:1";
  return false;
}
function hasVersionPrefix(baseUrl) {
  return new URL(baseUrl).pathname.replace(/\/+$/, "").endsWith(VERSION_PREFIX);
}

// src/client/clock.ts
var realSleep = (ms, signal) => new Promise((resolve2, reject) => {
  if (signal?.aborted) {
    reject(signal.reason);
    return;
  }
  const onAbort = () => {
    clearTimeout(timer);
    reject(signal?.reason);
  };
  const timer = setTimeout(() => {
    signal?.removeEventListener("abort", onAbort);
    resolve2();
  }, ms);
  signal?.addEventListener("abort", onAbort, { once: true });
});
var realNow = () => Date.now();
var realRandom = () => Math.random();

// src/client/logger.ts
var NOOP_LOGGER = Object.freeze({
  debug: () => void 0,
  info: () => void 0,
  warning: () => void 0,
  startGroup: () => void 0,
  endGroup: () => void 0
});
function warningsAsInfo(logger) {
  return {
    ...logger,
    warning: (message) => {
      logger.info(`Warning: ${message}`);
    }
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

// src/client/redact.ts
var REDACTED = "[REDACTED]";
var MIN_ENCODED_SECRET_LENGTH = 8;
function secretForms(secret) {
  if (secret.length === 0) return [];
  const forms = [secret, JSON.stringify(secret).slice(1, -1)];
  if (secret.length >= MIN_ENCODED_SECRET_LENGTH) {
    const component = encodeURIComponent(secret);
    const everyByte = [...Buffer.from(secret, "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
    forms.push(component, lowerCaseHex(component), everyByte, everyByte.toUpperCase());
    for (const plain of [secret, `Bearer ${secret}`]) forms.push(...base64Forms(plain));
  }
  return [...new Set(forms)].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
}
function lowerCaseHex(percentEncoded) {
  return percentEncoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
}
function base64Forms(plain) {
  const bytes = Buffer.from(plain, "utf8");
  const forms = [bytes.toString("base64"), bytes.toString("base64url")];
  for (let skip = 0; skip < 3; skip++) {
    const whole = Math.floor((bytes.length - skip) / 3) * 3;
    if (whole < 6) continue;
    const aligned = bytes.subarray(skip, skip + whole);
    forms.push(aligned.toString("base64"), aligned.toString("base64url"));
  }
  return forms;
}
function createRedactor(...secrets) {
  const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  if (forms.length === 0) return (text) => text;
  return (text) => {
    let result = text;
    for (const form of forms) if (result.includes(form)) result = result.replaceAll(form, REDACTED);
    return result;
  };
}
function redactValue(value, redact) {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redact));
  if (value !== null && typeof value === "object") {
    const copy = /* @__PURE__ */ Object.create(null);
    for (const [key, item] of Object.entries(value)) copy[redact(key)] = redactValue(item, redact);
    return copy;
  }
  return value;
}
function redactCause(cause, redact) {
  if (!(cause instanceof Error)) {
    return typeof cause === "string" ? redact(cause) : cause;
  }
  const stack = cause.stack ?? "";
  if (redact(cause.message) === cause.message && redact(stack) === stack) return cause;
  const copy = new Error(redact(cause.message));
  copy.name = cause.name;
  copy.stack = redact(stack);
  const code = cause.code;
  if (code !== void 0) Object.assign(copy, { code });
  return copy;
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
var anyObject = (value, at) => isRecord2(value) ? ownCopy(value) : fail(at, "an object", value);
var numberRecord = (value, at) => {
  if (!isRecord2(value)) return fail(at, "an object", value);
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
function arrayOf(item) {
  return (value, at) => {
    if (!Array.isArray(value)) return fail(at, "an array", value);
    return value.map((element, index) => item(element, `${at}[${index}]`));
  };
}
function object(fields) {
  const entries = Object.entries(fields);
  return (value, at) => {
    if (!isRecord2(value)) return fail(at, "an object", value);
    const result = {};
    for (const [name, decode] of entries) {
      const field = decode(ownField(value, name), at === "" ? name : `${at}.${name}`);
      if (field !== void 0)
        Object.defineProperty(result, name, { value: field, enumerable: true, writable: true });
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
function isRecord2(value) {
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
  const source = isRecord2(value) ? value : {};
  const malformed = isRecord2(value) ? [] : ["the whole item"];
  const field = (name, fallback) => {
    try {
      const decoded2 = findingFields[name](ownField(source, name), `${at}.${name}`);
      return decoded2;
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
  if (isRecord2(value) && Object.hasOwn(value, "items")) {
    return arrayOf(apiKey)(ownField(value, "items"), at === "" ? "items" : `${at}.items`);
  }
  throw new DecodeIssue("is not a list of API keys");
};
var usageOverview = object({ remaining_credits: number });

// src/client/retry.ts
var IDEMPOTENT_METHODS = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
function failureKind(error) {
  if (error instanceof RateLimitError) return "rate-limited";
  if (error instanceof ServerError) return "server";
  if (error instanceof ConnectionError) return error.neverSent ? "connect" : "network";
  if (error instanceof RequestTimeoutError || error instanceof DecodeError) return "network";
  return "final";
}
function isRetryable(kind, method, idempotent = false) {
  switch (kind) {
    case "rate-limited":
    case "connect":
      return true;
    case "server":
    case "network":
      return idempotent || IDEMPOTENT_METHODS.has(method.toUpperCase());
    case "final":
      return false;
  }
}
function backoffDelayMs(retryIndex, random, policy) {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.floor(random() * ceiling);
}
function parseRetryAfter(value, now) {
  if (value === void 0) return void 0;
  const text = value.trim();
  if (text.length === 0) return void 0;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1e3);
  if (!/^[a-z]{3,9}[, ]/i.test(text)) return void 0;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return void 0;
  return Math.max(0, date - now());
}
async function withRetries(attempt, context) {
  const { method, path, policy, signal, logger } = context;
  let waitedMs = 0;
  for (let retryIndex = 0; ; retryIndex++) {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof ServiceError) error.attempts = retryIndex + 1;
      if (signal?.aborted) throw error;
      const kind = failureKind(error);
      if (retryIndex >= policy.maxRetries || !isRetryable(kind, method, context.idempotent)) throw error;
      const retryAfterMs = error instanceof RateLimitError ? error.retryAfterMs : void 0;
      const delayMs = retryAfterMs ?? backoffDelayMs(retryIndex, context.random, policy);
      if (waitedMs + delayMs > policy.maxWaitMs) {
        logger.debug(
          `${method} ${path}: not retrying, a wait of ${seconds(delayMs)} s would exceed the retry budget of ${seconds(policy.maxWaitMs)} s`
        );
        throw error;
      }
      const reason = error instanceof Error ? error.message : String(error);
      logger.warning(`${reason}; retry ${retryIndex + 1} of ${policy.maxRetries} in ${seconds(delayMs)} s`);
      try {
        await context.sleep(delayMs, signal);
      } catch (sleepError) {
        throw abortedError(`${method} ${path}`, signal?.reason ?? sleepError);
      }
      waitedMs += delayMs;
    }
  }
}
function seconds(ms) {
  return (ms / 1e3).toFixed(1);
}

// src/client/transport.ts
var Transport = class {
  #options;
  #redact;
  /** The key has a character JSON may write as an escape other than \u. */
  #keyHasEscapable;
  constructor(options) {
    this.#options = options;
    this.#redact = createRedactor(options.apiKey);
    this.#keyHasEscapable = /[/"\\]/.test(options.apiKey);
  }
  request(call) {
    const { retry, sleep, random, logger } = this.#options;
    return withRetries(() => this.#attempt(call), {
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
  async #attempt(call) {
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
        headers: this.#headers(call.body !== void 0),
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
    const requestId = this.#redact(
      firstHeader(headers, "x-request-id") ?? firstHeader(headers, "request-id") ?? ""
    );
    const context = { statusCode, requestId: requestId || void 0 };
    if (statusCode < 200 || statusCode > 299) {
      throw errorFromResponse({
        method,
        path,
        ...context,
        body: this.#parseErrorBody(text),
        retryAfterMs: statusCode === 429 ? parseRetryAfter(firstHeader(headers, "retry-after"), this.#options.now) : void 0
      });
    }
    call.options?.onRetryAfter?.(parseRetryAfter(firstHeader(headers, "retry-after"), this.#options.now));
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
  #headers(hasBody) {
    return {
      authorization: `Bearer ${this.#options.apiKey}`,
      accept: "application/json",
      "user-agent": this.#options.userAgent,
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
function apiPath(strings, ...segments) {
  return strings.reduce((path, text, index) => {
    const segment = index < segments.length ? encodeURIComponent(segments[index] ?? "") : "";
    return path + text + segment;
  }, "");
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
        maxWaitMs: options.maxRetryWaitMs ?? DEFAULT_RETRY_POLICY.maxWaitMs
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
    return this.#get("/me", principal, options);
  }
  createScan(params, options) {
    return this.#post("/scans", scan, options, params);
  }
  listScans(params = {}, options) {
    return this.#get("/scans", page(scan), options, { ...params });
  }
  iterateScans(params = {}, options = {}) {
    return this.#iterate(
      (page2, o) => this.listScans({ ...params, ...page2 }, o),
      params,
      options,
      PAGE_SIZES.scans
    );
  }
  getScan(id2, options) {
    return this.#get(apiPath`/scans/${id2}`, scan, options, void 0, sameId("scan", id2));
  }
  getScanReport(id2, options) {
    return this.#get(apiPath`/scans/${id2}/report`, scanReport, options);
  }
  /** Cancelling is idempotent, so a failed cancel is sent again like a read. */
  cancelScan(id2, options) {
    return this.#transport.request({
      method: "POST",
      path: apiPath`/scans/${id2}/cancel`,
      decode: scan,
      options,
      idempotent: true,
      check: sameId("scan", id2)
    });
  }
  /** Without a limit, asks for 50 findings when listing one scan's, the service's default of 20 otherwise. */
  listFindings(params = {}, options) {
    const limit = params.limit ?? (params.scan_id === void 0 ? void 0 : PAGE_SIZES.findingsOfScan);
    const check = params.scan_id === void 0 ? void 0 : findingsOfScan(params.scan_id);
    return this.#get("/findings", page(finding), options, { ...params, limit }, check);
  }
  iterateFindings(params = {}, options = {}) {
    const pageSize = params.scan_id === void 0 ? PAGE_SIZES.findings : PAGE_SIZES.findingsOfScan;
    return this.#iterate(
      (page2, o) => this.listFindings({ ...params, ...page2 }, o),
      params,
      options,
      pageSize
    );
  }
  getFinding(id2, options) {
    return this.#get(
      apiPath`/findings/${id2}`,
      findingDetail,
      options,
      void 0,
      sameId("finding", id2)
    );
  }
  remediateFinding(id2, options) {
    return this.#post(apiPath`/findings/${id2}/remediate`, remediationJob, options);
  }
  getRemediation(id2, options) {
    const check = sameId("remediation job", id2);
    return this.#get(apiPath`/remediations/${id2}`, remediationJob, options, void 0, check);
  }
  startAiAnalysis(scanId, options) {
    return this.#post(apiPath`/scans/${scanId}/ai-analysis`, aiAnalysis, options);
  }
  getAiAnalysis(scanId, options) {
    const check = analysisOf(scanId);
    return this.#get(apiPath`/scans/${scanId}/ai-analysis`, aiAnalysis, options, void 0, check);
  }
  getAiPatches(scanId, options) {
    return this.#get(apiPath`/scans/${scanId}/ai-analysis/patches`, aiPatches, options);
  }
  getComplianceOverview(params = {}, options) {
    return this.#get("/compliance/overview", complianceOverview, options, { ...params });
  }
  getComplianceFramework(frameworkId, params = {}, options) {
    return this.#get(apiPath`/compliance/${frameworkId}`, frameworkDetail, options, { ...params });
  }
  getAiSecurityOverview(params = {}, options) {
    return this.#get("/ai-security/overview", aiSecurityOverview, options, { ...params });
  }
  listAuditLogs(params = {}, options) {
    return this.#get("/audit-logs", page(auditLog), options, { ...params });
  }
  iterateAuditLogs(params = {}, options = {}) {
    return this.#iterate(
      (page2, o) => this.listAuditLogs({ ...params, ...page2 }, o),
      params,
      options,
      PAGE_SIZES.auditLogs
    );
  }
  listRepositories(params = {}, options) {
    return this.#get("/repositories", page(repository), options, { ...params });
  }
  iterateRepositories(params = {}, options = {}) {
    const list = (page2, o) => this.listRepositories({ ...params, ...page2 }, o);
    return this.#iterate(list, params, options, PAGE_SIZES.repositories);
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
    return this.#transport.request({
      method: "POST",
      path: "/api-keys",
      body,
      decode: apiKeyCreated,
      options,
      secretResponse: true
    });
  }
  listApiKeys(options) {
    return this.#get("/api-keys", apiKeyList, options);
  }
  revokeApiKey(id2, options) {
    return this.#transport.request({
      method: "DELETE",
      path: apiPath`/api-keys/${id2}`,
      decode: null,
      options
    });
  }
  getUsage(options) {
    return this.#get("/billing/usage", usageOverview, options);
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
  #get(path, decoder, options, query, check) {
    return this.#transport.request({
      method: "GET",
      path,
      query,
      decode: decoder,
      options,
      ...check ? { check } : {}
    });
  }
  #post(path, decoder, options, body) {
    return this.#transport.request({ method: "POST", path, body, decode: decoder, options });
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
function peekTable(ctx, key, table2, meta, type) {
  let t = table2;
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

// src/core/escape.ts
var LINE_BREAK = /\r\n|\r|\n/;
var INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;
function replaceInvisible(text) {
  return text.replace(INVISIBLE, (character) => /[\t\r\n]/.test(character) ? character : "\uFFFD");
}
function breakLegacyCommands(text) {
  return replaceInvisible(text).replaceAll("##[", "## [");
}
var LOG_LINE_LIMIT = 2e3;
function escapeLogLine(text) {
  return breakLegacyCommands(text).split(LINE_BREAK).map((line) => truncate(line.replace(/^(\s*):(?=:)/u, "$1: "), LOG_LINE_LIMIT)).join("\n");
}
function escapeAnnotationMessage(text, maxLength = ANNOTATION_MESSAGE_LIMIT) {
  return truncate(breakLegacyCommands(text), maxLength);
}
var ANNOTATION_MESSAGE_LIMIT = 4096;
var ANNOTATION_TITLE_LIMIT = 255;
function escapeAnnotationProperty(text, maxLength = ANNOTATION_TITLE_LIMIT) {
  return truncate(breakLegacyCommands(text.replace(/[\r\n]+/g, " ")), maxLength);
}
function truncate(text, maxLength) {
  if (text.length <= maxLength) return text;
  return `${text.slice(0, Math.max(0, maxLength - 1))}\u2026`;
}
var HTML_ENTITIES = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;"
};
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character] ?? character);
}
function escapeMarkdownInline(text) {
  const oneLine = replaceInvisible(text).replace(/[\r\n]+/g, " ");
  return escapeHtml(oneLine).replace(/[\\`*_[\]|~]/g, "\\$&").replace(/^(\s*)([#+=-])/, "$1\\$2").replace(/^(\s*\d+)([.)])/, "$1\\$2").replace(/@/g, "@&#8203;");
}
function markdownCode(text) {
  const oneLine = replaceInvisible(text).replace(/[\r\n]+/g, " ").replace(/\|/g, "\\|");
  const longestRun = Math.max(0, ...Array.from(oneLine.matchAll(/`+/g), (match) => match[0].length));
  const fence = "`".repeat(longestRun + 1);
  const pad = oneLine.startsWith("`") || oneLine.endsWith("`") ? " " : "";
  return `${fence}${pad}${oneLine}${pad}${fence}`;
}
function markdownLink(label, url) {
  return markdownCodeLink(escapeMarkdownInline(label), url);
}
function markdownCodeLink(renderedLabel, url) {
  const href = safeHref(url);
  return href === void 0 ? renderedLabel : `[${renderedLabel}](${href})`;
}
function safeHref(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return void 0;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return void 0;
  return parsed.href.replace(/[()<>\s|]/g, (character) => percentEncode(character));
}
function percentEncode(character) {
  return `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
}

// src/run/run-error.ts
var RunError = class extends Error {
  name = "RunError";
};

// src/run/failure-advice.ts
var ACTION_ADVICE_WORDS = {
  urlSetting: "api-url",
  giveKey: "store it as a repository or organization secret and pass it as the api-key input",
  machine: "the runner",
  caSetting: "in the job's env",
  again: "Re-run the job",
  roles: "(member starts scans and remediations)"
};
function adviseOnFailure(error, stage, context = {}) {
  const doing = context.doing ?? describeStage(stage);
  const words = context.words ?? ACTION_ADVICE_WORDS;
  if (error instanceof ConfigError) return error.message;
  if (error instanceof PermissionDeniedError) {
    return `The service refused the request (403) while ${doing}: the API key's role may not do this. Use a key with a role that allows it ${words.roles}, or ask an org admin. Service said: ${error.message}`;
  }
  if (error instanceof AuthError) {
    return `The service rejected the API key (401) while ${doing}. The key may be mistyped, revoked or from another environment: create a new key (svc keys create ci --role member) and ${words.giveKey}. Service said: ${error.message}`;
  }
  if (error instanceof NotFoundError) {
    if (context.baseUrl !== void 0 && !hasVersionPrefix(context.baseUrl)) {
      return `The service answered 404 while ${doing}, and the ${words.urlSetting} (${context.baseUrl}) does not end in /api/v1, where the service's paths live: set ${words.urlSetting} to the base URL ending in /api/v1. ${error.message}`;
    }
    return `The service answered 404 while ${doing}: ${error.message}`;
  }
  if (error instanceof ValidationError) {
    return `The service rejected the request (${String(error.statusCode)}) while ${doing}: ${error.message}. Check the inputs named in the message.`;
  }
  if (error instanceof RateLimitError) {
    return `The service rate limited the requests (429) while ${doing}, ${attempted(error, stage)}. ${words.again} later. ${error.message}`;
  }
  if (error instanceof ServerError) {
    return `The service failed (${String(error.statusCode)}) while ${doing}, ${attempted(error, stage)}. ${words.again}; if it persists, check the service status. ${error.message}`;
  }
  if (error instanceof ConnectionError) return adviseOnConnection(error, stage, doing, words);
  if (error instanceof RequestTimeoutError) {
    return `The service did not answer in time while ${doing}, ${attempted(error, stage)}. ${words.again}; if it persists, check the service status. ${error.message}`;
  }
  if (error instanceof DecodeError) {
    return `The service's answer could not be used while ${doing}, ${attempted(error, stage)}: ${error.message}. The service may be failing or answering in an unexpected format; ${words.again.toLowerCase()}.`;
  }
  if (error instanceof IncompleteListError) {
    return `A list the service paged through did not end while ${doing}: ${error.message}. The service's totals keep changing; ${words.again.toLowerCase()}.`;
  }
  if (error instanceof ServiceError) return `Failed while ${doing}: ${error.message}`;
  if (error instanceof Error) return `Unexpected error while ${doing}: ${error.message}`;
  return `Unexpected error while ${doing}: ${String(error)}`;
}
function attempted(error, stage) {
  if (error.attempts > 1) return `after ${error.attempts} attempts`;
  const starts = stage === "scan" || stage === "remediation";
  return starts ? "and the request was not repeated (repeating a request that starts a scan or a job could start a second one)" : "and the request was not repeated";
}
function adviseOnConnection(error, stage, doing, words) {
  switch (error.failure) {
    case "tls":
      return `The TLS connection to the service failed while ${doing} (${error.code ?? "certificate problem"}). A self-signed or corporate certificate authority is not trusted by Node: put the CA certificate (PEM) on ${words.machine} and set NODE_EXTRA_CA_CERTS to its path ${words.caSetting}. ${error.message}`;
    case "dns":
      return `The service's host name could not be resolved while ${doing} (${error.code ?? "DNS"}). Check the host in ${words.urlSetting} (or SVC_API_URL), and that ${words.machine}'s network can resolve it. ${error.message}`;
    case "connect":
      return `The connection to the service was refused or unreachable while ${doing}, ${attempted(error, stage)}. Check ${words.urlSetting} (is the service listening at that host and port?), and that ${words.machine} can reach the host (firewall, proxy: HTTPS_PROXY). ${error.message}`;
    case "reset":
    case "other":
      return `The connection to the service failed while ${doing}, ${attempted(error, stage)}. ${words.again}; if it persists, check the network between ${words.machine} and the service. ${error.message}`;
  }
}
function describeStage(stage) {
  switch (stage) {
    case "inputs":
      return "reading the inputs";
    case "credentials":
      return "resolving the credentials";
    case "repository":
      return "looking up the repository";
    case "scan":
      return "running the scan";
    case "report":
      return "reading the scan report";
    case "findings":
      return "reading the findings";
    case "remediation":
      return "starting remediations";
  }
}

// src/run/run-deadline.ts
var RunDeadline = class {
  signal;
  timeoutMs;
  #endsAt;
  #now;
  constructor(timeoutMs, now) {
    this.timeoutMs = timeoutMs;
    this.#now = now;
    this.#endsAt = now() + timeoutMs;
    this.signal = AbortSignal.timeout(Math.ceil(timeoutMs));
  }
  get expired() {
    return this.signal.aborted || this.remainingMs() <= 0;
  }
  /** Time left, never negative. */
  remainingMs() {
    return Math.max(0, this.#endsAt - this.#now());
  }
};
var RUN_DEADLINE_MARGIN_MS = 5e3;
var REPORTING_MARGIN_MS = RUN_DEADLINE_MARGIN_MS - 1e3;
var RunTimeoutError = class extends RunError {
  name = "RunTimeoutError";
  stage;
  constructor(seconds2, stage, scanId) {
    const scan2 = stage === "scan" && scanId !== void 0 ? ` Scan ${scanId} did not finish in time; it is cancelled when the job ends.` : "";
    super(
      `The run did not finish within wait-timeout (${seconds2} s): it was ${describeStage(stage)}.${scan2} wait-timeout bounds the whole run (repository lookup, scan, findings, remediations): raise it, scan fewer modules, or re-run the job if the service was slow.`
    );
    this.stage = stage;
  }
};

// src/run/scan-progress.ts
var ScanProgress = class {
  #scanStatus;
  #moduleStatus = /* @__PURE__ */ new Map();
  #startedAt;
  constructor(startedAt) {
    this.#startedAt = startedAt;
  }
  update(scan2, now) {
    const elapsed = formatElapsed(now - this.#startedAt);
    const lines = [];
    if (scan2.status !== this.#scanStatus) {
      lines.push(`[${elapsed}] scan ${scan2.id}: ${scan2.status}`);
      this.#scanStatus = scan2.status;
    }
    for (const module of scan2.modules) {
      if (this.#moduleStatus.get(module.name) !== module.status) {
        lines.push(`[${elapsed}]   module ${module.name}: ${module.status}`);
        this.#moduleStatus.set(module.name, module.status);
      }
    }
    return lines;
  }
};
function formatElapsed(ms) {
  const totalSeconds = Math.max(0, ms) / 1e3;
  if (totalSeconds < 60) return `${totalSeconds.toFixed(1)}s`;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds2 = Math.floor(totalSeconds % 60);
  return `${minutes}m${String(seconds2).padStart(2, "0")}s`;
}

// src/run/scan-step.ts
var CREATE_GRACE_MS = 3500;
var CANCEL_TIMEOUT_MS = 3500;
var RepositoryNotFoundError = class extends RunError {
  name = "RepositoryNotFoundError";
};
var ScanInterruptedError = class extends RunError {
  name = "ScanInterruptedError";
  /** The scan's status after the cancel request; undefined when there was no scan or the request failed. */
  scanStatus;
  constructor(message, scanStatus) {
    super(message);
    this.scanStatus = scanStatus;
  }
};
var ScanStartError = class extends RunError {
  name = "ScanStartError";
};
async function lookUpRepository(scope) {
  const { client, settings, signal } = scope;
  const found = await client.findRepositoryByFullName(settings.repository, {
    ...settings.projectId ? { projectId: settings.projectId } : {},
    signal
  });
  if (found) return found;
  const principal2 = await client.me({ signal }).catch(() => void 0);
  const org = principal2 ? ` in organization ${principal2.active_org_id}` : "";
  const project = settings.projectId ? ` (project ${settings.projectId})` : "";
  throw new RepositoryNotFoundError(
    `Repository '${settings.repository}' was not found on the service${org}${project}. Connect the repository to the service, check the repository input (owner/name, as the service lists it)` + (settings.projectId ? ", and the project-id input" : "") + ", or use an API key of the organization that owns it."
  );
}
async function startScan(scope, params, onStarted) {
  const { client, record } = scope;
  const grace = graceAfter(scope.stopSignal, CREATE_GRACE_MS);
  let started;
  try {
    started = await client.createScan(params, {
      signal: AbortSignal.any([scope.deadline.signal, grace.signal])
    });
  } catch (error) {
    const id2 = error instanceof DecodeError ? error.resourceId : void 0;
    if (id2 === void 0) {
      if (scope.stopSignal.aborted) {
        throw new ScanInterruptedError(
          "The workflow was cancelled while the scan was being started, and the service sent back no scan id in time: if it started one, cancel it on the service.",
          void 0
        );
      }
      throw error;
    }
    record.scanId(id2);
    const cancelled = await cancelScan(scope, id2, () => {
      record.scanSettled();
    });
    throw new ScanStartError(
      `The service started scan ${id2} but its answer could not be read (${error instanceof Error ? error.message : String(error)}). ` + (cancelled ? "The scan was cancelled." : "The scan is cancelled when the job ends.") + " Re-run the job; if it persists, the service is answering in an unexpected format."
    );
  } finally {
    grace.dispose();
  }
  record.scanId(started.id);
  onStarted(started);
  if (scope.stopSignal.aborted) {
    const cancelled = await cancelScan(scope, started.id, () => {
      record.scanSettled();
    });
    throw new ScanInterruptedError(
      `The workflow was cancelled while scan ${started.id} was being started; ` + (cancelled ? "it was cancelled on the service." : "it could not be cancelled; the post step tries again."),
      cancelled?.status
    );
  }
  return started;
}
async function waitForScan(scope, started, onScan) {
  const { client, settings, log, deadline } = scope;
  const startedAt = scope.now();
  const progress = new ScanProgress(startedAt);
  const show = (scan2) => {
    onScan(scan2);
    for (const line of progress.update(scan2, scope.now())) log.info(line);
  };
  log.startGroup(`Waiting for scan ${started.id}`);
  try {
    show(started);
    if (classifyScanStatus(started.status) !== "running") return started;
    return await client.waitForScan(started.id, {
      intervalMs: settings.pollIntervalSeconds * 1e3,
      timeoutMs: deadline.remainingMs(),
      signal: scope.signal,
      onUpdate: show,
      skipFirstFetch: true
    });
  } catch (error) {
    if (scope.stopSignal.aborted) {
      const cancelled = await cancelScan(scope, started.id, () => {
        scope.record.scanSettled();
      });
      throw new ScanInterruptedError(
        `The workflow was cancelled after ${formatElapsed(scope.now() - startedAt)}; ` + (cancelled ? `scan ${started.id} was cancelled on the service.` : `scan ${started.id} could not be cancelled; the post step tries again.`),
        cancelled?.status
      );
    }
    if (deadline.expired || error instanceof PollTimeoutError) {
      throw new RunTimeoutError(settings.waitTimeoutSeconds, "scan", started.id);
    }
    throw error;
  } finally {
    log.endGroup();
  }
}
async function cancelScan(scope, scanId, onSettled, timeoutMs = CANCEL_TIMEOUT_MS) {
  const { client, log } = scope;
  try {
    const scan2 = await client.cancelScan(scanId, { timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    onSettled();
    log.info(describeCancelled(scan2));
    return scan2;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warning(`Could not cancel scan ${scanId}: ${reason}`);
    return void 0;
  }
}
function describeCancelled(scan2) {
  switch (classifyScanStatus(scan2.status)) {
    case "cancelled":
      return `Cancelled scan ${scan2.id} on the service.`;
    case "running":
      return `Asked the service to cancel scan ${scan2.id}; it is stopping (status ${scan2.status}).`;
    case "succeeded":
    case "failed":
      return `Scan ${scan2.id} had already ended (status ${scan2.status}); there was nothing to cancel.`;
  }
}
function describeEndedScan(scan2) {
  const failed = scan2.modules.filter((module) => classifyModuleStatus(module.status) === "failed");
  const modules = failed.length > 0 ? `; failed modules: ${failed.map((m) => m.name).join(", ")}` : "";
  return `Scan ${scan2.id} ended ${scan2.status}${modules}.`;
}

// src/core/secrets.ts
var SCRUBBED = "***";
var MIN_SECRET_LENGTH = 4;
var SecretScrubber = class {
  #forms = [];
  #secrets = /* @__PURE__ */ new Set();
  add(secret) {
    if (secret.length < MIN_SECRET_LENGTH || this.#secrets.has(secret)) return;
    this.#secrets.add(secret);
    const forms = /* @__PURE__ */ new Set([...this.#forms, ...secretForms(secret)]);
    for (const form of [escapeMarkdownInline(secret), escapeHtml(secret)]) forms.add(form);
    this.#forms = [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
  }
  has(secret) {
    return this.#secrets.has(secret);
  }
  scrub(text) {
    let scrubbed = text;
    for (const form of this.#forms)
      if (scrubbed.includes(form)) scrubbed = scrubbed.replaceAll(form, SCRUBBED);
    return scrubbed;
  }
};
function scrubSecrets(text, secrets) {
  const scrubber = new SecretScrubber();
  for (const secret of secrets) scrubber.add(secret);
  return scrubber.scrub(text);
}

// src/core/run-report.ts
var LISTED_COMPARED = 1e3;
function freezeReport(report) {
  return Object.freeze({ ...report, notes: Object.freeze([...report.notes]) });
}

// src/core/compliance-gate.ts
function applyComplianceGate(verdict, compliance) {
  const minScore = compliance?.minScore;
  if (compliance === void 0 || minScore === void 0) return verdict;
  const score = compliance.overallScore;
  if (score === void 0) {
    const why = compliance.problem ? ` (${compliance.problem})` : "";
    return fail2(
      verdict,
      `The compliance score could not be read${why}, so min-compliance-score ${minScore} cannot be checked: the step fails rather than pass unchecked.`
    );
  }
  if (score < minScore) {
    return fail2(verdict, `The compliance score ${score} is below min-compliance-score ${minScore}.`);
  }
  if (!verdict.passed) return verdict;
  return {
    ...verdict,
    reason: `${verdict.reason} The compliance score ${score} meets min-compliance-score ${minScore}.`
  };
}
function fail2(verdict, sentence) {
  return {
    passed: false,
    failingFindings: verdict.failingFindings,
    reason: verdict.passed ? sentence : `${verdict.reason} ${sentence}`
  };
}

// src/core/gate.ts
function evaluateGate(counts, failOn, incompleteModules2 = []) {
  if (failOn === "none") {
    return { passed: true, failingFindings: 0, reason: "fail-on is none: findings never fail this step." };
  }
  const failing = SEVERITIES.filter((severity2) => isAtOrAbove(severity2, failOn));
  const failingFindings = failing.reduce((sum, severity2) => sum + counts[severity2], 0);
  const floor = failOn === "critical" ? "critical" : `${failOn} or above`;
  const reasons = [];
  if (failingFindings > 0) {
    const parts = failing.filter((severity2) => counts[severity2] > 0).map((s) => `${counts[s]} ${s}`);
    const noun2 = failingFindings === 1 ? "finding is" : "findings are";
    reasons.push(`${failingFindings} ${noun2} ${floor} (fail-on: ${failOn}): ${parts.join(", ")}.`);
  }
  if (incompleteModules2.length > 0) reasons.push(incompleteReason(incompleteModules2));
  if (reasons.length === 0) {
    return { passed: true, failingFindings, reason: `No finding is ${floor} (fail-on: ${failOn}).` };
  }
  return { passed: false, failingFindings, reason: reasons.join(" ") };
}
function evaluateNewFindingsGate(input) {
  const { failOn } = input;
  const all = evaluateGate(input.counts, failOn, input.incompleteModules);
  if (failOn === "none") return all;
  const failing = SEVERITIES.filter((severity2) => isAtOrAbove(severity2, failOn));
  const sum = (counts) => failing.reduce((total, s) => total + counts[s], 0);
  const newFailing = sum(input.newCounts);
  const existingFailing = sum(input.existingCounts);
  const floor = failOn === "critical" ? "critical" : `${failOn} or above`;
  const existing = existingFailing > 0 ? ` ${existingFailing} existing ${existingFailing === 1 ? "finding" : "findings"} ${floor} ${existingFailing === 1 ? "does" : "do"} not fail the gate.` : "";
  const reasons = [];
  if (newFailing > 0) {
    const parts = failing.filter((s) => input.newCounts[s] > 0).map((s) => `${input.newCounts[s]} ${s}`);
    const noun2 = newFailing === 1 ? "new finding is" : "new findings are";
    reasons.push(
      `${newFailing} ${noun2} ${floor} (fail-on: ${failOn}): ${parts.join(", ")};${existing || " "}`.trimEnd()
    );
  }
  const incomplete = input.incompleteModules ?? [];
  if (incomplete.length > 0) reasons.push(incompleteReason(incomplete));
  if (reasons.length === 0) {
    return {
      passed: true,
      failingFindings: all.failingFindings,
      reason: `No new finding is ${floor} (fail-on: ${failOn}).${existing}`
    };
  }
  return { passed: false, failingFindings: all.failingFindings, reason: reasons.join(" ") };
}
function incompleteReason(modules) {
  const one = modules.length === 1;
  return `The scan is incomplete: ${one ? "module" : "modules"} ${modules.join(", ")} did not complete, so ${one ? "its" : "their"} findings are missing.`;
}

// src/core/scan-selection.ts
var REUSE_WINDOW_MS = 60 * 60 * 1e3;
function findReusableScan(scans, criteria, now) {
  return scans.find((scan2) => {
    if (classifyScanStatus(scan2.status) === "failed" || classifyScanStatus(scan2.status) === "cancelled")
      return false;
    if (scan2.ref !== criteria.ref) return false;
    const created = scan2.created_at === void 0 ? Number.NaN : Date.parse(scan2.created_at);
    if (!(now - created <= REUSE_WINDOW_MS && created <= now + 6e4)) return false;
    if (criteria.modules.length > 0 && !sameSet(moduleNames(scan2), criteria.modules)) return false;
    return sameFrameworks(scan2, criteria.frameworks);
  });
}
function findBaselineScan(scans, baselineRef, head) {
  const modules = moduleNames(head);
  return scans.find(
    (scan2) => scan2.ref === baselineRef && classifyScanStatus(scan2.status) === "succeeded" && sameSet(moduleNames(scan2), modules) && sameFrameworks(scan2, head.frameworks ?? [])
  );
}
function moduleNames(scan2) {
  return scan2.modules.map((module) => module.name);
}
function sameFrameworks(scan2, wanted) {
  return scan2.frameworks === void 0 || sameSet(scan2.frameworks, wanted);
}
function sameSet(a, b) {
  const left = new Set(a.map((x) => x.toLowerCase()));
  const right = new Set(b.map((x) => x.toLowerCase()));
  return left.size === right.size && [...left].every((x) => right.has(x));
}

// src/run/baseline-step.ts
var RECENT_SCANS = 200;
async function readRecentScans(context, repositoryId) {
  const scans = [];
  try {
    for await (const scan2 of context.client.iterateScans(
      { repository_id: repositoryId },
      { limit: 100, maxItems: RECENT_SCANS, signal: context.signal }
    ))
      scans.push(scan2);
    return scans;
  } catch (error) {
    context.signal.throwIfAborted();
    const reason = error instanceof Error ? error.message : String(error);
    context.log.warning(`Could not read the repository's scans: ${reason}`);
    return void 0;
  }
}
async function chooseBaselineScan(context, commit, head, scans, repositoryId) {
  const found = scans ? findBaselineScan(scans, commit.sha, head) : void 0;
  if (found) {
    context.log.info(`Baseline: scan ${found.id} of ${commit.sha}, ${commit.source}.`);
    return { commit, scan: found, started: false };
  }
  if (context.settings.baselineScan === "never") {
    return {
      commit,
      scan: void 0,
      started: false,
      missing: `no completed scan of the baseline commit ${commit.sha} with the same modules, and baseline-scan is never`
    };
  }
  const modules = head.modules.map((module) => module.name);
  const started = await context.client.createScan(
    {
      repository_id: repositoryId,
      ref: commit.sha,
      ...modules.length > 0 ? { modules } : {},
      ...head.frameworks && head.frameworks.length > 0 ? { frameworks: head.frameworks } : {},
      is_incremental: context.settings.incremental
    },
    { signal: context.signal }
  );
  context.record.baselineScanId(started.id);
  context.log.info(
    `Baseline: no completed scan of ${commit.sha} (${commit.source}); started scan ${started.id} of it.`
  );
  return { commit, scan: started, started: true };
}
async function waitForBaseline(context, choice) {
  const scan2 = choice.scan;
  if (!scan2 || !choice.started) return choice;
  const settle = () => {
    context.record.baselineSettled();
  };
  try {
    const done = classifyScanStatus(scan2.status) === "running" ? await context.client.waitForScan(scan2.id, {
      intervalMs: context.settings.pollIntervalSeconds * 1e3,
      timeoutMs: context.deadline.remainingMs(),
      signal: context.signal,
      skipFirstFetch: true
    }) : scan2;
    settle();
    if (classifyScanStatus(done.status) === "succeeded") return { ...choice, scan: done };
    return { ...choice, scan: void 0, missing: `the baseline scan ${done.id} ended ${done.status}` };
  } catch (error) {
    if (context.stopSignal.aborted) {
      await cancelBaseline(context.client, context, scan2.id);
      throw error;
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { ...choice, scan: void 0, missing: `the baseline scan ${scan2.id} did not finish: ${reason}` };
  }
}
async function cancelBaseline(client, context, id2) {
  await cancelScan({ client, log: context.log }, id2, () => {
    context.record.baselineSettled();
  });
}

// src/core/sarif/artifact-uri.ts
function repositoryRelativeUri(path) {
  if (path.length === 0 || path.length > MAX_ARTIFACT_URI_LENGTH || !path.isWellFormed()) return void 0;
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u.test(path)) return void 0;
  const slashed = path.replaceAll("\\", "/");
  if (slashed.startsWith("//") || /^[a-z][a-z0-9+.-]*:/i.test(slashed)) return void 0;
  const segments = slashed.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.length === 0 || segments.includes("..")) return void 0;
  return segments.map((segment) => encodeURIComponent(segment)).join("/");
}

// src/core/sarif/finding-fingerprint.ts
var { createHash } = process.getBuiltinModule("node:crypto");
var FINGERPRINT_KEY = "svcScanFindingHash/v1";
var FingerprintIssuer = class {
  #occurrences = /* @__PURE__ */ new Map();
  fingerprint(ruleId, path, normalisedTitle) {
    const triple = createHash("sha256").update(`${ruleId}\0${path}\0${normalisedTitle}`).digest("hex");
    const occurrence = (this.#occurrences.get(triple) ?? 0) + 1;
    this.#occurrences.set(triple, occurrence);
    return createHash("sha256").update(`${triple}:${occurrence}`).digest("hex").slice(0, 32);
  }
};

// src/core/sarif/sarif-text.ts
var LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]+/gu;
var INVISIBLE2 = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;
function cleanText(text, budget, scrub) {
  const visible = text.toWellFormed().replace(LINE_BREAKS_AND_TABS, " ").replace(INVISIBLE2, "\uFFFD").trim();
  return cutText(scrub(visible), budget);
}
function cutText(text, budget) {
  if (text.length <= budget) return text;
  let end = Math.max(0, budget - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 55296 && last <= 56319) end -= 1;
  return `${text.slice(0, end)}\u2026`;
}

// src/core/sarif/finding-fingerprinter.ts
var keep = (text) => text;
var FindingFingerprinter = class {
  #issuer = new FingerprintIssuer();
  #scrub;
  constructor(scrub = keep) {
    this.#scrub = scrub;
  }
  of(finding2) {
    const title = cleanText(
      typeof finding2.title === "string" ? finding2.title : "",
      TEXT_BUDGETS.message,
      this.#scrub
    );
    const normalisedTitle = normaliseTitle(title);
    const ruleId = ruleIdFor(parseCwe(finding2.cwe), normalisedTitle);
    const uri = finding2.malformed?.includes("file_path") ? void 0 : repositoryRelativeUri(this.#scrub(finding2.file_path));
    const pathKey = uri ?? cleanText(finding2.file_path, TEXT_BUDGETS.message, this.#scrub);
    return this.#issuer.fingerprint(ruleId, pathKey, normalisedTitle);
  }
};

// src/core/finding-filter.ts
var NO_FINDING_FILTER = { active: false, classifier: () => () => void 0 };

// src/core/finding-tally.ts
var UNKNOWN_SEVERITY_COUNTS_AS = "critical";
function countedSeverity(raw) {
  const normalized = raw.trim().toLowerCase();
  return isSeverity(normalized) ? normalized : UNKNOWN_SEVERITY_COUNTS_AS;
}
var LISTED_SUPPRESSED = 100;
function reportedFindingOf(finding2) {
  const raw = finding2.severity;
  const severity2 = countedSeverity(raw);
  return {
    id: finding2.id,
    severity: severity2,
    ...severity2 === raw.trim().toLowerCase() ? {} : { originalSeverity: raw },
    title: finding2.title,
    filePath: finding2.file_path,
    line: finding2.line,
    ...finding2.cwe ? { cwe: finding2.cwe } : {},
    ...finding2.owasp ? { owasp: finding2.owasp } : {}
  };
}
var FindingTally = class {
  /** Severities the service used that are not one of the five. */
  unknownSeverities = /* @__PURE__ */ new Set();
  /** Findings that arrived with unusable fields, by field name: counted all the same. */
  malformedFields = /* @__PURE__ */ new Map();
  #malformed = 0;
  #stated = zeroCounts();
  #seen = zeroCounts();
  #seenIds = /* @__PURE__ */ new Set();
  #uncategorised = 0;
  #kept = {
    critical: [],
    high: [],
    medium: [],
    low: [],
    info: []
  };
  #reportFloor;
  #classify;
  /** Findings of each severity that were read and that the policy leaves out of the gate. */
  #excluded = zeroCounts();
  #outOfScope = 0;
  #suppressed = [];
  #suppressedCount = 0;
  #matchedSuppressions = /* @__PURE__ */ new Set();
  #fingerprints = new FindingFingerprinter();
  #keptPerSeverity;
  /**
   * `keptPerSeverity`: the most findings of one severity any sink shows. A run that reads more (every finding at
   * or above fail-on under a policy, the SARIF file's) counts them all but keeps only these, not every record.
   */
  constructor(reportFloor, filter = NO_FINDING_FILTER, keptPerSeverity = Number.POSITIVE_INFINITY) {
    this.#reportFloor = reportFloor;
    this.#classify = filter.classifier();
    this.#keptPerSeverity = keptPerSeverity;
  }
  get reportFloor() {
    return this.#reportFloor;
  }
  isReported(severity2) {
    return isAtOrAbove(severity2, this.#reportFloor);
  }
  /** What the service says the count of one severity is; the largest statement stands. */
  stateCount(severity2, count) {
    if (Number.isFinite(count)) this.#stated[severity2] = Math.max(this.#stated[severity2], count);
  }
  /** Findings the service counts under no known severity; they count as UNKNOWN_SEVERITY_COUNTS_AS. */
  addUncategorised(count, severityName) {
    this.#uncategorised += count;
    this.unknownSeverities.add(severityName);
  }
  /** Counts a listed finding, and keeps it to show when its severity is reported. */
  keep(finding2) {
    if (finding2.id !== "") {
      if (this.#seenIds.has(finding2.id)) return;
      this.#seenIds.add(finding2.id);
    }
    if (finding2.malformed && finding2.malformed.length > 0) {
      this.#malformed += 1;
      for (const field of finding2.malformed)
        this.malformedFields.set(field, (this.malformedFields.get(field) ?? 0) + 1);
    }
    const raw = finding2.severity;
    const severity2 = countedSeverity(raw);
    const normalized = raw.trim().toLowerCase();
    if (severity2 !== normalized) this.unknownSeverities.add(raw);
    this.#seen[severity2] += 1;
    const fingerprint = this.#fingerprints.of(finding2);
    if (this.#leaveOut(finding2, severity2)) return;
    if (!this.isReported(severity2) || this.#kept[severity2].length >= this.#keptPerSeverity) return;
    this.#kept[severity2].push({ ...reportedFindingOf(finding2), fingerprint });
  }
  /** A finding the policy leaves out is counted apart, and a suppressed one kept to show with its reason. */
  #leaveOut(finding2, severity2) {
    const exclusion = this.#classify(finding2);
    if (exclusion === void 0) return false;
    this.#excluded[severity2] += 1;
    if (exclusion.kind === "out-of-scope") {
      this.#outOfScope += 1;
      return true;
    }
    this.#suppressedCount += 1;
    this.#matchedSuppressions.add(exclusion.entry);
    if (this.#suppressed.length < LISTED_SUPPRESSED) {
      this.#suppressed.push({
        ...reportedFindingOf(finding2),
        reason: exclusion.reason,
        suppression: exclusion.label
      });
    }
    return true;
  }
  /**
   * The findings of each severity that count: the largest statement of the service less the findings read that
   * the policy leaves out. A severity read whole is exact; one read in part counts every unread finding (fail
   * closed).
   */
  get counts() {
    const counts = zeroCounts();
    for (const severity2 of SEVERITIES)
      counts[severity2] = Math.max(0, this.listedCount(severity2) - this.#excluded[severity2]);
    counts[UNKNOWN_SEVERITY_COUNTS_AS] += this.#uncategorised;
    return counts;
  }
  /** Findings of one severity the scan holds, policy or not: what paging walks. */
  listedCount(severity2) {
    return Math.max(this.#stated[severity2], this.#seen[severity2]);
  }
  /** Findings the scan holds under the five severities, policy or not. */
  get listedTotal() {
    return SEVERITIES.reduce((sum, severity2) => sum + this.listedCount(severity2), 0);
  }
  /** Findings of one severity read so far, left out or not. */
  seenCount(severity2) {
    return this.#seen[severity2];
  }
  /** Findings read that lie outside the policy's paths. */
  get outOfScopeCount() {
    return this.#outOfScope;
  }
  /** Findings read that a suppression in force covers. */
  get suppressedCount() {
    return this.#suppressedCount;
  }
  /** The first LISTED_SUPPRESSED suppressed findings, most severe first. */
  suppressed() {
    return SEVERITIES.flatMap(
      (severity2) => this.#suppressed.filter((finding2) => finding2.severity === severity2)
    );
  }
  /** The indexes of the suppressions that covered at least one finding read. */
  get matchedSuppressions() {
    return this.#matchedSuppressions;
  }
  /** How many findings arrived with unusable fields. */
  get malformedCount() {
    return this.#malformed;
  }
  keptCount(severity2) {
    return this.#kept[severity2].length;
  }
  get total() {
    const counts = this.counts;
    return SEVERITIES.reduce((sum, severity2) => sum + counts[severity2], 0);
  }
  /** Findings at or above the report floor, shown or not. */
  get reportedTotal() {
    const counts = this.counts;
    return SEVERITIES.filter((s) => this.isReported(s)).reduce((sum, s) => sum + counts[s], 0);
  }
  /** The kept findings, most severe first. */
  kept() {
    return SEVERITIES.flatMap((severity2) => this.#kept[severity2]);
  }
};
function findingsToList(counts, reportFloor, rows, perSeverityMinimum) {
  const wanted = zeroCounts();
  let rowsLeft = rows;
  for (const severity2 of SEVERITIES) {
    if (!isAtOrAbove(severity2, reportFloor)) continue;
    const forRows = Math.min(counts[severity2], rowsLeft);
    rowsLeft -= forRows;
    wanted[severity2] = Math.max(forRows, Math.min(counts[severity2], perSeverityMinimum));
  }
  return wanted;
}

// src/core/finding-identity.ts
var { createHash: createHash2 } = process.getBuiltinModule("node:crypto");
var SEPARATOR = "\0";
function normalise(text) {
  return text.replace(/\s+/gu, " ").trim().toLowerCase();
}
function kindOf(title, cwe) {
  return `${normalise(title.replaceAll(SEPARATOR, " "))}${SEPARATOR}${normalise((cwe ?? "").replaceAll(SEPARATOR, " "))}`;
}
var KindNumbers = class {
  #byTitle = /* @__PURE__ */ new Map();
  #byKind = /* @__PURE__ */ new Map();
  #kinds = [];
  numberOf(finding2) {
    const cwe = finding2.cwe ?? "";
    let byCwe = this.#byTitle.get(finding2.title);
    if (!byCwe) {
      byCwe = /* @__PURE__ */ new Map();
      this.#byTitle.set(finding2.title, byCwe);
    }
    let number2 = byCwe.get(cwe);
    if (number2 === void 0) {
      const kind = kindOf(finding2.title, cwe);
      number2 = this.#byKind.get(kind);
      if (number2 === void 0) {
        number2 = this.#kinds.length;
        this.#kinds.push(kind);
        this.#byKind.set(kind, number2);
      }
      byCwe.set(cwe, number2);
    }
    return number2;
  }
  /** The normalised kind of a number given out. */
  kind(number2) {
    return this.#kinds[number2] ?? "";
  }
};
function findingIdentities(findings) {
  const kinds = new KindNumbers();
  const groups = /* @__PURE__ */ new Map();
  const kindOfIndex = [];
  findings.forEach((finding2, index) => {
    const kind = kinds.kind(kinds.numberOf(finding2));
    kindOfIndex.push(kind);
    const group = `${kind}${SEPARATOR}${finding2.file_path}`;
    const members = groups.get(group);
    if (members) members.push(index);
    else groups.set(group, [index]);
  });
  const occurrences = new Int32Array(findings.length);
  for (const members of groups.values()) {
    members.sort(
      (a, b) => findings[a].line - findings[b].line
    );
    members.forEach((index, occurrence) => occurrences[index] = occurrence);
  }
  return findings.map((finding2, index) => {
    const kind = kindOfIndex[index];
    const occurrence = occurrences[index];
    return {
      kind,
      file: finding2.file_path,
      occurrence,
      key: identityKey(kind, finding2.file_path, occurrence)
    };
  });
}
function identityKey(kind, file, occurrence) {
  return createHash2("sha256").update(JSON.stringify([kind, file, occurrence])).digest("hex").slice(0, 32);
}

// src/core/finding-groups.ts
var KIND_LIMIT = 2 ** 26;
var FindingGroups = class {
  #kinds = new KindNumbers();
  #fileNumbers = /* @__PURE__ */ new Map();
  #groupOfKey = /* @__PURE__ */ new Map();
  #paths = [];
  #lines = [];
  #headCounts = [];
  #baseCounts = [];
  /** The group of each head and baseline finding; -1 when it was not added. */
  #headGroup;
  #baseGroup;
  constructor(headCount, baselineCount) {
    if (headCount + baselineCount >= KIND_LIMIT) throw new RangeError("too many findings to group");
    this.#headGroup = new Int32Array(headCount).fill(-1);
    this.#baseGroup = new Int32Array(baselineCount).fill(-1);
  }
  /** `path` is the head file the finding is (or maps to); `lines` that file's lines. */
  addHead(index, finding2, path, lines) {
    const group = this.#groupOf(finding2, path, lines);
    this.#headGroup[index] = group;
    this.#headCounts[group] = (this.#headCounts[group] ?? 0) + 1;
  }
  addBaseline(index, finding2, path, lines) {
    const group = this.#groupOf(finding2, path, lines);
    this.#baseGroup[index] = group;
    this.#baseCounts[group] = (this.#baseCounts[group] ?? 0) + 1;
  }
  /** Each group in the order first seen, its members in the order added (by index). */
  forEach(visit) {
    const heads = membersByGroup(this.#headGroup, this.#headCounts, this.#paths.length);
    const bases = membersByGroup(this.#baseGroup, this.#baseCounts, this.#paths.length);
    for (let group = 0; group < this.#paths.length; group++) {
      visit(
        heads.members.subarray(heads.starts[group], heads.starts[group + 1]),
        bases.members.subarray(bases.starts[group], bases.starts[group + 1]),
        this.#paths[group],
        this.#lines[group]
      );
    }
  }
  #groupOf(finding2, path, lines) {
    let file = this.#fileNumbers.get(path);
    if (file === void 0) {
      file = this.#fileNumbers.size;
      this.#fileNumbers.set(path, file);
    }
    const key = file * KIND_LIMIT + this.#kinds.numberOf(finding2);
    let group = this.#groupOfKey.get(key);
    if (group === void 0) {
      group = this.#paths.length;
      this.#groupOfKey.set(key, group);
      this.#paths.push(path);
      this.#lines.push(lines);
      this.#headCounts.push(0);
      this.#baseCounts.push(0);
    }
    return group;
  }
};
function membersByGroup(groupOf, counts, groups) {
  const starts = new Int32Array(groups + 1);
  for (let group = 0; group < groups; group++)
    starts[group + 1] = starts[group] + (counts[group] ?? 0);
  const next = starts.slice(0, groups);
  const members = new Int32Array(starts[groups]);
  for (let index = 0; index < groupOf.length; index++) {
    const group = groupOf[index];
    if (group >= 0) members[next[group]++] = index;
  }
  return { members, starts };
}

// src/core/nearest-pairs.ts
function nearestPairs(left, right, scanUpTo = SCAN_UP_TO) {
  if (left.length === 0 || right.length === 0) return [];
  if (left.length + right.length === 2) return [[0, 0]];
  const line = new PointLine(left, right, scanUpTo);
  const pairs = [];
  const wanted = Math.min(left.length, right.length);
  while (pairs.length < wanted) {
    const low = line.closest();
    if (low < 0) break;
    pairs.push(line.take(low));
  }
  return pairs;
}
var PointLine = class {
  #leftCount;
  #count;
  /** The point at each position. */
  #order;
  #values = [];
  #isLeft = [];
  #previous = [];
  #next = [];
  #heap;
  #first = 0;
  constructor(left, right, scanUpTo) {
    const leftCount = left.length;
    this.#leftCount = leftCount;
    this.#count = leftCount + right.length;
    const valueOf = (point) => point < leftCount ? left[point] : right[point - leftCount];
    this.#order = inOrder(this.#count, leftCount, valueOf);
    for (let position = 0; position < this.#count; position++) {
      const point = this.#order[position];
      this.#values.push(valueOf(point));
      this.#isLeft.push(point < leftCount);
      this.#previous.push(position - 1);
      this.#next.push(position + 1);
    }
    this.#heap = this.#count > scanUpTo ? new NeighbourHeap() : void 0;
    if (this.#heap) {
      for (let position = 0; position + 1 < this.#count; position++)
        if (this.#neighbours(position)) this.#heap.push(this.#distance(position), position, position + 1);
    }
  }
  /** The lower position of the closest pair of neighbours from the two sets, or -1 when none is left. */
  closest() {
    return this.#heap ? this.#closestInHeap(this.#heap) : this.#closestByScan();
  }
  /** Takes the pair at `low` and the position after it out of the line: [index in left, index in right]. */
  take(low) {
    const previous = this.#previous;
    const next = this.#next;
    const high = next[low];
    const before = previous[low];
    const after = next[high];
    if (before >= 0) next[before] = after;
    else this.#first = after;
    if (after < this.#count) previous[after] = before;
    next[low] = -1;
    previous[high] = -1;
    if (this.#heap && this.#neighbours(before)) this.#heap.push(this.#distance(before), before, after);
    const [leftPoint, rightPoint] = this.#isLeft[low] ? [this.#order[low], this.#order[high]] : [this.#order[high], this.#order[low]];
    return [leftPoint, rightPoint - this.#leftCount];
  }
  #closestInHeap(heap) {
    for (let top = heap.pop(); top !== void 0; top = heap.pop()) {
      const [low, high] = top;
      if (this.#next[low] === high && this.#previous[high] === low && this.#neighbours(low)) return low;
    }
    return -1;
  }
  #closestByScan() {
    let best = -1;
    let bestDistance = Infinity;
    for (let position = this.#first; position < this.#count; position = this.#next[position]) {
      if (this.#neighbours(position) && this.#distance(position) < bestDistance) {
        best = position;
        bestDistance = this.#distance(position);
      }
    }
    return best;
  }
  /** The point at `position` and the next one are of different sets. */
  #neighbours(position) {
    const after = this.#next[position];
    return position >= 0 && after < this.#count && this.#isLeft[position] !== this.#isLeft[after];
  }
  #distance(position) {
    return this.#values[this.#next[position]] - this.#values[position];
  }
};
function inOrder(count, leftCount, valueOf) {
  const rankOnItsSide = (point) => point < leftCount ? point : point - leftCount;
  const order = [];
  for (let point = 0; point < count; point++) order.push(point);
  order.sort((a, b) => valueOf(a) - valueOf(b) || rankOnItsSide(a) - rankOnItsSide(b) || a - b);
  return order;
}
var SCAN_UP_TO = 32;
var NeighbourHeap = class {
  #distances = [];
  #lows = [];
  #highs = [];
  push(distance, low, high) {
    this.#distances.push(distance);
    this.#lows.push(low);
    this.#highs.push(high);
    let child = this.#distances.length - 1;
    while (child > 0) {
      const parent = child - 1 >> 1;
      if (!this.#before(child, parent)) break;
      this.#swap(child, parent);
      child = parent;
    }
  }
  pop() {
    const size = this.#distances.length;
    if (size === 0) return void 0;
    const top = [this.#lows[0], this.#highs[0]];
    this.#swap(0, size - 1);
    this.#distances.pop();
    this.#lows.pop();
    this.#highs.pop();
    let parent = 0;
    for (; ; ) {
      const first = 2 * parent + 1;
      const second = first + 1;
      let smallest = parent;
      if (first < size - 1 && this.#before(first, smallest)) smallest = first;
      if (second < size - 1 && this.#before(second, smallest)) smallest = second;
      if (smallest === parent) break;
      this.#swap(parent, smallest);
      parent = smallest;
    }
    return top;
  }
  #before(a, b) {
    const da = this.#distances[a];
    const db = this.#distances[b];
    return da < db || da === db && this.#lows[a] < this.#lows[b];
  }
  #swap(a, b) {
    for (const array of [this.#distances, this.#lows, this.#highs]) {
      const held = array[a];
      array[a] = array[b];
      array[b] = held;
    }
  }
};

// src/core/new-findings.ts
function compareFindings(head, baseline, diff, options = {}) {
  const grouped = groupFindings(head, baseline, diff);
  const { partnerOfHead, basePaired, coarseFiles } = pairWithinGroups(grouped, head, baseline);
  const result = new ComparisonBuilder(options.floor ?? "info");
  for (let index = 0; index < head.length; index++) {
    const partner = partnerOfHead[index];
    const finding2 = head[index];
    if (partner >= 0) result.matched(finding2, baseline[partner]);
    else result.new(finding2, grouped.touched[index] === 1 ? "touched-line" : "unmatched");
  }
  for (let index = 0; index < baseline.length; index++)
    if (basePaired[index] === 0) result.fixed(baseline[index]);
  return result.build(coarseFiles);
}
function groupFindings(head, baseline, diff) {
  const groups = new FindingGroups(head.length, baseline.length);
  const mappedLine = new Float64Array(baseline.length);
  const touched = new Uint8Array(head.length);
  for (let index = 0; index < baseline.length; index++) {
    const finding2 = baseline[index];
    const lines = diff.base(finding2.file_path);
    const path = lines.diff.headPath;
    const line = path === null ? null : lines.headLineOf(finding2.line);
    if (path === null || line === null) continue;
    mappedLine[index] = line ?? finding2.line;
    groups.addBaseline(index, finding2, path, lines);
  }
  for (let index = 0; index < head.length; index++) {
    const finding2 = head[index];
    const lines = diff.head(finding2.file_path);
    if (!lines.coarse && lines.isAddedLine(finding2.line)) touched[index] = 1;
    else groups.addHead(index, finding2, finding2.file_path, lines);
  }
  return { groups, mappedLine, touched };
}
function pairWithinGroups({ groups, mappedLine }, head, baseline) {
  const partnerOfHead = new Int32Array(head.length).fill(-1);
  const basePaired = new Uint8Array(baseline.length);
  const coarseFiles = /* @__PURE__ */ new Map();
  groups.forEach((heads, bases, path, lines) => {
    const { mapping } = lines.diff;
    if (mapping.kind === "unknown") coarseFiles.set(path, mapping.reason);
    if (heads.length === 0 || bases.length === 0) return;
    const pairs = heads.length === 1 && bases.length === 1 ? [[heads[0], bases[0]]] : mapping.kind === "unknown" ? severityPairs(heads, bases, head, baseline) : nearestPairs(
      Array.from(heads, (index) => head[index].line),
      Array.from(bases, (index) => mappedLine[index])
    ).map(([h, b]) => [heads[h], bases[b]]);
    for (const [headIndex, baseIndex] of pairs) {
      partnerOfHead[headIndex] = baseIndex;
      basePaired[baseIndex] = 1;
    }
  });
  const coarse = [...coarseFiles].map(([path, reason]) => ({ path, reason }));
  coarse.sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  return { partnerOfHead, basePaired, coarseFiles: coarse };
}
function severityPairs(headIndexes, baseIndexes, head, baseline) {
  const bucketsOf = (indexes, list) => {
    const buckets = SEVERITIES.map(() => []);
    for (const index of indexes) buckets[rankOf(list[index])]?.push(index);
    const line = (index) => list[index].line;
    for (const bucket of buckets) bucket.sort((a, b) => line(b) - line(a) || b - a);
    return buckets;
  };
  const heads = bucketsOf(headIndexes, head);
  const bases = bucketsOf(baseIndexes, baseline);
  const pairs = [];
  const leftover = [];
  heads.forEach((bucket, rank) => {
    for (let index = bucket.pop(); index !== void 0; index = bucket.pop()) {
      let match;
      for (let baseRank = rank; baseRank >= 0 && match === void 0; baseRank--)
        match = bases[baseRank]?.pop();
      if (match === void 0) leftover.push(index);
      else pairs.push([index, match]);
    }
  });
  const remaining = bases.flatMap((bucket) => bucket.reverse());
  leftover.forEach((index, position) => {
    const match = remaining[position];
    if (match !== void 0) pairs.push([index, match]);
  });
  return pairs;
}
function severityOf(raw) {
  return isSeverity(raw) ? raw : countedSeverity(raw);
}
function rankOf(finding2) {
  return severityRank(severityOf(finding2.severity));
}
var ComparisonBuilder = class {
  #floor;
  #new = SEVERITIES.map(() => []);
  #existing = SEVERITIES.map(() => []);
  #fixed = SEVERITIES.map(() => []);
  constructor(floor) {
    this.#floor = floor;
  }
  new(finding2, reason, baseline) {
    const severity2 = severityOf(finding2.severity);
    if (!isAtOrAbove(severity2, this.#floor)) return;
    this.#new[severityRank(severity2)]?.push({ finding: finding2, severity: severity2, reason, ...baseline ? { baseline } : {} });
  }
  fixed(baseline) {
    const severity2 = severityOf(baseline.severity);
    if (isAtOrAbove(severity2, this.#floor)) this.#fixed[severityRank(severity2)]?.push({ baseline, severity: severity2 });
  }
  matched(finding2, baseline) {
    const severity2 = severityOf(finding2.severity);
    const baselineSeverity = severityOf(baseline.severity);
    if (severityRank(severity2) < severityRank(baselineSeverity)) {
      this.new(finding2, "more-severe", baseline);
      return;
    }
    if (isAtOrAbove(severity2, this.#floor))
      this.#existing[severityRank(severity2)]?.push({ finding: finding2, severity: severity2, baseline, baselineSeverity });
  }
  build(coarseFiles) {
    const counted2 = (buckets) => {
      const counts = zeroCounts();
      SEVERITIES.forEach((severity2, rank) => counts[severity2] = buckets[rank]?.length ?? 0);
      return counts;
    };
    return {
      new: this.#new.flat(),
      existing: this.#existing.flat(),
      fixed: this.#fixed.flat(),
      counts: { new: counted2(this.#new), existing: counted2(this.#existing), fixed: counted2(this.#fixed) },
      coarseFiles
    };
  }
};

// src/core/finding-pages.ts
function remainingPages(listings) {
  const pages = [];
  for (const { severity: severity2, offset, pageLimit, total, missing } of listings) {
    if (!(pageLimit > 0)) continue;
    let planned = 0;
    for (let at = offset; planned < missing && at < total; at += pageLimit) {
      const limit = Math.min(pageLimit, missing - planned);
      pages.push({ severity: severity2, offset: at, limit });
      planned += limit;
    }
  }
  return pages;
}

// src/run/finding-stream.ts
var FINDINGS_PAGE_CONCURRENCY = 16;
var IncompleteListError2 = class extends Error {
  name = "IncompleteListError";
};
function streamScanFindings(client, request) {
  let notRead = 0;
  return {
    findings: readFindings(client, request, (count) => {
      notRead = count;
    }),
    notRead: () => notRead
  };
}
async function* readFindings(client, request, onNotRead) {
  const { scanId, signal } = request;
  const severities = severitiesAtOrAbove(request.floor);
  const list = (page2, options) => client.listFindings(
    { scan_id: scanId, severity: page2.severity, offset: page2.offset, limit: page2.limit },
    options
  );
  const firstPages = await Promise.all(
    severities.map((severity2) => list({ severity: severity2, offset: 0, limit: request.pageSize }, { signal }))
  );
  const { plan, totals, wanted, listed } = planPages(severities, firstPages, request.limit);
  const received = /* @__PURE__ */ new Map();
  const pages = fetchInOrder(
    plan,
    { concurrency: request.concurrency ?? FINDINGS_PAGE_CONCURRENCY, signal },
    async (planned, pageSignal) => ({
      severity: planned.severity,
      page: planned.read ?? await list(planned, { signal: pageSignal })
    })
  );
  for await (const { severity: severity2, page: page2 } of pages) {
    checkPage(page2, severity2, totals.get(severity2));
    received.set(severity2, (received.get(severity2) ?? 0) + page2.items.length);
    yield* page2.items;
  }
  for (const severity2 of severities) {
    const want = wanted.get(severity2) ?? 0;
    const got = received.get(severity2) ?? 0;
    if (got !== want)
      throw new IncompleteListError2(
        `the list of ${severity2} findings gave ${got} findings where ${want} were expected (its total is ${totals.get(severity2) ?? 0})`
      );
  }
  onNotRead(listed - [...wanted.values()].reduce((sum, want) => sum + want, 0));
}
function planPages(severities, firstPages, limit) {
  const planned = { plan: [], totals: /* @__PURE__ */ new Map(), wanted: /* @__PURE__ */ new Map(), listed: 0 };
  let budget = limit ?? Number.POSITIVE_INFINITY;
  for (const [index, severity2] of severities.entries()) {
    const first = firstPages[index];
    checkPage(first, severity2, void 0);
    planned.totals.set(severity2, first.total);
    planned.listed += first.total;
    const want = Math.min(first.total, budget);
    budget -= want;
    planned.wanted.set(severity2, want);
    const items = first.items.slice(0, want);
    const pageLimit = Math.floor(first.limit);
    if (items.length < want && !(pageLimit > 0))
      throw new IncompleteListError2(
        `the first page of ${severity2} findings holds ${first.items.length} of ${first.total} and no usable page size (limit ${first.limit})`
      );
    planned.plan.push({ severity: severity2, offset: 0, limit: items.length, read: { ...first, items } });
    planned.plan.push(
      ...remainingPages([
        { severity: severity2, offset: items.length, pageLimit, total: first.total, missing: want - items.length }
      ])
    );
  }
  return planned;
}
function checkPage(page2, severity2, total) {
  const other = page2.items.find((finding2) => countedSeverity(finding2.severity) !== severity2);
  if (other)
    throw new IncompleteListError2(
      `a page of ${severity2} findings holds one of severity ${JSON.stringify(other.severity)}: the service ignored the severity filter`
    );
  if (total !== void 0 && page2.total !== total)
    throw new IncompleteListError2(
      `the total of ${severity2} findings changed from ${total} to ${page2.total} while the list was read`
    );
}

// src/run/comparison-step.ts
async function compareWithBaseline(context, change, head, baseline, floor) {
  const [headFindings, baselineFindings, diff] = await Promise.all([
    readFindings2(context, head.id, floor),
    readFindings2(context, baseline.scan.id, floor),
    change.diff(context.signal)
  ]);
  const comparison = compareFindings(headFindings, baselineFindings, diff, { floor });
  if (comparison.coarseFiles.length > 0) {
    context.log.info(
      `Coarse matching (by title, CWE and file only) for ${comparison.coarseFiles.length} files whose diff GitHub did not give: ${comparison.coarseFiles.slice(0, 5).map((file) => file.path).join(", ")}${comparison.coarseFiles.length > 5 ? ", \u2026" : ""}.`
    );
  }
  const failOn = context.settings.failOn;
  const newFailing = failOn === "none" ? 0 : SEVERITIES.filter((s) => isAtOrAbove(s, failOn)).reduce((n, s) => n + comparison.counts.new[s], 0);
  return {
    reported: reportedComparison(comparison, baseline, newFailing),
    newCounts: comparison.counts.new,
    existingCounts: comparison.counts.existing
  };
}
function reportedComparison(comparison, baseline, newFailing) {
  const total = (counts) => SEVERITIES.reduce((n, s) => n + counts[s], 0);
  return {
    baselineScanId: baseline.scan.id,
    baselineCommit: baseline.commit.sha,
    baselineSource: baseline.commit.source,
    startedBaseline: baseline.started,
    newFindings: comparison.new.slice(0, LISTED_COMPARED).map((entry) => ({
      ...reportedFindingOf(entry.finding),
      severity: entry.severity
    })),
    existingFindings: comparison.existing.slice(0, LISTED_COMPARED).map((entry) => reportedFindingOf(entry.finding)),
    fixedFindings: comparison.fixed.slice(0, LISTED_COMPARED).map((entry) => reportedFindingOf(entry.baseline)),
    counts: {
      new: total(comparison.counts.new),
      newFailing,
      existing: total(comparison.counts.existing),
      fixed: total(comparison.counts.fixed)
    },
    coarseFiles: comparison.coarseFiles.map((file) => file.path)
  };
}
async function readFindings2(context, scanId, floor) {
  const findings = [];
  const exclusionOf = context.policy.filter.classifier();
  for await (const finding2 of context.client.iterateFindings(
    { scan_id: scanId },
    { limit: context.settings.pageSize, concurrency: FINDINGS_PAGE_CONCURRENCY, signal: context.signal }
  )) {
    if (exclusionOf(finding2) !== void 0) continue;
    if (isAtOrAbove(countedSeverity(finding2.severity), floor)) findings.push(finding2);
  }
  return findings;
}

// src/core/remediation.ts
function selectRemediationTargets(findings, floor, max) {
  return findings.filter((finding2) => finding2.id !== "" && isAtOrAbove(finding2.severity, floor)).slice(0, max);
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

// src/core/scan-notes.ts
function scanNotes(input) {
  return [
    ...filterNotes(input.filterIgnored, input.tally),
    ...consistencyNotes(input.report, input.listTotals, input.tally),
    ...malformedNotes(input.tally),
    ...moduleNotes(input.incompleteModules)
  ];
}
function filterNotes(filterIgnored, tally) {
  if (!filterIgnored) return [];
  return [
    `The service ignored the severity filter of the findings list (a page asked for one severity held others), so the action read all ${tally.total} findings and counted each under its own severity.`
  ];
}
function malformedNotes(tally) {
  if (tally.malformedCount === 0) return [];
  const fields = [...tally.malformedFields.entries()].map(([field, count]) => `${field} (${count})`);
  const one = tally.malformedCount === 1;
  return [
    `${tally.malformedCount} ${one ? "finding" : "findings"} arrived with unusable fields: ${fields.join(", ")}. ${one ? "It is" : "They are"} counted all the same (an unknown severity as critical) and shown without what was broken.`
  ];
}
function consistencyNotes(report, listTotals, tally) {
  const notes = [];
  const listed = SEVERITIES.reduce((sum, severity2) => sum + listTotals[severity2], 0);
  const disagree = SEVERITIES.some((s) => (report.severity_breakdown[s] ?? 0) !== listTotals[s]);
  if (disagree || report.total_findings !== listed) {
    notes.push(
      `The scan report counts ${report.total_findings} findings but the findings list ${listed}; the gate counts the larger number of each severity.`
    );
  }
  if (tally.unknownSeverities.size > 0) {
    notes.push(
      `Findings with a severity the action does not know (${[...tally.unknownSeverities].join(", ")}) are counted as critical.`
    );
  }
  return notes;
}
function moduleNotes(incomplete) {
  if (incomplete.length === 0) return [];
  const one = incomplete.length === 1;
  return [
    `${one ? "Module" : "Modules"} ${incomplete.join(", ")} did not complete: the scan completed without ${one ? "its" : "their"} findings.`
  ];
}

// src/run/findings-step.ts
function reportFloorOf(settings) {
  return settings.failOn === "none" ? settings.severityThreshold : lowerOf(settings.severityThreshold, settings.failOn);
}
async function collectScanResults(client, scanId, settings, signal, need, filter = NO_FINDING_FILTER) {
  const tally = new FindingTally(reportFloorOf(settings), filter, shownPerSeverity(need));
  const firstPage = (severity2) => client.listFindings(
    { scan_id: scanId, severity: severity2, limit: tally.isReported(severity2) ? settings.pageSize : 1 },
    { signal }
  );
  const [report, ...firstPages] = await Promise.all([
    client.getScanReport(scanId, { signal }),
    ...SEVERITIES.map(firstPage)
  ]);
  const filterIgnored = SEVERITIES.some(
    (severity2, index) => (firstPages[index]?.items ?? []).some((finding2) => countedSeverity(finding2.severity) !== severity2)
  );
  if (filterIgnored) return countFromItems(client, scanId, settings, report, signal, filter, need);
  const listTotals = zeroCounts();
  const firsts = /* @__PURE__ */ new Map();
  for (const [index, severity2] of SEVERITIES.entries()) {
    const page2 = firstPages[index];
    if (!page2) continue;
    listTotals[severity2] = page2.total;
    tally.stateCount(severity2, page2.total);
    tally.stateCount(severity2, report.severity_breakdown[severity2] ?? 0);
    for (const finding2 of page2.items) tally.keep(finding2);
    firsts.set(severity2, { items: page2.items.length, limit: Math.floor(page2.limit) });
  }
  const wanted = wholeAtFailOn(
    findingsToList(tally.counts, tally.reportFloor, need.rows, need.perSeverity),
    filter.active ? settings.failOn : "none",
    tally
  );
  const pages = remainingPages(
    SEVERITIES.map((severity2) => ({
      severity: severity2,
      offset: firsts.get(severity2)?.items ?? 0,
      pageLimit: firsts.get(severity2)?.limit ?? settings.pageSize,
      total: tally.listedCount(severity2),
      missing: pagesOf(
        wanted[severity2] - tally.seenCount(severity2),
        need.wholePages ? firsts.get(severity2)?.limit ?? settings.pageSize : 1
      )
    }))
  );
  await keepPages(client, scanId, pages, tally, signal);
  countUncategorised(report, tally);
  return { report, tally, listTotals, filterIgnored: false };
}
function pagesOf(missing, pageLimit) {
  return pageLimit > 1 ? Math.ceil(missing / pageLimit) * pageLimit : missing;
}
function wholeAtFailOn(wanted, failOn, tally) {
  if (failOn === "none") return wanted;
  const whole = { ...wanted };
  for (const severity2 of SEVERITIES)
    if (isAtOrAbove(severity2, failOn)) whole[severity2] = tally.listedCount(severity2);
  return whole;
}
async function countFromItems(client, scanId, settings, report, signal, filter, need) {
  const tally = new FindingTally(reportFloorOf(settings), filter, shownPerSeverity(need));
  const first = await client.listFindings({ scan_id: scanId, limit: settings.pageSize }, { signal });
  for (const finding2 of first.items) tally.keep(finding2);
  const step = Math.floor(first.limit) > 0 ? Math.floor(first.limit) : Math.max(1, first.items.length);
  const pages = [];
  for (let offset = first.items.length; offset < first.total; offset += step)
    pages.push({ offset, limit: step });
  await keepPages(client, scanId, pages, tally, signal);
  for (const severity2 of SEVERITIES) tally.stateCount(severity2, report.severity_breakdown[severity2] ?? 0);
  countUncategorised(report, tally);
  return { report, tally, listTotals: tally.counts, filterIgnored: true };
}
async function keepPages(client, scanId, pages, tally, signal) {
  const results = fetchInOrder(
    pages,
    { concurrency: FINDINGS_PAGE_CONCURRENCY, signal },
    (page2, pageSignal) => client.listFindings({ scan_id: scanId, ...page2 }, { signal: pageSignal })
  );
  for await (const page2 of results) for (const finding2 of page2.items) tally.keep(finding2);
}
function shownPerSeverity(need) {
  return Math.max(need.rows, need.perSeverity, need.fixes ?? 0);
}
function countUncategorised(report, tally) {
  const uncategorised = report.total_findings - tally.listedTotal;
  if (uncategorised > 0) tally.addUncategorised(uncategorised, "none of critical, high, medium, low, info");
}

// src/run/fixes-step.ts
async function readFixes(client, request) {
  const { results, signal } = request;
  const failOn = results.failOn;
  if (failOn === "none" || request.max === 0) return [];
  const failing = (results.comparison ? results.comparison.newFindings : results.findings).filter((finding2) => finding2.id !== "" && isAtOrAbove(finding2.severity, failOn)).slice(0, request.max);
  let patches;
  const fixes = [];
  for (const finding2 of failing) {
    const detail = await client.getFinding(finding2.id, { signal }).catch(() => void 0);
    let diff = detail?.fix?.unified_diff ?? void 0;
    if (!diff && request.aiSucceeded) {
      patches ??= await aiPatches2(client, request.scanId, signal);
      diff = patches.get(finding2.id);
    }
    if (diff) fixes.push({ findingId: finding2.id, diff });
  }
  return fixes;
}
async function aiPatches2(client, scanId, signal) {
  const patches = /* @__PURE__ */ new Map();
  const answer = await client.getAiPatches(scanId, { signal }).catch(() => void 0);
  const list = answer?.patches;
  if (!Array.isArray(list)) return patches;
  for (const entry of list) {
    if (entry === null || typeof entry !== "object") continue;
    const { finding_id: id2, unified_diff: diff } = entry;
    if (typeof id2 === "string" && typeof diff === "string" && !patches.has(id2)) patches.set(id2, diff);
  }
  return patches;
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
  findingsCommand(scanId, format, { total = FINDINGS_LIMIT_MAX, scan: scan2 = "the scan" } = {}) {
    const limit = Math.min(Math.max(total, 1), FINDINGS_LIMIT_MAX);
    const command = `svc findings list --scan ${scanId} --limit ${limit}`;
    return `${format === "markdown" ? markdownCode(command) : command} lists every finding of ${scan2}`;
  },
  /** A `svc` command that shows a whole list (compliance, the posture, the AI analysis). */
  command(command, format) {
    return `${format === "markdown" ? markdownCode(command) : command} lists them all`;
  }
};
function restOfScan(scanId, counts, policy, format) {
  const countedTotal = SEVERITIES.reduce((sum, severity2) => sum + counts[severity2], 0);
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

// src/run/insights-step.ts
var INSIGHTS_RESERVE_MS = 1e3;
var CREDITS_READ_ALLOWANCE_MS = 2e3;
async function readCreditsBefore(context) {
  try {
    const usage = await context.client.getUsage({ signal: context.signal });
    return usage.remaining_credits;
  } catch (error) {
    logUnread(context, "the credits before the scan", error);
    return void 0;
  }
}
async function runInsights(context, scanId, creditsBefore) {
  const { settings } = context;
  const window = insightsWindow(context);
  const notes = [];
  const started = settings.aiAnalysis ? await startAiAnalysis(context, scanId, window) : void 0;
  const [compliance, aiSecurity] = await Promise.all([
    settings.frameworks.length > 0 ? readCompliance(context, scanId, window) : Promise.resolve(void 0),
    readAiSecurity(context, scanId, window)
  ]);
  if (compliance?.problem !== void 0 && compliance.minScore === void 0) {
    notes.push(`Compliance could not be read: ${compliance.problem}.`);
  }
  let ai;
  if (started !== void 0) {
    ai = await finishAiAnalysis(context, scanId, started, window);
    if (ai.outcome !== "succeeded") notes.push(aiAnalysisNote(scanId, ai));
  }
  const credits = await readCreditsAfter(context, creditsBefore, window);
  return { insights: { ai, compliance, aiSecurity, credits }, notes };
}
function insightsWindow(context) {
  const remainingMs = () => Math.max(0, context.deadline.remainingMs() - INSIGHTS_RESERVE_MS);
  return {
    signal: AbortSignal.any([context.signal, AbortSignal.timeout(Math.ceil(remainingMs()))]),
    remainingMs
  };
}
async function startAiAnalysis(context, scanId, window) {
  context.log.info(`Starting the AI analysis of scan ${scanId}`);
  try {
    return { analysis: await context.client.startAiAnalysis(scanId, { signal: window.signal }) };
  } catch (error) {
    return { problem: describeFailure(context, error, "start it") };
  }
}
async function finishAiAnalysis(context, scanId, started, window) {
  if ("problem" in started) {
    return {
      outcome: "not-started",
      riskScore: null,
      overallConfidence: null,
      runs: [],
      problem: started.problem
    };
  }
  let last = started.analysis;
  let lastLine = "";
  const log = (analysis) => {
    last = analysis;
    const line = describeRuns(analysis);
    if (line !== lastLine) context.log.info(`AI analysis of scan ${scanId}: ${line}`);
    lastLine = line;
  };
  log(started.analysis);
  if (classifyAiAnalysis(started.analysis) === "running") {
    const timeoutMs = Math.max(0, window.remainingMs() - CREDITS_READ_ALLOWANCE_MS);
    try {
      last = await context.client.waitForAiAnalysis(scanId, {
        timeoutMs,
        signal: AbortSignal.any([window.signal, AbortSignal.timeout(Math.ceil(timeoutMs))]),
        onUpdate: log
      });
    } catch (error) {
      const timedOut = error instanceof PollTimeoutError || isCut(context, error);
      return {
        ...reportedAnalysis(last),
        outcome: timedOut ? "timed-out" : "failed",
        problem: timedOut ? `its last status was ${describeRuns(last)}` : describeFailure(context, error, "read it")
      };
    }
  }
  const outcome = classifyAiAnalysis(last);
  const reported = reportedAnalysis(last);
  if (outcome === "succeeded") return { ...reported, outcome };
  if (outcome === "running") {
    return { ...reported, outcome: "timed-out", problem: `its last status was ${describeRuns(last)}` };
  }
  return { ...reported, outcome, problem: failedRun(last) };
}
function reportedAnalysis(analysis) {
  const runs = [...analysis.agent_runs].sort((a, b) => a.sequence - b.sequence).slice(0, AI_RUNS_KEPT).map((run) => ({
    sequence: run.sequence,
    agentId: run.agent_id,
    status: run.status,
    confidence: run.confidence
  }));
  return { riskScore: analysis.risk_score, overallConfidence: analysis.overall_confidence, runs };
}
var LOGGED_RUNS = 20;
function describeRuns(analysis) {
  const runs = [...analysis.agent_runs].sort((a, b) => a.sequence - b.sequence);
  const status = analysis.status ? `${analysis.status}; ` : "";
  if (runs.length === 0) return `${status}no agent runs yet`;
  const shown = runs.slice(0, LOGGED_RUNS).map((run) => `${run.sequence} ${run.agent_id} ${run.status}`);
  const rest = analysis.scan_id ? ELSEWHERE.command(`svc ai-analysis view ${analysis.scan_id}`, "plain") : "";
  const more = runs.length > LOGGED_RUNS ? `, and ${runs.length - LOGGED_RUNS} more${rest ? ` (${rest})` : ""}` : "";
  return `${status}agent runs ${shown.join(", ")}${more}`;
}
function failedRun(analysis) {
  const run = [...analysis.agent_runs].sort((a, b) => a.sequence - b.sequence).find((candidate) => classifyStatus(candidate.status) === "failed");
  return run ? `agent run ${run.sequence} (${run.agent_id}) ${run.status}` : void 0;
}
function aiAnalysisNote(scanId, ai) {
  const why = ai.problem ? ` (${ai.problem})` : "";
  const what = {
    failed: "failed",
    cancelled: "was cancelled",
    "timed-out": "did not finish in the time wait-timeout left",
    "not-started": "could not be started"
  };
  const outcome = ai.outcome === "succeeded" ? "completed" : what[ai.outcome];
  return `The AI analysis of scan ${scanId} ${outcome}${why}; the verdict does not depend on it.`;
}
async function readCompliance(context, scanId, window) {
  const { client, settings } = context;
  const minScore = settings.minComplianceScore;
  const options = { signal: window.signal };
  let overview;
  try {
    overview = await client.getComplianceOverview({ scan_id: scanId }, options);
  } catch (error) {
    return {
      overallScore: void 0,
      minScore,
      problem: describeFailure(context, error, "read it"),
      frameworks: []
    };
  }
  const frameworks = [];
  for (const id2 of settings.frameworks) {
    const listed = overview.frameworks?.find((framework) => framework.id === id2);
    const base = { id: id2, name: listed?.name, score: listed?.score };
    try {
      const detail = await client.getComplianceFramework(id2, { scan_id: scanId }, options);
      const notPassed = detail.controls.filter((control) => didNotPass(control.status));
      frameworks.push({
        ...base,
        name: base.name ?? detail.name,
        controlsTotal: detail.controls.length,
        notPassed: notPassed.slice(0, LIST_KEPT).map((control) => ({
          controlId: control.control_id,
          title: control.title,
          status: control.status
        })),
        notPassedTotal: notPassed.length
      });
    } catch (error) {
      frameworks.push({
        ...base,
        controlsTotal: 0,
        notPassed: [],
        notPassedTotal: 0,
        problem: describeFailure(context, error, "read it")
      });
    }
  }
  context.log.info(`Compliance of scan ${scanId}: overall score ${overview.overall_score}`);
  return { overallScore: overview.overall_score, minScore, frameworks };
}
async function readAiSecurity(context, scanId, window) {
  try {
    const overview = await context.client.getAiSecurityOverview(
      { scan_id: scanId },
      { signal: window.signal }
    );
    if (overview.summary.checks_total <= 0) return void 0;
    const notPassed = overview.checks.filter((check) => didNotPass(check.status));
    return {
      checksFailed: overview.summary.checks_failed,
      checksTotal: overview.summary.checks_total,
      notPassed: notPassed.slice(0, LIST_KEPT).map((check) => ({
        name: check.name,
        owaspLlm: check.owasp_llm,
        status: check.status
      })),
      notPassedTotal: notPassed.length
    };
  } catch (error) {
    logUnread(context, "the AI-security posture", error);
    return void 0;
  }
}
async function readCreditsAfter(context, before, window) {
  try {
    const { remaining_credits: remaining } = await context.client.getUsage({ signal: window.signal });
    return { remaining, used: before === void 0 ? void 0 : Math.max(0, before - remaining) };
  } catch (error) {
    logUnread(context, "the credits after the run", error);
    return void 0;
  }
}
function logUnread(context, what, error) {
  context.log.info(`Could not read ${what}: ${describeFailure(context, error, "read it")}`);
}
function isCut(context, error) {
  const aborted = error instanceof RequestAbortedError || error instanceof DOMException && error.name === "TimeoutError";
  return aborted && !context.stopSignal.aborted;
}
function describeFailure(context, error, action) {
  if (isCut(context, error)) return `wait-timeout left no time to ${action}`;
  if (error instanceof AuthError && error.statusCode === 403) {
    return `the API key may not ${action} (403): its role does not allow it`;
  }
  return error instanceof Error ? error.message : String(error);
}

// src/run/remediation-step.ts
async function runRemediations(client, targets, options) {
  return Promise.all(targets.map((target) => remediateOne(client, target, options)));
}
async function remediateOne(client, target, options) {
  const base = { findingId: target.id, title: target.title, severity: target.severity };
  let job;
  try {
    job = await client.remediateFinding(target.id, { signal: options.signal });
  } catch (error) {
    if (options.signal.aborted)
      return { ...base, ...leftUnfinished(null), problem: "the job was not started in time" };
    return { ...base, jobId: null, prUrl: "", branch: "", problem: describeStartFailure(error) };
  }
  try {
    const done = hasPullRequest(job) ? job : await client.waitForRemediation(job.id, {
      intervalMs: options.intervalMs,
      timeoutMs: options.timeoutMs,
      signal: options.signal
    });
    if (hasPullRequest(done)) {
      return { ...base, jobId: done.id, prUrl: done.pr_url ?? "", branch: done.branch ?? "", problem: null };
    }
    const strangeUrl = done.pr_url ? ` (its pull request address is not an http(s) URL)` : "";
    const reason = done.failure_reason ? `: ${done.failure_reason}` : strangeUrl;
    const status = done.status ? ` (${done.status})` : "";
    return {
      ...base,
      jobId: done.id,
      prUrl: "",
      branch: done.branch ?? "",
      problem: `the job ended without a pull request${status}${reason}`
    };
  } catch (error) {
    if (options.signal.aborted || error instanceof PollTimeoutError) {
      return { ...base, ...leftUnfinished(job.id), problem: "the job had not finished in time" };
    }
    const reason = error instanceof Error ? error.message : String(error);
    return { ...base, jobId: job.id, prUrl: "", branch: "", problem: `the job did not finish: ${reason}` };
  }
}
function leftUnfinished(jobId) {
  return { jobId, prUrl: "", branch: "", unfinished: true };
}
function hasPullRequest(job) {
  return typeof job.pr_url === "string" && /^https?:\/\/\S+$/i.test(job.pr_url);
}
function describeStartFailure(error) {
  if (error instanceof AuthError && error.statusCode === 403) {
    return "the API key may not start remediations (403): use a key with the member role or higher, or set remediate: false";
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `the job could not be started: ${reason}`;
}

// src/run/run-scan.ts
var ScanEndedError = class extends RunError {
  name = "ScanEndedError";
};
async function runScan(context) {
  const skipped = await outOfScopeChange(context);
  if (skipped !== void 0) return skippedRun(context, skipped);
  const { scan: scan2, baseline, creditsBefore, reported } = await scanToCompletion(context);
  const insightsBeside = lateWorkSpendsCredits(context.settings) ? void 0 : runInsights(context, scan2.id, creditsBefore);
  const { verdict, results, policy, notes, remediationTargets } = await judge(context, scan2, baseline);
  const remediations = context.settings.remediate ? await remediate(context, remediationTargets) : [];
  const insights = await (insightsBeside ?? runInsights(context, scan2.id, creditsBefore));
  context.stopSignal.throwIfAborted();
  const unfinished = unfinishedRemediationsNote(remediations, context.settings.waitTimeoutSeconds);
  if (unfinished) notes.push(unfinished);
  const fixes = await readFixes(context.client, {
    scanId: scan2.id,
    results,
    aiSucceeded: insights.insights.ai?.outcome === "succeeded",
    max: context.findingsNeed.fixes ?? 0,
    signal: context.signal
  });
  return {
    scan: reported(scan2),
    scanStatus: scanStatusOutput(scan2.status),
    results: {
      ...results,
      verdict: applyComplianceGate(verdict, insights.insights.compliance),
      remediations,
      ...fixes.length > 0 ? { fixes } : {}
    },
    notes: [...context.policy.notes, ...notes, ...insights.notes],
    insights: insights.insights,
    policy
  };
}
function lateWorkSpendsCredits(settings) {
  return settings.remediate || settings.aiAnalysis;
}
async function outOfScopeChange(context) {
  const inScope = context.policy.inScope;
  const change = context.change;
  if (inScope === void 0 || change === void 0) return void 0;
  context.progress.stage = "repository";
  const diff = await change.diff(context.signal);
  if (diff.unavailable !== void 0 || !diff.complete) return void 0;
  const touched = diff.files.some(
    (file) => [file.headPath, file.basePath].some((path) => path !== null && inScope(path))
  );
  if (touched) return void 0;
  return `No file in scope changed: the ${diff.files.length} changed files lie outside ${describeScope(context.policy)}, so no scan was started.`;
}
function describeScope(policy) {
  const parts = [
    policy.paths.length > 0 ? `paths (${policy.paths.join(", ")})` : "",
    policy.pathsIgnore.length > 0 ? `or inside paths-ignore (${policy.pathsIgnore.join(", ")})` : ""
  ].filter((part) => part !== "");
  return parts.join(" ");
}
function skippedRun(context, reason) {
  context.log.info(reason);
  return {
    scan: void 0,
    scanStatus: void 0,
    results: void 0,
    notes: [...context.policy.notes],
    policy: reportedPolicy(context.policy, void 0, void 0),
    skipped: reason
  };
}
async function scanToCompletion(context) {
  const { settings, progress } = context;
  progress.stage = "repository";
  const creditsRead = readCreditsBefore(context);
  const repository2 = await lookUpRepository(context).catch(async (error) => {
    await creditsRead;
    throw error;
  });
  const ref = settings.ref ?? repository2.default_branch;
  const reported = (scan3) => ({
    id: scan3.id,
    status: scan3.status,
    repository: repository2.full_name,
    ref,
    modules: scan3.modules
  });
  progress.stage = "scan";
  const creditsBefore = await creditsRead;
  const scans = settings.reuseScan || settings.gateMode === "new" ? await readRecentScans(context, repository2.id) : void 0;
  const { started, reused } = await startOrReuse(context, repository2, ref, scans);
  await context.onScanStarted(reported(started));
  const { scan: scan2, baseline } = await waitWithBaseline(context, started, scans, repository2.id);
  if (!reused) context.record.scanSettled();
  progress.scan = scan2;
  if (classifyScanStatus(scan2.status) !== "succeeded") throw new ScanEndedError(describeEndedScan(scan2));
  return { scan: scan2, baseline, creditsBefore, reported };
}
async function startOrReuse(context, repository2, ref, scans) {
  const { settings, log, progress } = context;
  const reusable = settings.reuseScan && scans ? findReusableScan(
    scans,
    { ref, modules: settings.modules, frameworks: settings.frameworks },
    Date.now()
  ) : void 0;
  if (reusable) {
    log.info(`Reusing scan ${reusable.id} (${reusable.status}) of ${repository2.full_name} at ${ref}.`);
    context.record.scanSettled();
    context.record.scanId(reusable.id);
    progress.scan = reusable;
    return { started: reusable, reused: true };
  }
  log.info(`Starting a scan of ${repository2.full_name} at ${ref}`);
  const started = await startScan(
    context,
    {
      repository_id: repository2.id,
      ref,
      ...settings.modules.length > 0 ? { modules: [...settings.modules] } : {},
      ...settings.frameworks.length > 0 ? { frameworks: [...settings.frameworks] } : {},
      is_incremental: settings.incremental
    },
    (scan2) => {
      log.info(`Started scan ${scan2.id} of ${repository2.full_name} at ${ref}`);
      progress.scan = scan2;
    }
  );
  return { started, reused: false };
}
async function waitWithBaseline(context, started, scans, repositoryId) {
  const stopBaseline = new AbortController();
  const baselinePlan = context.settings.gateMode === "new" ? planBaseline(
    { ...context, signal: AbortSignal.any([context.signal, stopBaseline.signal]) },
    started,
    scans,
    repositoryId
  ) : void 0;
  try {
    const scan2 = await waitForScan(context, started, (seen) => {
      context.progress.scan = seen;
    });
    return { scan: scan2, baseline: await baselinePlan };
  } catch (error) {
    stopBaseline.abort(error);
    await baselinePlan?.catch(() => void 0);
    throw error;
  }
}
async function judge(context, scan2, baseline) {
  const { settings } = context;
  context.progress.stage = "findings";
  const { report, tally, listTotals, filterIgnored } = await collectScanResults(
    resultsReader(context),
    scan2.id,
    settings,
    context.signal,
    context.findingsNeed,
    context.policy.filter
  );
  const incomplete = incompleteModules(scan2);
  const notes = scanNotes({ report, listTotals, tally, filterIgnored, incompleteModules: incomplete });
  const comparison = await compareIfBaseline(context, scan2, baseline, tally.reportFloor, notes);
  const verdict = comparison ? evaluateNewFindingsGate({
    counts: tally.counts,
    newCounts: comparison.newCounts,
    existingCounts: comparison.existingCounts,
    failOn: settings.failOn,
    incompleteModules: incomplete
  }) : evaluateGate(tally.counts, settings.failOn, incomplete);
  const findings = comparison ? [...comparison.reported.newFindings, ...comparison.reported.existingFindings].slice(
    0,
    Math.max(context.findingsNeed.rows, tally.kept().length)
  ) : tally.kept();
  return {
    verdict,
    results: {
      riskScore: report.risk_score,
      counts: tally.counts,
      severityThreshold: settings.severityThreshold,
      failOn: settings.failOn,
      reportFloor: tally.reportFloor,
      findings,
      reportedTotal: tally.reportedTotal,
      gateMode: comparison ? "new" : "all",
      comparison: comparison?.reported
    },
    policy: reportedPolicy(context.policy, tally, settings.failOn),
    notes,
    // Under the new-findings gate, only what the pull request introduces: the rest is the default branch's.
    remediationTargets: comparison ? comparison.reported.newFindings : findings
  };
}
function resultsReader(context) {
  const { client, findingReading } = context;
  if (findingReading === void 0) return client;
  return {
    getScanReport: (id2, options) => client.getScanReport(id2, options),
    listFindings: (params, options) => findingReading.listFindings(params, options)
  };
}
async function compareIfBaseline(context, scan2, baseline, reportFloor, notes) {
  const comparison = baseline?.scan !== void 0 && context.change ? await compareWithBaseline(
    context,
    context.change,
    scan2,
    { ...baseline, scan: baseline.scan },
    reportFloor
  ) : void 0;
  if (context.settings.gateMode === "new" && comparison === void 0) {
    const why = baseline?.missing ?? "this run has no pull request of the scanned repository to compare with";
    notes.push(`No baseline to compare with (${why}): the gate judges every finding.`);
  }
  if (baseline?.started && comparison) {
    notes.push(
      `The baseline scan ${comparison.reported.baselineScanId} of ${comparison.reported.baselineCommit} was started for this comparison: it cost a scan.`
    );
  }
  return comparison;
}
function reportedPolicy(policy, tally, failOn) {
  if (policy.source === void 0 && policy.inScope === void 0 && policy.change.length === 0)
    return void 0;
  const inForce = policy.suppressions.filter((suppression) => suppression.state !== "expired");
  return {
    source: policy.source,
    change: policy.change,
    changeApplied: policy.changeApplied,
    paths: policy.paths,
    pathsIgnore: policy.pathsIgnore,
    suppressed: tally?.suppressed() ?? [],
    suppressedCount: tally?.suppressedCount ?? 0,
    outOfScopeCount: tally?.outOfScopeCount ?? 0,
    unused: tally ? inForce.filter((suppression) => !tally.matchedSuppressions.has(suppression.entry)).map((s) => s.description) : [],
    expired: policy.suppressions.filter((s) => s.state === "expired").map((s) => s.description),
    expiringSoon: policy.suppressions.filter((s) => s.state === "expiring").map((s) => s.description),
    readWholeFrom: policy.filter.active && failOn !== void 0 && failOn !== "none" ? failOn : void 0
  };
}
async function planBaseline(context, head, scans, repositoryId) {
  const commit = await context.change?.baselineCommit(context.signal);
  if (commit === void 0) return void 0;
  try {
    const choice = await chooseBaselineScan(context, commit, head, scans, repositoryId);
    return await waitForBaseline(context, choice);
  } catch (error) {
    context.signal.throwIfAborted();
    const reason = error instanceof Error ? error.message : String(error);
    return {
      commit,
      scan: void 0,
      started: false,
      missing: `the baseline scan could not be started: ${reason}`
    };
  }
}
function incompleteModules(scan2) {
  return scan2.modules.filter((m) => !isModuleComplete(m.status)).map((m) => `${m.name} (${m.status})`);
}
async function remediate(context, candidates) {
  const { log, settings } = context;
  context.progress.stage = "remediation";
  const targets = selectRemediationTargets(candidates, settings.remediateSeverity, settings.maxRemediations);
  if (targets.length === 0) {
    log.info(
      settings.maxRemediations === 0 ? "max-remediations is 0: no remediation started." : `No reported finding is ${settings.remediateSeverity} or above: no remediation started.`
    );
    return [];
  }
  log.startGroup(`Remediating ${targets.length === 1 ? "1 finding" : `${targets.length} findings`}`);
  try {
    const window = lateWindow(context);
    const outcomes = await runRemediations(context.client, targets, {
      intervalMs: 3e3,
      timeoutMs: window.remainingMs,
      signal: window.signal
    });
    for (const outcome of outcomes) {
      const line = outcome.problem === null ? `${outcome.findingId}: pull request ${outcome.prUrl} (branch ${outcome.branch})` : `${outcome.findingId}: no pull request: ${outcome.problem}`;
      log.info(line);
    }
    return outcomes;
  } finally {
    log.endGroup();
  }
}
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
function lateWindow(context) {
  const remainingMs = Math.max(0, context.deadline.remainingMs() - INSIGHTS_RESERVE_MS);
  return {
    signal: AbortSignal.any([context.signal, AbortSignal.timeout(Math.ceil(remainingMs))]),
    remainingMs
  };
}
function unfinishedRemediationsNote(outcomes, waitTimeoutSeconds) {
  const unfinished = outcomes.filter((outcome) => outcome.unfinished === true);
  if (unfinished.length === 0) return void 0;
  const named = unfinished.map(
    (outcome) => outcome.jobId === null ? `${outcome.findingId} (not started)` : `${outcome.findingId} (job ${outcome.jobId})`
  );
  return `wait-timeout (${waitTimeoutSeconds} s) ran out after the gate had decided: ${unfinished.length} of ${outcomes.length} remediations were left unfinished: ${named.join(", ")}. The verdict stands; a job left running may still open its pull request.`;
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
    invalid: (given, allowed) => problems.push(`${where} is invalid: got '${given}'; expected ${allowed}.`),
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
      problems.invalid(textOf(value), `one of ${SEVERITIES.join(", ")}`);
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
      problems.invalid(textOf(value), `one of ${SEVERITIES.join(", ")}, or none`);
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
      problems.invalid(textOf(value), `one of ${allowed.join(", ")}`);
      return allowed[0];
    }
  };
}
var schemaOf = {
  number: (description, bounds, integer2) => ({
    description,
    type: integer2 ? "integer" : "number",
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
function parseNumber2(value, problems, bounds, integer2) {
  const text = textOf(value);
  const parsed = typeof value === "number" ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const ok = Number.isFinite(parsed) && (!integer2 || Number.isInteger(parsed));
  if (ok && parsed >= bounds.min && parsed <= bounds.max) return parsed;
  problems.invalid(text, `${integer2 ? "a whole number" : "a number"} from ${bounds.min} to ${bounds.max}`);
  return bounds.min;
}
function numberInput(described, bounds, integer2) {
  return { ...described, parse: (value, problems) => parseNumber2(value, problems, bounds, integer2) };
}
function optionalNumberInput(described, bounds, integer2) {
  return {
    ...described,
    parse: (value, problems) => textOf(value) === "" ? void 0 : parseNumber2(value, problems, bounds, integer2)
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
  waitTimeoutSeconds: { min: 1, max: 6 * 60 * 60 },
  pollIntervalSeconds: { min: 0.1, max: 300 },
  pageSize: { min: 1, max: 1e3 },
  maxAnnotations: { min: 0, max: 1e4 },
  maxSuggestions: { min: 0, max: 100 },
  checkNameLength: { min: 1, max: 100 },
  complianceScore: { min: 0, max: 100 }
};
var REPOSITORY_PATTERN = /^(?!\.+\/)[A-Za-z0-9_.-]+\/(?!\.+$)[A-Za-z0-9_.-]+$/;
var repositoryInput = {
  name: "repository",
  default: "",
  description: "Repository to scan, as owner/name, looked up on the service by full_name. Defaults to the workflow repository.",
  parse: (value, problems, origin) => {
    const repository2 = textOf(value) || (origin.repository ?? "");
    if (REPOSITORY_PATTERN.test(repository2)) return repository2;
    if (repository2 === "")
      problems.add(
        "Input 'repository' is empty and GITHUB_REPOSITORY is not set: give the repository as owner/name."
      );
    else problems.invalid(repository2, "owner/name, for example octo-org/webapp");
    return repository2;
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
    description: "Base URL of the service, ending in /api/v1. When empty: SVC_API_URL, then ~/.svc/config.toml, then the built-in default."
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
    description: "Reuse a queued, running or completed scan of the same commit created within the last hour, with the same modules, instead of starting a new one (true or false). Default: true.",
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

// src/core/file-links.ts
function fileLink(base, finding2) {
  if (base === void 0) return void 0;
  const path = finding2.filePath.replace(/^\.\//, "");
  if (path === "" || path.startsWith("/") || /^[a-z]+:/i.test(path) || path.includes("\\")) return void 0;
  const segments = path.split("/");
  if (segments.some((segment) => segment === ".." || segment === "." || segment === "")) return void 0;
  const encoded = segments.map((segment) => encodeURIComponent(segment)).join("/");
  const anchor = Number.isInteger(finding2.line) && finding2.line > 0 ? `#L${finding2.line}` : "";
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
        restWhere((scan2) => `svc ai-analysis view ${scan2}`, budget)
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
        restWhere((scan2) => `svc compliance view ${framework.id} --scan ${scan2}`, budget)
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
  const id2 = markdownCode(truncate(framework.id, ID_MAX));
  const name = framework.name ? `**${escapeMarkdownInline(truncate(framework.name, TEXT_MAX))}** (${id2})` : `**${id2}**`;
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
        restWhere((scan2) => `svc ai-security --scan ${scan2}`, budget)
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
  const items = listed.map((finding2) => suppressedItem(finding2));
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
function suppressedItem(finding2) {
  const location = finding2.line > 0 ? `${finding2.filePath}:${finding2.line}` : finding2.filePath;
  return `- ${SEVERITY_LABEL[finding2.severity]} ${escapeMarkdownInline(truncate(finding2.title, TITLE_MAX))}${location ? ` (${markdownCode(truncate(location, PATH_MAX))})` : ""}: ${escapeMarkdownInline(truncate(finding2.suppression, REASON_MAX))}; reason: ${escapeMarkdownInline(truncate(finding2.reason, REASON_MAX))}`;
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
  const { verdict, scan: scan2 } = input;
  const heading = verdict.passed ? "## \u2705 svc-scan: passed" : "## \u274C svc-scan: failed";
  const facts = [
    `Scan ${markdownCode(scan2.id)} of ${markdownCode(scan2.repository)} at ${markdownCode(scan2.ref)}`,
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
  const rows = SEVERITIES.map((severity2) => {
    const marks = [];
    if (input.failOn !== "none" && isAtOrAbove(severity2, input.failOn)) marks.push("fails the step");
    else if (isAtOrAbove(severity2, input.reportFloor)) marks.push("reported");
    else marks.push("counted, not reported");
    if (severity2 === input.severityThreshold) marks.push("\u2190 severity-threshold");
    if (severity2 === input.failOn) marks.push("\u2190 fail-on");
    return `| ${SEVERITY_LABEL[severity2]} | ${input.counts[severity2]} | ${marks.join(" ")} |`;
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
    const finding2 = `${escapeMarkdownInline(truncate(outcome.title, TITLE_MAX2))} (${markdownCode(outcome.findingId)})`;
    const result = outcome.problem === null ? `${markdownLink("pull request", outcome.prUrl)} on ${markdownCode(outcome.branch)}` : `no pull request: ${escapeMarkdownInline(outcome.problem)}`;
    return `| ${SEVERITY_LABEL[outcome.severity]} | ${finding2} | ${result} |`;
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
    (finding2) => `- ${SEVERITY_LABEL[finding2.severity]} ${escapeMarkdownInline(truncate(finding2.title, TITLE_MAX2))} (${markdownCode(truncate(finding2.filePath, PATH_MAX2))})`
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
  for (const finding2 of findings) {
    if (rows.length >= maxRows) break;
    const row = findingRow(finding2, links);
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
function findingRow(finding2, links) {
  const location = finding2.line > 0 ? `${finding2.filePath}:${finding2.line}` : finding2.filePath;
  const url = fileLink(links, finding2);
  const code = location ? markdownCode(truncate(location, PATH_MAX2)) : "";
  const cells = [
    SEVERITY_LABEL[finding2.severity],
    escapeMarkdownInline(truncate(finding2.title, TITLE_MAX2)),
    url && code ? markdownCodeLink(code, url) : code,
    finding2.cwe ? escapeMarkdownInline(finding2.cwe) : "",
    finding2.owasp ? escapeMarkdownInline(finding2.owasp) : ""
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

// src/core/sarif/gzip-meter.ts
var PENDING_GZIP_RESERVE = 256 * 1024;
var GzipMeter = class {
  // node:zlib is looked up when a SARIF file is written, not imported: a run without one never loads it.
  #gzip = process.getBuiltinModule("node:zlib").createGzip();
  #compressedBytes = 0;
  #ended;
  constructor() {
    this.#gzip.on("data", (chunk) => {
      this.#compressedBytes += chunk.length;
    });
    this.#ended = new Promise((resolve2, reject) => {
      this.#gzip.once("end", resolve2);
      this.#gzip.once("error", reject);
    });
    this.#ended.catch(() => void 0);
  }
  /** Compressed bytes produced so far. */
  get compressedBytes() {
    return this.#compressedBytes;
  }
  /** Resolves once zlib has consumed `text`. */
  write(text) {
    return new Promise((resolve2, reject) => {
      this.#gzip.write(text, (error) => {
        if (error) reject(error);
        else resolve2();
      });
    });
  }
  /** The compressed size of everything written. */
  async end() {
    this.#gzip.end();
    await this.#ended;
    return this.#compressedBytes;
  }
  /** Frees zlib's memory when the writing stops early. */
  destroy() {
    this.#gzip.destroy();
  }
};

// src/core/annotations.ts
var MAX_PATH_LENGTH = 4096;
var ANNOTATION_LIMITS = {
  perLevelPerStep: { error: 9, warning: 10, notice: 10 },
  perJob: 50
};
function annotationLevel(severity2) {
  switch (severity2) {
    case "critical":
    case "high":
      return "error";
    case "medium":
      return "warning";
    case "low":
    case "info":
      return "notice";
  }
}
function planAnnotations(findings, reportedTotal, budget = {}) {
  const perLevel = {
    error: 0,
    warning: budget.warningsUsed ?? 0,
    notice: 0
  };
  const annotations = [];
  for (const finding2 of findings) {
    if (annotations.length >= ANNOTATION_LIMITS.perJob) break;
    const level = annotationLevel(finding2.severity);
    if (perLevel[level] >= ANNOTATION_LIMITS.perLevelPerStep[level]) continue;
    perLevel[level] += 1;
    annotations.push(annotationFor(finding2, level));
  }
  return { annotations, notShown: Math.max(0, reportedTotal - annotations.length) };
}
function findingDetails(finding2) {
  return [
    `Severity: ${finding2.originalSeverity ?? finding2.severity}`,
    finding2.cwe,
    finding2.owasp ? `OWASP ${finding2.owasp}` : void 0,
    finding2.id ? `finding ${finding2.id}` : void 0,
    // What a policy suppresses it by (ignore: - fingerprint: …), as the SARIF file's partialFingerprints carry it.
    finding2.fingerprint ? `fingerprint ${finding2.fingerprint}` : void 0
  ].filter((part) => Boolean(part));
}
function annotationFor(finding2, level) {
  const details = findingDetails(finding2);
  const annotation = {
    level,
    title: escapeAnnotationProperty(`${finding2.severity.toUpperCase()}: ${finding2.title}`),
    message: escapeAnnotationMessage(`${finding2.title}
${details.join(" \xB7 ")}`)
  };
  const file = finding2.filePath.replace(/^\.\//, "");
  if (file && file.length <= MAX_PATH_LENGTH) {
    annotation.file = escapeAnnotationProperty(file, MAX_PATH_LENGTH);
    if (Number.isInteger(finding2.line) && finding2.line > 0) annotation.startLine = finding2.line;
  }
  return annotation;
}

// src/core/sarif/security-severity.ts
var SECURITY_SEVERITY_BANDS = Object.freeze({
  critical: [9.1, 10],
  high: [7, 8.9],
  medium: [4, 6.9],
  low: [0.1, 3.9]
});
var FIXED_SECURITY_SEVERITY = Object.freeze({
  critical: 9.5,
  high: 8,
  medium: 5.5,
  low: 2
});
function securitySeverity(severity2, cvssScore) {
  if (severity2 === "info") return void 0;
  const [low, high] = SECURITY_SEVERITY_BANDS[severity2];
  const score = typeof cvssScore === "number" && Number.isFinite(cvssScore) ? Math.round(cvssScore * 10) / 10 : FIXED_SECURITY_SEVERITY[severity2];
  return Math.min(high, Math.max(low, score)).toFixed(1);
}
function sarifLevel(severity2) {
  const level = annotationLevel(severity2);
  return level === "notice" ? "note" : level;
}

// src/core/sarif/rule-table.ts
var RuleTable = class {
  #indexById = /* @__PURE__ */ new Map();
  #json = [];
  get size() {
    return this.#json.length;
  }
  /** The rule's index, when a result already uses it. */
  indexOf(id2) {
    return this.#indexById.get(id2);
  }
  /** Adds a rule serialised by `serialiseRule`; returns its index. */
  add(id2, json) {
    const index = this.#json.length;
    this.#indexById.set(id2, index);
    this.#json.push(json);
    return index;
  }
  /** The rules' JSON, in index order. */
  serialised() {
    return this.#json;
  }
};
function serialiseRule(source) {
  return JSON.stringify(ruleObject(source));
}
function ruleObject(source) {
  const score = securitySeverity(source.severity, source.cvssScore);
  const owasp = source.owasp ? owaspId(source.owasp) : void 0;
  const tags = ["security"];
  if (source.cwe !== void 0) tags.push(`CWE-${source.cwe}`);
  if (owasp) tags.push(cutText(`OWASP-${owasp}`, TEXT_BUDGETS.tag));
  const title = cutText(source.title || source.id, TEXT_BUDGETS.shortDescription);
  const helpUri = source.cwe === void 0 ? void 0 : `https://cwe.mitre.org/data/definitions/${source.cwe}.html`;
  const classification = [
    source.cwe === void 0 ? void 0 : `CWE-${source.cwe}`,
    owasp ? `OWASP ${owasp}` : void 0
  ].filter((part) => part !== void 0);
  const described = classification.length > 0 ? `${title} (${classification.join(", ")}).` : `${title}.`;
  return {
    id: source.id,
    shortDescription: { text: title },
    // GitHub's checks (the multitool's GH2012) want a full description and help on every rule.
    fullDescription: { text: described },
    help: {
      text: helpUri ? `${described} See ${helpUri}` : described,
      markdown: helpMarkdown(title, source.cwe, helpUri, owasp)
    },
    ...helpUri ? { helpUri } : {},
    defaultConfiguration: { level: sarifLevel(source.severity) },
    properties: {
      tags: tags.slice(0, MAX_RULE_TAGS),
      ...score === void 0 ? {} : { "security-severity": score }
    }
  };
}
function helpMarkdown(title, cwe, helpUri, owasp) {
  const parts = [`**${escapeMarkdownInline(title)}**`];
  if (cwe !== void 0 && helpUri) parts.push(`[CWE-${cwe}](${helpUri})`);
  if (owasp) parts.push(`OWASP ${escapeMarkdownInline(owasp)}`);
  return parts.join(" \xB7 ");
}
function owaspId(owasp) {
  return /^(A\d{1,2}:\d{4})\b/iu.exec(owasp)?.[1]?.toUpperCase() ?? owasp;
}

// src/core/sarif/sarif-writer.ts
var SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";
var SOURCE_ROOT = "%SRCROOT%";
var CHUNK_CHARS = 64 * 1024;
var TAIL_RESERVE_BYTES = 16 * 1024;
var FindingOrderError = class extends Error {
  name = "FindingOrderError";
};
async function writeSarif(findings, metadata, options, sink) {
  const run = new SarifRunWriter(sink, options);
  try {
    await run.writeHead(metadata);
    for await (const finding2 of findings) await run.add(finding2);
    return await run.writeTail(metadata);
  } finally {
    run.destroy();
  }
}
var SarifRunWriter = class {
  #output;
  #rulesMeter = new GzipMeter();
  #options;
  #limits;
  #clean;
  #summary = emptySummary();
  #rules = new RuleTable();
  #fingerprints = new FingerprintIssuer();
  #kinds = new KindCache();
  #seenIds = /* @__PURE__ */ new Set();
  #lastRank = 0;
  constructor(sink, options) {
    this.#output = new SarifOutput(sink);
    this.#options = options;
    this.#limits = options.limits ?? GITHUB_SARIF_LIMITS;
    this.#clean = (text, budget) => cleanText(text, budget, options.scrub);
  }
  async writeHead(metadata) {
    const output = this.#output;
    await output.write(`{"version":"2.1.0","$schema":${JSON.stringify(SARIF_SCHEMA_URI)},"runs":[{
`);
    await output.write(
      `"automationDetails":${JSON.stringify({ id: automationId(metadata, this.#clean) })},
`
    );
    const provenance = versionControlProvenance(metadata, this.#clean);
    if (provenance) await output.write(`"versionControlProvenance":${JSON.stringify(provenance)},
`);
    await output.write('"results":[');
  }
  /** Writes the finding as a result, or counts why it is left out. */
  async add(finding2) {
    const severity2 = this.#admit(finding2);
    if (severity2 === void 0) return;
    const pending = this.#resultOf(finding2, severity2);
    if (pending === void 0) {
      this.#summary.leftOutForResultLimit += 1;
      return;
    }
    if (!this.#fits(pending)) {
      this.#summary.leftOutForSizeLimit += 1;
      return;
    }
    await this.#write(pending);
  }
  /** The rules, the invocation with its notifications and the run's properties, which need the final counts. */
  async writeTail(metadata) {
    const output = this.#output;
    const summary = this.#summary;
    const options = this.#options;
    summary.leftOutForResultLimit += Math.max(0, options.notRead?.() ?? 0);
    await output.write(summary.results === 0 ? "]" : "\n]");
    await output.write(
      `,
"tool":{"driver":${JSON.stringify(driverHead(metadata, this.#clean)).slice(0, -1)},"rules":[`
    );
    const serialisedRules = this.#rules.serialised();
    for (let i = 0; i < serialisedRules.length; i++)
      await output.write(`${i === 0 ? "\n" : ",\n"}${serialisedRules[i]}`);
    await output.write(serialisedRules.length === 0 ? "]}}" : "\n]}}");
    summary.rules = serialisedRules.length;
    const scanId = metadata.scanId && this.#clean(metadata.scanId, TEXT_BUDGETS.findingId);
    await output.write(
      `,
"invocations":${JSON.stringify([invocation(summary, options, this.#limits, scanId)])}`
    );
    await output.write(
      `,
"properties":${JSON.stringify(runProperties(summary, metadata, this.#clean))}
}]}
`
    );
    const sizes = await output.end();
    return { ...summary, ...sizes };
  }
  destroy() {
    this.#output.destroy();
    this.#rulesMeter.destroy();
  }
  /**
   * The finding's counted severity when it may become a result; undefined when it is counted apart (below the
   * floor, given twice, past a limit). Throws when the findings do not come most severe first.
   */
  #admit(finding2) {
    const summary = this.#summary;
    const raw = finding2.severity;
    const severity2 = countedSeverity(raw);
    const rank = severityRank(severity2);
    if (rank < this.#lastRank)
      throw new FindingOrderError(
        `a ${severity2} finding came after a less severe one: the findings must come most severe first`
      );
    this.#lastRank = rank;
    if (!isAtOrAbove(severity2, this.#options.severityFloor)) {
      summary.belowFloor += 1;
      return void 0;
    }
    if (finding2.id !== "") {
      if (this.#seenIds.has(finding2.id)) {
        summary.duplicates += 1;
        return void 0;
      }
      this.#seenIds.add(finding2.id);
    }
    if (summary.leftOutForSizeLimit > 0) summary.leftOutForSizeLimit += 1;
    else if (summary.results >= this.#limits.maxResults) summary.leftOutForResultLimit += 1;
    else return severity2;
    return void 0;
  }
  /** The result of a finding, with its rule when new; undefined when a new rule would pass the rule limit. */
  #resultOf(finding2, severity2) {
    const clean = this.#clean;
    const title = clean(typeof finding2.title === "string" ? finding2.title : "", TEXT_BUDGETS.message);
    const cwe = parseCwe(finding2.cwe);
    const { normalisedTitle, ruleId } = this.#kinds.identify(cwe, title);
    const knownRule = this.#rules.indexOf(ruleId);
    if (knownRule === void 0 && this.#rules.size >= this.#limits.maxRules) return void 0;
    const newRule = knownRule === void 0 ? serialiseRule({
      id: ruleId,
      cwe,
      title: kindTitle(title),
      owasp: finding2.owasp ? clean(finding2.owasp, TEXT_BUDGETS.tag) : void 0,
      severity: severity2,
      cvssScore: finding2.cvss_score ?? void 0
    }) : void 0;
    const uri = finding2.malformed?.includes("file_path") ? void 0 : repositoryRelativeUri(this.#options.scrub(finding2.file_path));
    const pathKey = uri ?? clean(finding2.file_path, TEXT_BUDGETS.message);
    const result = resultObject({
      finding: finding2,
      severity: severity2,
      ruleId,
      ruleIndex: knownRule ?? this.#rules.size,
      message: title || `(no title) ${ruleId}`,
      uri,
      fingerprint: this.#fingerprints.fingerprint(ruleId, pathKey, normalisedTitle),
      findingId: clean(finding2.id, TEXT_BUDGETS.findingId),
      justification: finding2.suppression ? clean(finding2.suppression.justification, TEXT_BUDGETS.message) : void 0
    });
    return {
      ruleId,
      newRule,
      json: `${this.#summary.results === 0 ? "\n" : ",\n"}${JSON.stringify(result)}`,
      located: uri !== void 0,
      malformed: (finding2.malformed?.length ?? 0) > 0
    };
  }
  /** Whether an upper bound of the compressed file, with this result (and its rule, if new), is within the limit. */
  #fits(pending) {
    const bound = this.#output.compressedUpperBound + this.#rulesMeter.compressedBytes + PENDING_GZIP_RESERVE + TAIL_RESERVE_BYTES + (pending.newRule === void 0 ? 0 : Buffer.byteLength(pending.newRule) + 2) + Buffer.byteLength(pending.json);
    return bound <= this.#limits.maxGzipBytes;
  }
  async #write(pending) {
    if (pending.newRule !== void 0) {
      this.#rules.add(pending.ruleId, pending.newRule);
      await this.#rulesMeter.write(`${pending.newRule},
`);
    }
    await this.#output.write(pending.json);
    this.#summary.results += 1;
    if (!pending.located) this.#summary.withoutLocation += 1;
    if (pending.malformed) this.#summary.malformed += 1;
  }
};
function emptySummary() {
  return {
    results: 0,
    rules: 0,
    belowFloor: 0,
    duplicates: 0,
    leftOutForResultLimit: 0,
    leftOutForSizeLimit: 0,
    withoutLocation: 0,
    malformed: 0
  };
}
function automationId(metadata, clean) {
  const category = clean(metadata.category, TEXT_BUDGETS.category) || "svc-scan";
  return category.endsWith("/") ? category : `${category}/`;
}
function versionControlProvenance(metadata, clean) {
  if (!metadata.repositoryUrl) return void 0;
  let url;
  try {
    url = new URL(metadata.repositoryUrl);
  } catch {
    return void 0;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:" || url.username || url.password)
    return void 0;
  const revision = clean(metadata.commitSha, TEXT_BUDGETS.commit);
  return [
    {
      repositoryUri: url.href,
      ...revision ? { revisionId: revision } : {},
      mappedTo: { uriBaseId: SOURCE_ROOT }
    }
  ];
}
function driverHead(metadata, clean) {
  const version = clean(metadata.toolVersion, TEXT_BUDGETS.tag);
  return {
    name: clean(metadata.toolName, TEXT_BUDGETS.tag) || "svc-scan",
    ...version ? { version, semanticVersion: version } : {},
    informationUri: metadata.informationUri
  };
}
function resultObject(input) {
  const { finding: finding2, uri } = input;
  const line = finding2.line;
  const region = Number.isSafeInteger(line) && line > 0 && !finding2.malformed?.includes("line") ? { region: { startLine: line } } : {};
  return {
    ruleId: input.ruleId,
    ruleIndex: input.ruleIndex,
    level: sarifLevel(input.severity),
    message: { text: input.message },
    ...uri === void 0 ? {} : {
      locations: [{ physicalLocation: { artifactLocation: { uri, uriBaseId: SOURCE_ROOT }, ...region } }]
    },
    partialFingerprints: { [FINGERPRINT_KEY]: input.fingerprint },
    ...finding2.suppression ? { suppressions: [{ kind: "external", justification: input.justification ?? "" }] } : {},
    properties: {
      severity: input.severity,
      ...input.findingId ? { findingId: input.findingId } : {},
      ...finding2.malformed && finding2.malformed.length > 0 ? { malformedFields: finding2.malformed.slice(0, 10).map((field) => field.slice(0, 50)) } : {}
    }
  };
}
function invocation(summary, options, limits, scanId) {
  const restWhere3 = scanId ? ELSEWHERE.findingsCommand(scanId, "plain") : "the service lists every finding of the scan";
  const notifications = [];
  if (summary.leftOutForResultLimit > 0)
    notifications.push({
      descriptor: { id: "svc-scan/result-limit" },
      level: "warning",
      message: {
        text: `${counted(summary.leftOutForResultLimit, FINDING)} at or above ${options.severityFloor} ${summary.leftOutForResultLimit === 1 ? "was" : "were"} left out: code scanning accepts at most ${limits.maxResults} results in a run. The most severe findings are included; ${restWhere3}.`
      }
    });
  if (summary.leftOutForSizeLimit > 0)
    notifications.push({
      descriptor: { id: "svc-scan/size-limit" },
      level: "warning",
      message: {
        text: `${counted(summary.leftOutForSizeLimit, FINDING)} at or above ${options.severityFloor} ${summary.leftOutForSizeLimit === 1 ? "was" : "were"} left out: the file would have exceeded code scanning's limit of ${limits.maxGzipBytes} bytes gzip-compressed. The most severe findings are included; ${restWhere3}.`
      }
    });
  if (summary.withoutLocation > 0)
    notifications.push({
      descriptor: { id: "svc-scan/no-location" },
      level: "note",
      message: {
        text: `${summary.withoutLocation} results have no location: the service's file path was not a safe path inside the repository.`
      }
    });
  return {
    executionSuccessful: true,
    ...notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}
  };
}
function runProperties(summary, metadata, clean) {
  return {
    repository: clean(metadata.repository, TEXT_BUDGETS.repository),
    commitSha: clean(metadata.commitSha, TEXT_BUDGETS.commit),
    resultsWritten: summary.results,
    findingsLeftOut: summary.leftOutForResultLimit + summary.leftOutForSizeLimit,
    leftOutForResultLimit: summary.leftOutForResultLimit,
    leftOutForSizeLimit: summary.leftOutForSizeLimit,
    resultsWithoutLocation: summary.withoutLocation,
    malformedFindings: summary.malformed
  };
}
var KindCache = class _KindCache {
  static MAX_ENTRIES = 2048;
  #byKind = /* @__PURE__ */ new Map();
  identify(cwe, title) {
    const key = `${cwe ?? ""}\0${kindTitle(title)}`;
    const known = this.#byKind.get(key);
    if (known) return known;
    const normalisedTitle = normaliseTitle(title);
    const identity = { normalisedTitle, ruleId: ruleIdFor(cwe, normalisedTitle) };
    if (this.#byKind.size < _KindCache.MAX_ENTRIES) this.#byKind.set(key, identity);
    return identity;
  }
};
var SarifOutput = class {
  #sink;
  #meter = new GzipMeter();
  #pending = [];
  #pendingChars = 0;
  #pendingBytes = 0;
  #bytes = 0;
  constructor(sink) {
    this.#sink = sink;
  }
  /** Compressed bytes of what was flushed, plus what deflate may hold back, plus the unflushed text raw. */
  get compressedUpperBound() {
    return this.#meter.compressedBytes + PENDING_GZIP_RESERVE + this.#pendingBytes;
  }
  async write(text) {
    this.#pending.push(text);
    this.#pendingChars += text.length;
    this.#pendingBytes += Buffer.byteLength(text);
    if (this.#pendingChars >= CHUNK_CHARS) await this.#flush();
  }
  async end() {
    await this.#flush();
    return { bytes: this.#bytes, gzipBytes: await this.#meter.end() };
  }
  destroy() {
    this.#meter.destroy();
  }
  async #flush() {
    if (this.#pending.length === 0) return;
    const chunk = this.#pending.join("");
    this.#bytes += this.#pendingBytes;
    this.#pending = [];
    this.#pendingChars = 0;
    this.#pendingBytes = 0;
    await Promise.all([this.#sink.write(chunk), this.#meter.write(chunk)]);
  }
};

// src/run/sarif-file.ts
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { basename, dirname, isAbsolute, join as join2, relative, resolve, sep } from "node:path";
var ACTION_INFORMATION_URI = "https://github.com/svc-scan/svc-scan-action";
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
async function writeSarifFile(request) {
  const target = resolveSarifPath(request.path, request.workspace);
  const summary = await writeFileAtomically(
    target,
    (sink) => writeSarif(request.findings, request.metadata, request.options, sink)
  );
  return { path: target, summary };
}
async function writeFileAtomically(target, produce) {
  await mkdir(dirname(target), { recursive: true });
  const temporary = join2(
    dirname(target),
    `.${basename(target)}.${process.getBuiltinModule("node:crypto").randomBytes(6).toString("hex")}.tmp`
  );
  const stream = createWriteStream(temporary, { flags: "wx", mode: 420 });
  const opened = new Promise((resolveOpen, rejectOpen) => {
    stream.once("open", () => {
      resolveOpen();
    });
    stream.once("error", rejectOpen);
  });
  try {
    await opened;
    const produced = await produce({
      write: (chunk) => new Promise((resolveWrite, rejectWrite) => {
        stream.write(chunk, "utf8", (error) => {
          if (error) rejectWrite(error);
          else resolveWrite();
        });
      })
    });
    await new Promise((resolveEnd, rejectEnd) => {
      stream.once("error", rejectEnd);
      stream.end(() => {
        resolveEnd();
      });
    });
    await rename(temporary, target);
    return produced;
  } catch (error) {
    stream.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
}

export {
  loadUndici,
  LazyProxyAgent,
  CLIENT_VERSION,
  DEFAULT_USER_AGENT,
  classifyScanStatus,
  isModuleComplete,
  classifyAiAnalysis,
  classifyRemediation,
  AuthError,
  NotFoundError,
  ConfigError,
  ConnectionError,
  RequestAbortedError,
  PollTimeoutError,
  normalizeBaseUrl,
  isLoopbackHost,
  realSleep,
  warningsAsInfo,
  ServiceClient,
  TomlError,
  parse,
  stringify,
  CONFIG_FILE_IN_HOME,
  resolveCredentials,
  escapeLogLine,
  escapeAnnotationMessage,
  truncate,
  escapeMarkdownInline,
  markdownCode,
  markdownLink,
  markdownCodeLink,
  freezeReport,
  RunError,
  adviseOnFailure,
  describeStage,
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
  RUN_INPUTS,
  parseSettings,
  runSettingsOf,
  checkTogether,
  ANNOTATION_LIMITS,
  planAnnotations,
  findingDetails,
  fileLink,
  withNotCounted,
  noun,
  FINDING,
  counted,
  leftOutSentence,
  leftOutLines,
  ELSEWHERE,
  restOfScan,
  repositoryRelativeUri,
  cleanText,
  cutText,
  FindingFingerprinter,
  NO_FINDING_FILTER,
  writeSarif,
  IncompleteListError2 as IncompleteListError,
  streamScanFindings,
  ACTION_INFORMATION_URI,
  SarifPathError,
  resolveSarifPath,
  writeSarifFile,
  findingIdentities,
  creditsNotice,
  renderInsightsCommentLines,
  COMMENT_SUPPRESSED_ROWS,
  renderPolicyChange,
  renderPolicySection,
  renderSkippedSummary,
  SUMMARY_MAX_FINDINGS,
  renderScanSummary,
  renderFailureSummary,
  remediationPrsOutput,
  RunDeadline,
  REPORTING_MARGIN_MS,
  RunTimeoutError,
  evaluateGate,
  ScanProgress,
  formatElapsed,
  RepositoryNotFoundError,
  ScanInterruptedError,
  lookUpRepository,
  startScan,
  waitForScan,
  cancelScan,
  describeCancelled,
  describeEndedScan,
  scanNotes,
  collectScanResults,
  runScan,
  incompleteModules,
  scanStatusOutput,
  SecretScrubber,
  scrubSecrets
};
//# sourceMappingURL=chunk-T6FTM5M2.js.map
