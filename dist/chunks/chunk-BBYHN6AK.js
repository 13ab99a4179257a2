import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  ConnectionError,
  DecodeError,
  RateLimitError,
  RequestTimeoutError,
  ServerError,
  ServiceError,
  abortedError
} from "./chunk-4FZBDBB5.js";

// src/client/clock.ts
var realSleep = (ms, signal) => new Promise((resolve, reject) => {
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
    resolve();
  }, ms);
  signal?.addEventListener("abort", onAbort, { once: true });
});
var realNow = () => Date.now();
var realRandom = () => Math.random();

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
function retryAfterOf(header, now) {
  const ms = header("retry-after-ms")?.trim() ?? "";
  if (/^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  return parseRetryAfter(header("retry-after"), now);
}
async function withRetries(attempt, context) {
  const { method, path, signal, logger } = context;
  const spent = { retries: 0, waitedMs: 0, rateLimited: 0, rateLimitedMs: 0 };
  for (let attempts = 0; ; attempts++) {
    try {
      return await attempt(attempts);
    } catch (error) {
      if (error instanceof ServiceError) error.attempts = attempts + 1;
      if (signal?.aborted) throw error;
      const delayMs = retryDelay(error, spent, context);
      if (delayMs === void 0) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      const which = spent.rateLimited > 0 && failureKind(error) === "rate-limited" ? `429 waited out (${seconds(spent.rateLimitedMs)} s of ${seconds(context.policy.rateLimitWaitMs ?? 0)} s)` : `retry ${spent.retries} of ${context.policy.maxRetries}`;
      logger.debug(`${reason}; ${which} in ${seconds(delayMs)} s`);
      try {
        await context.sleep(delayMs, signal);
      } catch (sleepError) {
        throw abortedError(`${method} ${path}`, signal?.reason ?? sleepError);
      }
    }
  }
}
function retryDelay(error, spent, context) {
  const { method, path, policy, logger } = context;
  const kind = failureKind(error);
  if (!isRetryable(kind, method, context.idempotent)) return void 0;
  const retryAfterMs = error instanceof RateLimitError ? error.retryAfterMs : void 0;
  const patient = kind === "rate-limited" && policy.rateLimitWaitMs !== void 0;
  const delayMs = retryAfterMs ?? backoffDelayMs(patient ? spent.rateLimited : spent.retries, context.random, policy);
  if (patient) {
    if (spent.rateLimitedMs + delayMs > (policy.rateLimitWaitMs ?? 0)) return void 0;
    spent.rateLimited += 1;
    spent.rateLimitedMs += delayMs;
    return delayMs;
  }
  if (spent.retries >= policy.maxRetries) return void 0;
  if (spent.waitedMs + delayMs > policy.maxWaitMs) {
    logger.debug(
      `${method} ${path}: not retrying, a wait of ${seconds(delayMs)} s would exceed the retry budget of ${seconds(policy.maxWaitMs)} s`
    );
    return void 0;
  }
  spent.retries += 1;
  spent.waitedMs += delayMs;
  return delayMs;
}
function seconds(ms) {
  return (ms / 1e3).toFixed(1);
}

export {
  realSleep,
  realNow,
  realRandom,
  parseRetryAfter,
  retryAfterOf,
  withRetries
};
//# sourceMappingURL=chunk-BBYHN6AK.js.map
