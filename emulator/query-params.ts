import { validation } from './errors.ts';

/** Reads of optional query filters; an enumerated filter with a value outside its set is a 422. */

export function optionalQuery(query: URLSearchParams, name: string): string | undefined {
  return query.get(name) ?? undefined;
}

export function optionalEnumQuery<T extends string>(
  query: URLSearchParams,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw validation(`${name} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}`);
  }
  return value as T;
}
