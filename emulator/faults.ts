import {
  FieldError,
  isObject,
  join,
  objectAt,
  oneOf,
  optionalArray,
  optionalNumber,
  optionalString,
} from './json-fields.ts';
import { createPrng, type Prng } from './prng.ts';

/**
 * Faults the emulator injects on purpose, so clients can be tested against a service that misbehaves. Each
 * fault may be limited to a path pattern, a method, a count of injections and a probability; decisions use a
 * seeded generator, so the same seed and the same request order give the same faults. Every injection is
 * counted, per fault and per kind.
 *
 * Request-phase kinds act before the handler: latency (added, several add up), then the first of error,
 * rate_limit and reset (before_body) that fires answers instead of the handler; never_finish (POST /scans only),
 * changing_total and ignore_filter (paged lists only) and bare_scans alter what the handler does. Body-phase kinds
 * act on the response body: reset (during_body), truncate, malformed, slow_body and drip_body; only one applies,
 * and only to a non-empty body.
 */

export const FAULT_KINDS = [
  'latency',
  'error',
  'rate_limit',
  'reset',
  'truncate',
  'malformed',
  'slow_body',
  'drip_body',
  'never_finish',
  'changing_total',
  'ignore_filter',
  'bare_scans',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The JSON shape of a fault, the same for the control endpoint, the CLI and the programmatic API. */
export interface FaultSpec {
  kind: FaultKind;
  /** Glob on the request path, with or without the /api/v1 prefix: `*` and `{id}` match one segment, `**` any. */
  path?: string;
  method?: string;
  /** Injections before the fault is spent; unlimited when absent. */
  count?: number;
  /** Share of matching requests that get the fault, from 0 to 1 (default 1). */
  probability?: number;
  /** latency: fixed delay, plus a uniform draw up to jitter_ms. */
  latency_ms?: number;
  jitter_ms?: number;
  /** error: the status, or a list to draw from (default 500, 502, 503). */
  status?: number;
  statuses?: number[];
  /** rate_limit (default 1) and error (sent only when given): the Retry-After header, in seconds. */
  retry_after_s?: number;
  /**
   * reset: before any byte of the response (default) or after half the body. error: `after_handler` answers the
   * error after the request was carried out (a start whose scan exists though its answer was lost).
   */
  phase?: 'before_body' | 'during_body' | 'after_handler';
  /** slow_body: the pause, after the first half of the body, before the rest (default 60000). */
  slow_body_ms?: number;
  /**
   * drip_body: the pause before each byte of the body, sent after the headers (default 500). A client whose
   * timeout is per read never times out on it: every read gets a byte in time.
   */
  drip_interval_ms?: number;
  /** changing_total: the n-th injection reports total + n * total_delta (default 7; may be negative). */
  total_delta?: number;
}

export interface FaultView extends FaultSpec {
  id: number;
  injected: number;
  remaining: number | null;
}

export interface RequestTarget {
  readonly method: string;
  readonly path: string;
  readonly paged: boolean;
  readonly createsScan: boolean;
}

export type StopFault =
  | {
      readonly kind: 'error';
      readonly status: number;
      readonly retryAfterSeconds: number | undefined;
      readonly afterHandler: boolean;
    }
  | { readonly kind: 'rate_limit'; readonly retryAfterSeconds: number }
  | { readonly kind: 'reset' };

export interface RequestPlan {
  readonly delayMs: number;
  readonly stop: StopFault | undefined;
  readonly neverFinish: boolean;
  readonly totalDelta: number;
  /** `GET /scans` lists the scans of every repository, whatever its `repository_id` asks for. */
  readonly ignoreFilter: boolean;
  /** Scans are answered with the fields the spec shows alone (id, status, modules). */
  readonly bareScans: boolean;
}

export type BodyFault =
  | { readonly kind: 'reset' | 'truncate' | 'malformed' }
  | { readonly kind: 'slow_body'; readonly delayMs: number }
  | { readonly kind: 'drip_body'; readonly intervalMs: number };

interface Fault {
  readonly id: number;
  readonly spec: FaultSpec;
  readonly pattern: RegExp | undefined;
  remaining: number | null;
  injected: number;
}

const SPEC_KEYS = [
  'kind',
  'path',
  'method',
  'count',
  'probability',
  'latency_ms',
  'jitter_ms',
  'status',
  'statuses',
  'retry_after_s',
  'phase',
  'slow_body_ms',
  'drip_interval_ms',
  'total_delta',
] as const satisfies readonly (keyof FaultSpec)[];
const API_PREFIX = '/api/v1';
const DEFAULT_ERROR_STATUSES = [500, 502, 503];

export class FaultInjector {
  #faults: Fault[] = [];
  #prng: Prng;
  #seed: number;
  #nextId = 1;
  readonly #onInjected: (kind: FaultKind) => void;

  constructor(seed: number, onInjected: (kind: FaultKind) => void) {
    this.#seed = seed;
    this.#prng = createPrng(seed);
    this.#onInjected = onInjected;
  }

  get seed(): number {
    return this.#seed;
  }

  /** Restarts the generator, so a test can replay a sequence of decisions. */
  reseed(seed: number): void {
    this.#seed = seed;
    this.#prng = createPrng(seed);
  }

  /** Validates every spec first: a bad one adds none (and replaces none). Throws FieldError. */
  add(specs: readonly unknown[], options: { replace?: boolean } = {}): FaultView[] {
    const parsed = specs.map((spec, index) => parseFaultSpec(spec, `faults[${index}]`));
    const added = parsed.map((spec): Fault => ({
      id: this.#nextId++,
      spec,
      pattern: spec.path === undefined ? undefined : globToRegExp(spec.path),
      remaining: spec.count ?? null,
      injected: 0,
    }));
    if (options.replace === true) this.#faults = [];
    this.#faults.push(...added);
    return added.map(view);
  }

  clear(): void {
    this.#faults = [];
  }

  list(): FaultView[] {
    return this.#faults.map(view);
  }

  plan(target: RequestTarget): RequestPlan {
    let delayMs = 0;
    let stop: StopFault | undefined;
    for (const fault of this.#faults) {
      const { spec } = fault;
      if (spec.kind === 'latency' && this.#fires(fault, target)) {
        delayMs += (spec.latency_ms ?? 0) + this.#prng.next() * (spec.jitter_ms ?? 0);
      } else if (stop === undefined) {
        stop = this.#stop(fault, target);
      }
    }
    // A request answered by a stop fault never reaches a handler, so the handler-altering faults keep their count.
    let neverFinish = false;
    let totalDelta = 0;
    let ignoreFilter = false;
    let bareScans = false;
    for (const fault of stop === undefined ? this.#faults : []) {
      const { spec } = fault;
      if (spec.kind === 'never_finish' && target.createsScan && !neverFinish && this.#fires(fault, target)) {
        neverFinish = true;
      } else if (
        spec.kind === 'ignore_filter' &&
        target.paged &&
        !ignoreFilter &&
        this.#fires(fault, target)
      ) {
        ignoreFilter = true;
      } else if (spec.kind === 'bare_scans' && !bareScans && this.#fires(fault, target)) {
        bareScans = true;
      } else if (
        spec.kind === 'changing_total' &&
        target.paged &&
        totalDelta === 0 &&
        this.#fires(fault, target)
      ) {
        totalDelta = fault.injected * (spec.total_delta ?? 7);
      }
    }
    return { delayMs: Math.round(delayMs), stop, neverFinish, totalDelta, ignoreFilter, bareScans };
  }

  #stop(fault: Fault, target: RequestTarget): StopFault | undefined {
    const { spec } = fault;
    const stops =
      spec.kind === 'error' ||
      spec.kind === 'rate_limit' ||
      (spec.kind === 'reset' && spec.phase !== 'during_body');
    if (!stops || !this.#fires(fault, target)) return undefined;
    if (spec.kind === 'error') {
      const status = spec.status ?? this.#prng.pick(spec.statuses ?? DEFAULT_ERROR_STATUSES);
      return {
        kind: 'error',
        status,
        retryAfterSeconds: spec.retry_after_s,
        afterHandler: spec.phase === 'after_handler',
      };
    }
    if (spec.kind === 'rate_limit') return { kind: 'rate_limit', retryAfterSeconds: spec.retry_after_s ?? 1 };
    return { kind: 'reset' };
  }

  bodyFault(target: RequestTarget): BodyFault | undefined {
    for (const fault of this.#faults) {
      const { spec } = fault;
      const bodyKind =
        spec.kind === 'truncate' ||
        spec.kind === 'malformed' ||
        spec.kind === 'slow_body' ||
        spec.kind === 'drip_body' ||
        (spec.kind === 'reset' && spec.phase === 'during_body');
      if (!bodyKind || !this.#fires(fault, target)) continue;
      if (spec.kind === 'slow_body') return { kind: 'slow_body', delayMs: spec.slow_body_ms ?? 60_000 };
      if (spec.kind === 'drip_body') return { kind: 'drip_body', intervalMs: spec.drip_interval_ms ?? 500 };
      return { kind: spec.kind as 'reset' | 'truncate' | 'malformed' };
    }
    return undefined;
  }

  /** Decides, and counts, one injection. */
  #fires(fault: Fault, target: RequestTarget): boolean {
    const { spec } = fault;
    if (fault.remaining === 0) return false;
    if (spec.method !== undefined && spec.method.toUpperCase() !== target.method) return false;
    if (
      fault.pattern &&
      !fault.pattern.test(target.path) &&
      !fault.pattern.test(withoutPrefix(target.path))
    ) {
      return false;
    }
    const probability = spec.probability ?? 1;
    if (probability < 1 && !(this.#prng.next() < probability)) return false;
    if (fault.remaining !== null) fault.remaining--;
    fault.injected++;
    this.#onInjected(spec.kind);
    return true;
  }
}

function parseFaultSpec(value: unknown, at: string): FaultSpec {
  const obj = objectAt(value, at);
  const kind = oneOf(obj, 'kind', at, FAULT_KINDS);
  if (kind === undefined) throw new FieldError(join(at, 'kind'), `one of ${FAULT_KINDS.join(', ')}`);
  const spec: FaultSpec = { kind };
  const set = <K extends keyof FaultSpec>(key: K, read: FaultSpec[K] | undefined): void => {
    if (read !== undefined) spec[key] = read;
  };
  set('path', optionalString(obj, 'path', at));
  set('method', optionalString(obj, 'method', at)?.toUpperCase());
  set('count', optionalNumber(obj, 'count', at, { min: 0, integer: true }));
  set('probability', optionalNumber(obj, 'probability', at, { min: 0, max: 1 }));
  set('latency_ms', optionalNumber(obj, 'latency_ms', at, { min: 0 }));
  set('jitter_ms', optionalNumber(obj, 'jitter_ms', at, { min: 0 }));
  set('status', optionalNumber(obj, 'status', at, { min: 500, max: 599, integer: true }));
  const statuses = optionalArray(obj, 'statuses', at);
  if (statuses !== undefined) {
    const valid = statuses.every(
      (status) => Number.isInteger(status) && Number(status) >= 500 && Number(status) <= 599,
    );
    if (statuses.length === 0 || !valid)
      throw new FieldError(join(at, 'statuses'), 'a non-empty list of 5xx statuses');
    spec.statuses = statuses as number[];
  }
  set('retry_after_s', optionalNumber(obj, 'retry_after_s', at, { min: 0, integer: true }));
  set('phase', oneOf(obj, 'phase', at, ['before_body', 'during_body', 'after_handler'] as const));
  set('slow_body_ms', optionalNumber(obj, 'slow_body_ms', at, { min: 0 }));
  set('drip_interval_ms', optionalNumber(obj, 'drip_interval_ms', at, { min: 0 }));
  set('total_delta', optionalNumber(obj, 'total_delta', at, { integer: true }));
  const unknown = Object.keys(obj).find((key) => !(SPEC_KEYS as readonly string[]).includes(key));
  if (unknown !== undefined)
    throw new FieldError(join(at, unknown), `absent: fault options are ${SPEC_KEYS.join(', ')}`);
  return spec;
}

/** A fault list from JSON: one spec, a list of specs, or `{faults: [...]}`. */
export function faultList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value as unknown[];
  if (isObject(value) && Array.isArray(value.faults)) return value.faults as unknown[];
  return [value];
}

function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string;
    if (char === '*' && glob[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') {
      source += '[^/]*';
    } else if (char === '{') {
      const close = glob.indexOf('}', i);
      if (close === -1) {
        source += '\\{';
      } else {
        source += '[^/]+';
        i = close;
      }
    } else {
      source += char.replace(/[.+?^$()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

function withoutPrefix(path: string): string {
  return path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
}

function view(fault: Fault): FaultView {
  return { id: fault.id, ...fault.spec, injected: fault.injected, remaining: fault.remaining };
}
