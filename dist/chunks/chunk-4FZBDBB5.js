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
  undici ??= import("./undici-UDSEZWFW.js").then((module) => module.default ?? module);
  return undici;
}
var VERIFIED = { rejectUnauthorized: true };
function loadHttpCore() {
  core ??= Promise.all([
    import("./env-http-proxy-agent-ABDJLILP.js"),
    import("./agent-WBBOKGFU.js"),
    import("./dispatcher-5ZGGV6TS.js"),
    import("./api-request-QHKQALFG.js"),
    import("./api-connect-DXSJHZCC.js")
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

export {
  ServiceError,
  AuthError,
  PermissionDeniedError,
  NotFoundError,
  ValidationError,
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
  LazyProxyAgent
};
//# sourceMappingURL=chunk-4FZBDBB5.js.map
