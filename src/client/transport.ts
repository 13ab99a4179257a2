import type { Dispatcher } from 'undici';
import { loadHttpCore, LazyProxyAgent } from './http-stack.ts';
import type { Now, Random, Sleep } from './clock.ts';
import { DecodeIssue, type Decoder } from './decode.ts';
import {
  ConnectionError,
  DecodeError,
  InvalidIdError,
  RateLimitError,
  RequestTimeoutError,
  abortedError,
  classifyConnectionFailure,
  errorFromResponse,
} from './errors.ts';
import type { Logger } from './logger.ts';
import { RateGate } from './rate-gate.ts';
import { createRedactor, redactCause, redactValue, type Redactor } from './redact.ts';
import { retryAfterOf, withRetries, type RetryPolicy } from './retry.ts';

/** The last, optional parameter of every client method. */
export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** Bounds one attempt (connect, headers and body); retries get a fresh timeout each. */
  timeoutMs?: number | undefined;
  /**
   * Told the `Retry-After` of a successful answer (undefined when it has none): a poller waits that long before it
   * asks again, where the service says a job will not change sooner.
   */
  onRetryAfter?: ((ms: number | undefined) => void) | undefined;
}

export interface TransportOptions {
  apiKey: string;
  /** Validated, without a trailing slash; request paths are appended to it. */
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  retry: RetryPolicy;
  logger: Logger;
  /** The pool requests go through; a lazy one opens with the first request. */
  dispatcher: Dispatcher | LazyProxyAgent;
  sleep: Sleep;
  now: Now;
  random: Random;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface Call<T> {
  method: 'GET' | 'POST' | 'DELETE';
  /** Relative to the base URL, with its dynamic segments already encoded. */
  path: string;
  /** Entries whose value is null or undefined are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON when defined. */
  body?: unknown;
  /** Null when the response body is ignored. */
  decode: Decoder<T> | null;
  options?: RequestOptions | undefined;
  /** The response carries a secret (a new key's token): a decoding error must not keep the body. */
  secretResponse?: boolean;
  /** Safe to send again whatever the method (a cancel): retried like a read. */
  idempotent?: boolean;
  /**
   * Sent even while a 429's Retry-After holds the client's other requests (a cancel): it ends work on the service
   * rather than adding to it, and one left waiting behind a long hold would leave its scan running.
   */
  passesRateHold?: boolean;
  /**
   * Checks that a decoded answer is the one asked for (about the same id, of the same scan); returns what is
   * wrong, or undefined. A wrong answer is a DecodeError, so a read asks again and then fails closed.
   */
  check?: (value: T) => string | undefined;
}

/**
 * Sends one API call: builds the URL and headers, applies the timeout and the retry rules, and turns every
 * outcome into either a decoded value or a ServiceError whose message and body have the key redacted.
 */
export class Transport {
  readonly #options: TransportOptions;
  readonly #redact: Redactor;
  /** The key has a character JSON may write as an escape other than \u. */
  readonly #keyHasEscapable: boolean;
  /** Every request of this client waits while a 429's Retry-After is in force. */
  readonly #gate: RateGate;

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#gate = new RateGate(options.now, options.sleep);
    this.#redact = createRedactor(options.apiKey);
    this.#keyHasEscapable = /[/"\\]/.test(options.apiKey);
  }

