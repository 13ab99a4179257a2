/**
 * A small decoding kit. The client checks only the fields it and its callers rely on, with their basic JSON
 * type, so a response that lacks one fails with a message naming the field instead of a TypeError later.
 * Unknown fields pass through untouched.
 */

/**
 * What is wrong with a response, phrased to follow "the response", e.g. `lacks field "status" (expected a
 * string)`. The transport turns it into a ServiceError naming the endpoint.
 */
export class DecodeIssue extends Error {
  override name = 'DecodeIssue';
}

/** `at` is the location in the response, e.g. `items[2].status`; empty for the top level. */
export type Decoder<T> = (value: unknown, at: string) => T;

type Fields<T> = { [K in keyof T]?: Decoder<T[K]> };

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function fail(at: string, expected: string, value: unknown): never {
  if (at === '') throw new DecodeIssue(`is ${describe(value)}, expected ${expected}`);
  if (value === undefined) throw new DecodeIssue(`lacks field "${at}" (expected ${expected})`);
  throw new DecodeIssue(`has field "${at}" as ${describe(value)}, expected ${expected}`);
}

export const string: Decoder<string> = (value, at) =>
  typeof value === 'string' ? value : fail(at, 'a string', value);

export const number: Decoder<number> = (value, at) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail(at, 'a number', value);

export const boolean: Decoder<boolean> = (value, at) =>
  typeof value === 'boolean' ? value : fail(at, 'a boolean', value);

/** Ids are strings; a numeric id is accepted and turned into its string form. */
export const id: Decoder<string> = (value, at) => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fail(at, 'a string id', value);
};

/** A JSON object whose content the client does not inspect. */
export const anyObject: Decoder<Record<string, unknown>> = (value, at) =>
  isRecord(value) ? value : fail(at, 'an object', value);

/** Absent and null both become null. */
export function nullable<T>(decoder: Decoder<T>): Decoder<T | null> {
  return (value, at) => (value === undefined || value === null ? null : decoder(value, at));
}

/** Absent stays absent; null is kept when the type allows it. */
export function optional<T>(decoder: Decoder<T>): Decoder<T | undefined> {
  return (value, at) => (value === undefined ? undefined : decoder(value, at));
}

export function arrayOf<T>(item: Decoder<T>): Decoder<T[]> {
  return (value, at) => {
    if (!Array.isArray(value)) return fail(at, 'an array', value);
    return value.map((element, index) => item(element, `${at}[${index}]`));
  };
}

/** Checks the listed fields and keeps every other field as it came. */
export function object<T>(fields: Fields<T>): Decoder<T> {
  return (value, at) => {
    if (!isRecord(value)) return fail(at, 'an object', value);
    const decoded = new Map<string, unknown>();
    for (const [name, decode] of Object.entries(fields) as [string, Decoder<unknown>][]) {
      decoded.set(name, decode(value[name], at === '' ? name : `${at}.${name}`));
    }
    const result: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(value)) if (!decoded.has(name)) result[name] = field;
    for (const [name, field] of decoded) if (field !== undefined) result[name] = field;
    return result as T;
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
