export const REDACTED = '[REDACTED]';

/** Removes a secret from text. Returns the text unchanged when there is no secret to hide. */
export type Redactor = (text: string) => string;

/**
 * Builds a redactor for one secret. Besides the raw value it also hides the forms a server may echo it in:
 * escaped inside a JSON string and percent-encoded in a URL. `Bearer <key>` is covered by hiding the key.
 */
export function createRedactor(secret: string): Redactor {
  if (secret.length === 0) return (text) => text;
  const forms = [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
  return (text) => {
    let result = text;
    for (const form of forms) result = result.replaceAll(form, REDACTED);
    return result;
  };
}

/** Redacts every string (values and keys) of a parsed JSON value, returning a copy. */
export function redactValue(value: unknown, redact: Redactor): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redact));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redact(key), redactValue(item, redact)]),
    );
  }
  return value;
}

/**
 * Returns an error safe to keep as a cause: the original when neither its message nor its stack holds the
 * secret, else a copy with both redacted that keeps the `code` and `name` the retry rules read.
 */
export function redactCause(cause: unknown, redact: Redactor): unknown {
  if (!(cause instanceof Error)) {
    return typeof cause === 'string' ? redact(cause) : cause;
  }
  const stack = cause.stack ?? '';
  if (redact(cause.message) === cause.message && redact(stack) === stack) return cause;
  const copy = new Error(redact(cause.message));
  copy.name = cause.name;
  copy.stack = redact(stack);
  const code = (cause as { code?: unknown }).code;
  if (code !== undefined) Object.assign(copy, { code });
  return copy;
}
