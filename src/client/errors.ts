/**
 * The client's errors mirror the spec's error table: one base kind carrying message, status code, body and
 * request id, and one subclass per status family. Messages and bodies never hold the API key: the transport
 * redacts them before an error is built.
 */

export interface ServiceErrorOptions {
  statusCode?: number | undefined;
  /** The response body: parsed JSON when it parsed, else the raw text. */
  body?: unknown;
  requestId?: string | undefined;
  cause?: unknown;
}

export class ServiceError extends Error {
  override name: string = 'ServiceError';
  readonly statusCode: number | undefined;
  readonly body: unknown;
  readonly requestId: string | undefined;
  /**
   * How many times the request was sent before this error was final; set by the retry loop, so a message can
   * say "after 4 attempts" only when that is true. 1 for an error that was not retried.
   */
  attempts = 1;

  constructor(message: string, options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.statusCode = options.statusCode;
    this.body = options.body;
    this.requestId = options.requestId;
  }
}

/** 401 or 403: a missing, invalid or under-scoped key. */
export class AuthError extends ServiceError {
  override name = 'AuthError';
}

/** 403: the key is valid, but its role may not do this. */
export class PermissionDeniedError extends AuthError {
  override name = 'PermissionDeniedError';
}

/** 404. */
export class NotFoundError extends ServiceError {
  override name = 'NotFoundError';
}

/** 400 or 422. */
export class ValidationError extends ServiceError {
  override name = 'ValidationError';
}

export interface RateLimitErrorOptions extends ServiceErrorOptions {
  /** From the Retry-After header, when the server sent a usable one. */
  retryAfterMs?: number | undefined;
}