  request<T>(call: Call<T>): Promise<T> {
    const { retry, sleep, random, logger } = this.#options;
    if (!namesOneResource(call.path)) {
      return Promise.reject(
        new InvalidIdError(
          `${call.method} ${this.#redact(call.path)}: an id must not be empty, "." or "..", which would name ` +
            'another path; nothing was sent',
        ),
      );
    }
    // The opening this call's own 429 set: its retry has waited that out already.
    const waited = { until: Number.NEGATIVE_INFINITY };
    return withRetries((retriesTaken) => this.#gatedAttempt(call, retriesTaken, waited), {
      method: call.method,
      path: this.#redact(call.path),
      policy: retry,
      sleep,
      random,
      logger,
      signal: call.options?.signal,
      idempotent: call.idempotent,
    });
  }

  /**
   * One attempt, sent once no Retry-After holds the client (unless the call passes holds); a 429 that names one
   * holds every request.
   */
  async #gatedAttempt<T>(call: Call<T>, retriesTaken: number, waited: { until: number }): Promise<T> {
    const signal = call.options?.signal;
    try {
      if (call.passesRateHold !== true) await this.#gate.pass(signal, waited.until);
    } catch (error) {
      throw abortedError(`${call.method} ${this.#redact(call.path)}`, signal?.reason ?? error);
    }
    try {
      return await this.#attempt(call, retriesTaken);
    } catch (error) {
      if (error instanceof RateLimitError && error.retryAfterMs !== undefined)
        waited.until = this.#gate.hold(error.retryAfterMs);
      throw error;
    }
  }

  async #attempt<T>(call: Call<T>, retriesTaken: number): Promise<T> {
    const { method } = call;
    // Paths end up in messages; an id that is really the key (a mistyped workflow) must not.
    const path = this.#redact(call.path);
    const callerSignal = call.options?.signal;
    const timeoutMs = call.options?.timeoutMs ?? this.#options.timeoutMs;
    const timeout = new AbortController();
    const timer = setTimeout(() => {
      timeout.abort(new DOMException(`no response within ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
    let statusCode: number;
    let headers: Record<string, string | string[] | undefined>;
    let text: string;
    try {
      const { send } = await loadHttpCore();
      const response = await send(await this.#dispatcher(), this.#url(call), {
        method,
        headers: this.#headers(call.body !== undefined, retriesTaken),
        body: call.body === undefined ? null : JSON.stringify(call.body),
        signal,
      });
      statusCode = response.statusCode;
      headers = response.headers;
      text = await response.body.text();
    } catch (error) {
      if (callerSignal?.aborted) throw abortedError(`${method} ${path}`, callerSignal.reason);
      if (timeout.signal.aborted) {
        throw new RequestTimeoutError(`${method} ${path} timed out after ${timeoutMs} ms`, {
          cause: redactCause(error, this.#redact),
        });
      }
      throw this.#networkError(call, error);
    } finally {
      clearTimeout(timer);
    }
    const header = (name: string): string | undefined => firstHeader(headers, name);
    const requestId = this.#redact(header('x-request-id') ?? header('request-id') ?? '');
    const context = { statusCode, requestId: requestId || undefined };
    if (statusCode < 200 || statusCode > 299) {
      throw errorFromResponse({
        method,
        path,
        ...context,
        body: this.#parseErrorBody(text),
        retryAfterMs: statusCode === 429 ? retryAfterOf(header, this.#options.now) : undefined,
      });
    }
    call.options?.onRetryAfter?.(retryAfterOf(header, this.#options.now));
    if (call.decode === null) return undefined as T;
    return this.#decode(call, call.decode, text, context);
  }

  /** The proxy-aware agent is made on the first request, so a run that sends nothing never loads it. */
  async #dispatcher(): Promise<Dispatcher> {
    const given = this.#options.dispatcher;
    return given instanceof LazyProxyAgent ? await given.open() : given;
  }

  #decode<T>(
    call: Call<T>,
    decode: Decoder<T>,
    text: string,
    context: { statusCode: number; requestId: string | undefined },
  ): T {
    const { method } = call;
    // Paths end up in messages; an id that is really the key (a mistyped workflow) must not.
    const path = this.#redact(call.path);
    if (text.trim() === '') throw new DecodeError(`${method} ${path} returned an empty body`, context);
    let value: unknown;
    try {
      // Redacted before anything reads it: a finding may quote the very key the repository committed, and no
      // string of a decoded answer should carry it into a log, a summary or an annotation. A text that holds no
      // form of the key and no escape that could spell one of its characters otherwise (\u always; \/, \" and
      // \\ when the key has those characters) cannot decode to a string that holds it: its value is then used
      // as parsed, without a copy of every page.
      const parsed = JSON.parse(text) as unknown;
      const escaped = text.includes('\\u') || (this.#keyHasEscapable && text.includes('\\'));
      value = escaped || this.#redact(text) !== text ? redactValue(parsed, this.#redact) : parsed;
    } catch {
      const body = this.#redact(text);
      throw new DecodeError(`${method} ${path} returned a body that is not JSON: ${snippet(body)}`, {
        ...context,
        body: call.secretResponse ? undefined : body,
      });
    }
    let decoded: T;
    try {
      decoded = decode(value, '');
    } catch (error) {
      if (!(error instanceof DecodeIssue)) throw error;
      throw new DecodeError(`${method} ${path}: the response ${error.message}`, {
        ...context,
        body: call.secretResponse ? undefined : value,
        resourceId: idOf(value),
      });
    }
    const problem = call.check?.(decoded);
    if (problem !== undefined) {
      throw new DecodeError(`${method} ${path}: the response ${problem}`, {
        ...context,
        body: call.secretResponse ? undefined : value,
      });
    }
    return decoded;
  }

  #parseErrorBody(text: string): unknown {
    const redacted = this.#redact(text);
    if (redacted.trim() === '') return redacted;
    try {
      // Parsing the redacted text misses a key the server escaped in some other way; redact the parsed strings too.
      return redactValue(JSON.parse(redacted) as unknown, this.#redact);
    } catch {
      return redacted;
    }
  }

  #networkError(call: Pick<Call<unknown>, 'method' | 'path'>, error: unknown): ConnectionError {
    const cause = redactCause(error, this.#redact);
    const detail = cause instanceof Error ? cause.message : String(cause);
    const { failure, code } = classifyConnectionFailure(cause);
    const suffix = code !== undefined && !detail.includes(code) ? ` (${code})` : '';
    return new ConnectionError(`${call.method} ${this.#redact(call.path)} failed: ${detail}${suffix}`, {
      cause,
      failure,
      code,
    });
  }

  #url(call: Pick<Call<unknown>, 'path' | 'query'>): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined && value !== null) search.set(name, String(value));
    }
    const query = search.toString();
    return `${this.#options.baseUrl}${call.path}${query ? `?${query}` : ''}`;
  }

  /** `x-svc-retry-count` lets the service tell a retry from a new request, as the Python clients do. */
  #headers(hasBody: boolean, retriesTaken: number): Record<string, string> {
    return {
      authorization: `Bearer ${this.#options.apiKey}`,
      accept: 'application/json',
      'user-agent': this.#options.userAgent,
      'x-svc-retry-count': String(retriesTaken),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    };
  }
}

function firstHeader(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The id a JSON object carries, if any: kept when the rest of a create's answer cannot be decoded. */
function idOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, 'id')) return undefined;
  const id = (value as { id?: unknown }).id;
  if (typeof id === 'string' && id.length > 0 && id.length <= 200) return id;
  return typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : undefined;
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

/**
 * The path has no empty, `.` or `..` segment: the spec's paths have none, so one there came from an id, and the
 * URL would resolve it to another resource (`/scans/..` is the API's root).
 */
function namesOneResource(path: string): boolean {
  return path
    .split('/')
    .slice(1)
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}
