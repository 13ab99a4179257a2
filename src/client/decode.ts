/**
 * A small decoding kit. Every field a wire type declares is checked for its JSON type (and numbers for a sane
 * range), so a response that lacks one fails with a message naming the field instead of a TypeError later.
 * Decoded objects hold exactly the declared fields, read as own properties: nothing from the wire that was not
 * checked, and nothing inherited (a `__proto__` key in a response is just an unknown field, and ignored).
 * Unknown fields are tolerated, as the spec asks, by leaving them out.
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

/** A decoder for every field of T, optional ones included: a new field cannot compile without its decoder. */
export type Fields<T> = { [K in keyof T]-?: Decoder<T[K]> };

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

/** Bounds no real count, score or line number comes near: a larger number is a broken or hostile answer. */
const NUMBER_BOUND = 1e12;

export const number: Decoder<number> = (value, at) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= NUMBER_BOUND
    ? value
    : fail(at, `a number from -${NUMBER_BOUND} to ${NUMBER_BOUND}`, value);

/** A whole number in [min, max]: counts, offsets, limits. */
export function integer(min: number, max: number): Decoder<number> {
  return (value, at) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? value
      : fail(at, `a whole number from ${min} to ${max}`, value);
}

export const boolean: Decoder<boolean> = (value, at) =>
  typeof value === 'boolean' ? value : fail(at, 'a boolean', value);

/** Ids are short strings; a numeric id is accepted and turned into its string form. */
export const id: Decoder<string> = (value, at) => {
  if (typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return fail(at, `a string id of 1 to ${MAX_ID_LENGTH} characters`, value);
};
const MAX_ID_LENGTH = 200;

/** A JSON object whose content the client does not inspect, copied without a prototype. */
export const anyObject: Decoder<Record<string, unknown>> = (value, at) =>
  isRecord(value) ? ownCopy(value) : fail(at, 'an object', value);

/** An object of numbers, such as a severity breakdown; entries of other types are dropped. */
export const numberRecord: Decoder<Record<string, number>> = (value, at) => {
  if (!isRecord(value)) return fail(at, 'an object', value);
  const result = Object.create(null) as Record<string, number>;
  for (const [name, field] of Object.entries(value)) {
    if (typeof field === 'number' && Number.isFinite(field) && Math.abs(field) <= NUMBER_BOUND)
      result[name] = field;
  }
  return result;
};

/** Absent and null both become null. */
export function nullable<T>(decoder: Decoder<T>): Decoder<T | null> {
  return (value, at) => (value === undefined || value === null ? null : decoder(value, at));
}

/** Absent stays absent; null is kept when the type allows it. */
export function optional<T>(decoder: Decoder<T>): Decoder<T | undefined> {
  return (value, at) => (value === undefined ? undefined : decoder(value, at));
}

/**
 * Elements and fields are decoded at the empty location first, and again at their own only when that fails, to
 * name it (decoders are pure: the second pass fails the same way). So a path string is built for the one broken
 * field, never for every field of every item: a watcher reading pages of 200 scans all night otherwise made some
 * 500 KiB of garbage a page, and V8 answers such a rate by growing its young generation (the fleet's peak RSS).
 */
function retried<T>(decode: Decoder<T>, value: unknown, error: unknown, at: string): T {
  if (!(error instanceof DecodeIssue)) throw error;
  return decode(value, at);
}

export function arrayOf<T>(item: Decoder<T>): Decoder<T[]> {
  return (value, at) => {
    if (!Array.isArray(value)) return fail(at, 'an array', value);
    const result: T[] = [];
    for (let index = 0; index < value.length; index++) {
      try {
        result.push(item(value[index], ''));
      } catch (error) {
        result.push(retried(item, value[index], error, `${at}[${index}]`));
      }
    }
    return result;
  };
}

/** Checks every declared field and returns an object of those fields alone (absent optional ones left out). */
export function object<T>(fields: Fields<T>): Decoder<T> {
  const names = Object.keys(fields);
  const decoders: Decoder<unknown>[] = Object.values(fields);
  // Assignment, not defineProperty (no descriptor made for every field): safe because no declared name is one a
  // prototype setter answers to, as this check makes sure once, when the decoder is made.
  for (const name of names)
    if (name in Object.prototype) throw new TypeError(`"${name}" cannot be a decoded field's name`);
  return (value, at) => {
    if (!isRecord(value)) return fail(at, 'an object', value);
    const result: Record<string, unknown> = {};
    for (let index = 0; index < names.length; index++) {
      const name = names[index] as string;
      const decode = decoders[index] as Decoder<unknown>;
      let field: unknown;
      try {
        field = decode(ownField(value, name), '');
      } catch (error) {
        field = retried(decode, ownField(value, name), error, at === '' ? name : `${at}.${name}`);
      }
      if (field !== undefined) result[name] = field;
    }
    return result as T;
  };
}

/** A field only when the object itself has it: nothing is read through a prototype. */
export function ownField(value: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(value, name) ? value[name] : undefined;
}

function ownCopy(value: Record<string, unknown>): Record<string, unknown> {
  const copy = Object.create(null) as Record<string, unknown>;
  for (const [name, field] of Object.entries(value)) copy[name] = field;
  return copy;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
