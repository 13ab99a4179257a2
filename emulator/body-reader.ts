import { validation } from './errors.ts';
import { FieldError, isObject, type JsonObject } from './json-fields.ts';

/**
 * Reads a handler's JSON body with the json-fields readers: a missing body counts as `{}` (so a missing
 * required field is a 422, like any other), a body that is JSON but not an object is a 422, and every field
 * error becomes a 422 naming the field.
 */
export function readBody<T>(body: unknown, read: (obj: JsonObject) => T): T {
  const value = body ?? {};
  if (!isObject(value)) throw validation('The request body must be a JSON object.');
  try {
    return read(value);
  } catch (error) {
    if (error instanceof FieldError) throw validation(error.message);
    throw error;
  }
}
