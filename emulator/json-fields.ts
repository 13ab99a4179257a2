/**
 * Typed reads of untrusted JSON (scenario files, fault specs, request bodies). Each error names the path of
 * the offending value, so a broken scenario file says where it is broken.
 */
export type JsonObject = Record<string, unknown>;

export class FieldError extends Error {
  override name = 'FieldError';
  readonly path: string;

  constructor(path: string, expected: string) {
    super(`${path || 'the value'} must be ${expected}`);
    this.path = path;
  }
}

export function join(at: string, key: string | number): string {
  if (typeof key === 'number') return `${at}[${key}]`;
  return at ? `${at}.${key}` : key;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(value: unknown, at: string): JsonObject {
  if (!isObject(value)) throw new FieldError(at, 'an object');
  return value;
}

export function optionalObject(obj: JsonObject, key: string, at: string): JsonObject | undefined {
  const value = obj[key];
  return value === undefined || value === null ? undefined : objectAt(value, join(at, key));
}

export function stringField(obj: JsonObject, key: string, at: string): string {
  const value = obj[key];
  if (typeof value !== 'string' || value.length === 0)
    throw new FieldError(join(at, key), 'a non-empty string');
  return value;
}

export function optionalString(obj: JsonObject, key: string, at: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new FieldError(join(at, key), 'a string');
  return value;
}

export interface NumberRange {
  min?: number;
  max?: number;
  integer?: boolean;
}

export function optionalNumber(
  obj: JsonObject,
  key: string,
  at: string,
  range: NumberRange = {},
): number | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  const { min = Number.NEGATIVE_INFINITY, max = Number.POSITIVE_INFINITY, integer = false } = range;
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= min &&
    value <= max &&
    (!integer || Number.isInteger(value));
  if (!ok) throw new FieldError(join(at, key), describeRange(range));
  return value;
}

export function numberField(obj: JsonObject, key: string, at: string, range: NumberRange = {}): number {
  const value = optionalNumber(obj, key, at, range);
  if (value === undefined) throw new FieldError(join(at, key), describeRange(range));
  return value;
}

export function optionalBoolean(obj: JsonObject, key: string, at: string): boolean | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new FieldError(join(at, key), 'true or false');
  return value;
}

export function optionalArray(obj: JsonObject, key: string, at: string): unknown[] | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new FieldError(join(at, key), 'a list');
  return value as unknown[];
}

export function optionalStringList(obj: JsonObject, key: string, at: string): string[] | undefined {
  const list = optionalArray(obj, key, at);
  if (list === undefined) return undefined;
  return list.map((item, index) => {
    if (typeof item !== 'string' || item.length === 0) {
      throw new FieldError(join(join(at, key), index), 'a non-empty string');
    }
    return item;
  });
}

export function oneOf<T extends string>(
  obj: JsonObject,
  key: string,
  at: string,
  allowed: readonly T[],
): T | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new FieldError(join(at, key), `one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function describeRange({ min, max, integer }: NumberRange): string {
  const kind = integer ? 'an integer' : 'a number';
  if (min !== undefined && max !== undefined) return `${kind} from ${min} to ${max}`;
  if (min !== undefined) return `${kind} of at least ${min}`;
  if (max !== undefined) return `${kind} of at most ${max}`;
  return kind;
}