/** 429. */
export class RateLimitError extends ServiceError {
  override name = 'RateLimitError';
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: RateLimitErrorOptions = {}) {
    super(message, options);
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Any 5xx. */
export class ServerError extends ServiceError {
  override name = 'ServerError';
}

/** A local problem found before any request: no key, an unusable base URL, an unreadable config file. */
export class ConfigError extends ServiceError {
  override name = 'ConfigError';
}

/**
 * An id that names no resource in a request path: empty, `.` or `..` (a URL resolves the dots to the segment
 * above, another resource). Refused before anything is sent.
 */
export class InvalidIdError extends ServiceError {
  override name = 'InvalidIdError';
}

/**
 * What went wrong with a connection, read once from the system's error code so no caller has to: `connect`
 * failures (refused, unreachable) never reached the server; `dns` and `tls` are configuration problems the
 * user can fix; `reset` is a connection lost mid-exchange.
 */
export type ConnectionFailure = 'dns' | 'tls' | 'connect' | 'reset' | 'other';

export interface ConnectionErrorOptions extends ServiceErrorOptions {
  failure: ConnectionFailure;
  /** The system's code, e.g. ECONNRESET or SELF_SIGNED_CERT_IN_CHAIN, when there was one. */
  code?: string | undefined;
}

/** No HTTP response: the connection could not be made or was lost. */
export class ConnectionError extends ServiceError {
  override name = 'ConnectionError';
  readonly failure: ConnectionFailure;
  readonly code: string | undefined;

  constructor(message: string, options: ConnectionErrorOptions) {
    super(message, options);
    this.failure = options.failure;
    this.code = options.code;
  }

  /** The server cannot have seen the request, so even a POST may be sent again. */
  get neverSent(): boolean {
    return this.failure === 'connect' || this.failure === 'dns';
  }
}

/** One attempt had no complete answer within the per-request timeout. */
export class RequestTimeoutError extends ServiceError {
  override name = 'RequestTimeoutError';
}

/** The caller's signal stopped the request or the wait (a cancelled workflow, or the run's deadline). */
export class RequestAbortedError extends ServiceError {
  override name = 'RequestAbortedError';
}

export interface DecodeErrorOptions extends ServiceErrorOptions {
  /** The `id` the undecodable answer carried, when it carried one: a created resource must not be lost. */
  resourceId?: string | undefined;
}

/**
 * A 2xx answer the client cannot use: empty, not JSON, lacking a field, or about another resource than the one
 * asked for. A read that got one is sent again (a truncated body is usually passing); the message names what
 * was wrong.
 */
export class DecodeError extends ServiceError {
  override name = 'DecodeError';
  readonly resourceId: string | undefined;

  constructor(message: string, options: DecodeErrorOptions = {}) {
    super(message, options);
    this.resourceId = options.resourceId;
  }
}

/** A paged list did not end within the pages its totals allow: what was read is not the whole list. */
export class IncompleteListError extends ServiceError {
  override name = 'IncompleteListError';
}

/** A poller reached its deadline before the job reached a terminal state (the spec's generic error). */
export class PollTimeoutError extends ServiceError {
  override name = 'PollTimeoutError';
  /** The job's last status seen, as the poller describes it. */
  readonly lastStatus: string | undefined;

  constructor(message: string, lastStatus: string | undefined) {
    super(message);
    this.lastStatus = lastStatus;
  }
}

type ErrorClass = new (message: string, options?: RateLimitErrorOptions) => ServiceError;

/** The one place that maps an HTTP status to an error class; statuses outside the table get the base class. */
export function errorClassForStatus(statusCode: number): ErrorClass {
  if (statusCode === 401) return AuthError;
  if (statusCode === 403) return PermissionDeniedError;
  if (statusCode === 404) return NotFoundError;
  if (statusCode === 400 || statusCode === 422) return ValidationError;
  if (statusCode === 429) return RateLimitError;
  if (statusCode >= 500 && statusCode <= 599) return ServerError;
  return ServiceError;
}

export interface FailedResponse {
  method: string;
  path: string;
  statusCode: number;
  body: unknown;
  requestId?: string | undefined;
  retryAfterMs?: number | undefined;
}

/** Builds the error for a non-2xx response, e.g. `GET /scans/abc failed with 404: scan not found`. */
export function errorFromResponse(response: FailedResponse): ServiceError {
  const { method, path, statusCode, body, requestId, retryAfterMs } = response;
  const reason = messageFromBody(body) ?? statusText(statusCode) ?? 'no message';
  const ErrorKind = errorClassForStatus(statusCode);
  return new ErrorKind(`${method} ${path} failed with ${statusCode}: ${reason}`, {
    statusCode,
    body,
    requestId,
    retryAfterMs,
  });
}

/** Server text is shown to users; a proxy's HTML page or a stack trace must not flood the log. */
export const MAX_MESSAGE_LENGTH = 300;

/**
 * Reads a human message from the error body shapes services commonly use:
 * `{"error": {"message"}}` (this service), `{"message"}`, `{"detail": "..."}`, `{"detail": [{"msg"}]}`,
 * `{"error": "..."}`, or plain text.
 */
export function messageFromBody(body: unknown): string | undefined {
  const raw = rawMessage(body);
  if (raw === undefined) return undefined;
  const flat = raw.replace(/\s+/g, ' ').trim();
  if (flat.length === 0) return undefined;
  return flat.length > MAX_MESSAGE_LENGTH ? `${flat.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : flat;
}

function rawMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (!isRecord(body)) return undefined;
  const { error, message, detail } = body;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  if (typeof message === 'string') return message;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const parts = detail.map(detailItemMessage).filter((part) => part !== undefined);
    if (parts.length > 0) return parts.join('; ');
  }
  if (typeof error === 'string') return error;
  return undefined;
}

function detailItemMessage(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (!isRecord(item) || typeof item.msg !== 'string') return undefined;
  const location = Array.isArray(item.loc) ? item.loc.map(String).join('.') : '';
  return location ? `${location}: ${item.msg}` : item.msg;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The caller's signal stopped the work; `what` names it, e.g. `GET /scans/abc`. */
export function abortedError(what: string, reason: unknown): RequestAbortedError {
  return new RequestAbortedError(`${what} was aborted`, { cause: reason });
}

/** TLS failures Node reports by code: an unknown or self-signed issuer, a wrong name, an expired certificate. */
const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_|HOSTNAME_MISMATCH)/;
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED', 'UND_ERR_CLOSED']);

/** Sorts a system error by what the user or the retry rules can do about it: the one reader of `.code`. */
export function classifyConnectionFailure(cause: unknown): { failure: ConnectionFailure; code?: string } {
  const codes = errorCodes(cause);
  for (const code of codes) if (TLS_CODES.test(code)) return { failure: 'tls', code };
  for (const code of codes) if (DNS_CODES.has(code)) return { failure: 'dns', code };
  for (const code of codes) if (CONNECT_CODES.has(code)) return { failure: 'connect', code };
  for (const code of codes) if (RESET_CODES.has(code)) return { failure: 'reset', code };
  const code = codes[0];
  return code === undefined ? { failure: 'other' } : { failure: 'other', code };
}

/** Codes of an error, its causes and, for a failed connection to every address of a host, each attempt's. */
function errorCodes(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error) || depth > 5) return [];
  const own = (error as { code?: unknown }).code;
  const codes = typeof own === 'string' ? [own] : [];
  if (error instanceof AggregateError)
    for (const inner of error.errors) codes.push(...errorCodes(inner, depth + 1));
  codes.push(...errorCodes(error.cause, depth + 1));
  return codes;
}

/**
 * The standard reason phrase of a status. node:http is looked up when an error needs it: imported as an ES module
 * its facade reads every export, which loads Node's own copy of undici (tens of ms) before the first input is read.
 */
function statusText(statusCode: number): string | undefined {
  return process.getBuiltinModule('node:http').STATUS_CODES[statusCode];
}
