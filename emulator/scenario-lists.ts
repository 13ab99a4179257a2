import { FieldError, join, objectAt, optionalArray, type JsonObject } from './json-fields.ts';

/** Reading a scenario's lists of records: each item an object, ids unique, references to listed ids. */

export function list<T>(
  obj: JsonObject,
  key: string,
  read: (item: JsonObject, at: string) => T,
  parent = '',
): T[] {
  const at = join(parent, key);
  return (optionalArray(obj, key, parent) ?? []).map((item, index) =>
    read(objectAt(item, join(at, index)), join(at, index)),
  );
}

export function unique(items: readonly { id: string }[], at: string): Set<string> {
  const ids = new Set<string>();
  items.forEach((item, index) => {
    if (ids.has(item.id)) throw new FieldError(join(join(at, index), 'id'), `unique (${item.id} repeats)`);
    ids.add(item.id);
  });
  return ids;
}

export function reference(ids: ReadonlySet<string>, id: string, at: string, what: string): void {
  if (!ids.has(id)) throw new FieldError(at, `the id of a listed ${what} (${id} is not listed)`);
}
