import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

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
var InvalidIdError = class extends ServiceError {
  name = "InvalidIdError";
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
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (host === "localhost") return true;
  const { isIP } = process.getBuiltinModule("node:net");
  if (isIP(host) === 4) return host.startsWith("127.");
  if (isIP(host) === 6) return host === "::1" || host === "0:0:0:0:0:0:0:1";
  return false;
}
function hasVersionPrefix(baseUrl) {
  return new URL(baseUrl).pathname.replace(/\/+$/, "").endsWith(VERSION_PREFIX);
}

// src/client/loopback-direct.ts
function goesDirect(origin, env) {
  const noProxy = env.no_proxy ?? env.NO_PROXY;
  if (noProxy?.trim() === "") return false;
  return isLoopbackHost(new URL(origin).hostname);
}
function loopbackDirect(Base, routes, env = process.env) {
  const both = (stop) => Promise.all([stop(routes.proxied), stop(routes.direct)]).then(() => void 0);
  class LoopbackDirect extends Base {
    dispatch(options, handler) {
      const route = goesDirect(String(options.origin), env) ? routes.direct : routes.proxied;
      return route.dispatch(options, handler);
    }
    close(callback) {
      return settle(
        both((dispatcher) => dispatcher.close()),
        callback
      );
    }
    destroy(first, second) {
      const error = typeof first === "function" ? null : first ?? null;
      const callback = typeof first === "function" ? first : second;
      return settle(
        both((dispatcher) => dispatcher.destroy(error)),
        callback
      );
    }
  }
  return new LoopbackDirect();
}
function settle(done, callback) {
  if (callback === void 0) return done;
  void done.then(callback);
}

