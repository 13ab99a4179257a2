import { STATUS_CODES } from 'node:http';

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

type ErrorClass = new (message: string, options?: RateLimitErrorOptions) => ServiceError;

/** The one place that maps an HTTP status to an error class; statuses outside the table get the base class. */
export function errorClassForStatus(statusCode: number): ErrorClass {
  if (statusCode === 401 || statusCode === 403) return AuthError;
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
  const reason = messageFromBody(body) ?? STATUS_CODES[statusCode] ?? 'no message';
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
export function abortedError(what: string, reason: unknown): ServiceError {
  return new ServiceError(`${what} was aborted`, { cause: reason });
}