// src/client/http-stack.ts
var exportsOf = (module) => module.default;
var undici;
var core;
function loadUndici() {
  undici ??= import("./undici-X5WH3ZCH.js").then((module) => module.default ?? module);
  return undici;
}
var VERIFIED = { rejectUnauthorized: true };
function loadHttpCore() {
  core ??= Promise.all([
    import("./env-http-proxy-agent-J6TW533J.js"),
    import("./agent-G2DTJR2T.js"),
    import("./dispatcher-J3AZCUTU.js"),
    import("./api-request-6E2GC32F.js"),
    import("./api-connect-6IHPS5L7.js")
  ]).then(([proxyAgent, agent, dispatcherBase, request, connect]) => {
    exportsOf(dispatcherBase).prototype.connect ??= exportsOf(connect);
    const requestOn = exportsOf(request);
    const send = (dispatcher, url, options) => {
      const target = new URL(url);
      return requestOn.call(dispatcher, {
        ...options,
        origin: target.origin,
        path: `${target.pathname}${target.search}`
      });
    };
    const [ProxyAgent, Agent] = [exportsOf(proxyAgent), exportsOf(agent)];
    const openPool = () => loopbackDirect(exportsOf(dispatcherBase), {
      proxied: new ProxyAgent({ connect: VERIFIED, requestTls: VERIFIED, proxyTls: VERIFIED }),
      direct: new Agent({ connect: VERIFIED })
    });
    return { openPool, send };
  });
  return core;
}
var LazyProxyAgent = class {
  #agent;
  open() {
    this.#agent ??= loadHttpCore().then(({ openPool }) => openPool());
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

// src/text/escape.ts
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
var ScanInterruptedError = class extends RunError {
  name = "ScanInterruptedError";
  /** The scan's status after the cancel request; undefined when there was no scan or the request failed. */
  scanStatus;
  constructor(message, scanStatus) {
    super(message);
    this.scanStatus = scanStatus;
  }
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
  constructor(seconds, stage, scanId) {
    const scan = stage === "scan" && scanId !== void 0 ? ` Scan ${scanId} did not finish in time; it is cancelled when the job ends.` : "";
    super(
      `The run did not finish within wait-timeout (${seconds} s): it was ${describeStage(stage)}.${scan} wait-timeout bounds the whole run (repository lookup, scan, findings, remediations): raise it, scan fewer modules, or re-run the job if the service was slow.`
    );
    this.stage = stage;
  }
};

// src/fleet/fleet-usage-error.ts
var FleetUsageError = class extends Error {
  name = "FleetUsageError";
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

// src/text/secrets.ts
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

// src/text/did-you-mean.ts
var MAX_DISTANCE = 3;
var MIN_SIMILARITY = 0.4;
function similarNames(word, known) {
  let best = MAX_DISTANCE;
  let similar = [];
  for (const candidate of new Set(known)) {
    if (candidate.length <= 1) continue;
    const distance = editDistance(word, candidate);
    const length = Math.max(word.length, candidate.length);
    if ((length - distance) / length <= MIN_SIMILARITY) continue;
    if (distance < best) {
      best = distance;
      similar = [candidate];
    } else if (distance === best) similar.push(candidate);
  }
  return similar.sort((a, b) => a.localeCompare(b));
}
function didYouMean(word, known) {
  const similar = similarNames(word, known).map((name) => `'${name}'`);
  if (similar.length === 0) return "";
  return similar.length === 1 ? ` Did you mean ${similar[0] ?? ""}?` : ` Did you mean one of ${similar.join(", ")}?`;
}
function editDistance(a, b) {
  if (Math.abs(a.length - b.length) > MAX_DISTANCE) return Math.max(a.length, b.length);
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  const at = (i, j) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let j = 0; j <= b.length; j += 1) rows[0][j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    const row = rows[i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(at(i, j), at(i - 2, j - 2) + 1);
    }
  }
  return at(a.length, b.length);
}

// src/run/input-problem.ts
var ACTION_WORDS = {
  subject: (input) => `Input '${input}'`,
  reference: (input) => `input '${input}'`
};
function phraseText(phrase, words) {
  return phrase.map((part) => typeof part === "string" ? part : words.reference(part.input)).join("");
}
function problemText(problem, words) {
  const subject = problem.file === void 0 ? words.subject(problem.input) : `'${problem.input}' in ${problem.file}`;
  const expected = phraseText(problem.expected, words);
  const suggestion = didYouMean(problem.given.toLowerCase(), problem.known ?? []);
  return `${subject} is invalid: got '${problem.given}'; expected ${expected}.${suggestion}`;
}

export {
  ServiceError,
  AuthError,
  PermissionDeniedError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ConfigError,
  InvalidIdError,
  ConnectionError,
  RequestTimeoutError,
  RequestAbortedError,
  DecodeError,
  IncompleteListError,
  PollTimeoutError,
  errorFromResponse,
  abortedError,
  classifyConnectionFailure,
  VERSION_PREFIX,
  normalizeBaseUrl,
  isLoopbackHost,
  hasVersionPrefix,
  loadUndici,
  loadHttpCore,
  LazyProxyAgent,
  escapeLogLine,
  escapeAnnotationMessage,
  escapeAnnotationProperty,
  truncate,
  escapeMarkdownInline,
  markdownCode,
  markdownLink,
  markdownCodeLink,
  RunError,
  ScanInterruptedError,
  adviseOnFailure,
  describeStage,
  classifyStatus,
  classifyScanStatus,
  classifyModuleStatus,
  isModuleComplete,
  classifyAiAnalysis,
  classifyRemediation,
  unknownStatusReporter,
  createRedactor,
  redactValue,
  redactCause,
  SecretScrubber,
  scrubSecrets,
  NOOP_LOGGER,
  warningsAsInfo,
  didYouMean,
  ACTION_WORDS,
  phraseText,
  problemText,
  RunDeadline,
  RUN_DEADLINE_MARGIN_MS,
  REPORTING_MARGIN_MS,
  RunTimeoutError,
  FleetUsageError
};
//# sourceMappingURL=chunk-NJWLJWJA.js.map
