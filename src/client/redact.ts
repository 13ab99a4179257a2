export const REDACTED = '[REDACTED]';

/** Removes a secret from text. Returns the text unchanged when there is no secret to hide. */
export type Redactor = (text: string) => string;

/** Shorter secrets are not looked for in encoded forms: their encodings would match ordinary text. */
const MIN_ENCODED_SECRET_LENGTH = 8;

/**
 * Every form in which a server or a log plausibly echoes a secret: raw; escaped inside a JSON string;
 * percent-encoded as a URL component (upper- or lower-case hex), or byte by byte; and base64 (standard and
 * URL-safe) of the secret and of `Bearer <secret>`, at each of the three alignments it can have inside a
 * longer base64 text, so a key encoded within a larger blob is found too.
 */
export function secretForms(secret: string): string[] {
  if (secret.length === 0) return [];
  const forms = [secret, JSON.stringify(secret).slice(1, -1)];
  if (secret.length >= MIN_ENCODED_SECRET_LENGTH) {
    const component = encodeURIComponent(secret);
    const everyByte = [...Buffer.from(secret, 'utf8')]
      .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
      .join('');
    forms.push(component, lowerCaseHex(component), everyByte, everyByte.toUpperCase());
    for (const plain of [secret, `Bearer ${secret}`]) forms.push(...base64Forms(plain));
  }
  // Longest first, so a form that contains another is replaced whole.
  return [...new Set(forms)].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
}

function lowerCaseHex(percentEncoded: string): string {
  return percentEncoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
}

/**
 * Base64 turns each 3 bytes into 4 characters, so the characters of a secret inside a longer encoded text
 * depend on where it starts modulo 3. Dropping the first 0, 1 or 2 bytes and the incomplete last group gives,
 * for each alignment, characters that appear whatever surrounds the secret; padding forms are added for a
 * secret encoded alone.
 */
function base64Forms(plain: string): string[] {
  const bytes = Buffer.from(plain, 'utf8');
  const forms: string[] = [bytes.toString('base64'), bytes.toString('base64url')];
  for (let skip = 0; skip < 3; skip++) {
    const whole = Math.floor((bytes.length - skip) / 3) * 3;
    if (whole < 6) continue;
    const aligned = bytes.subarray(skip, skip + whole);
    forms.push(aligned.toString('base64'), aligned.toString('base64url'));
  }
  return forms;
}

/** Builds a redactor for one or more secrets, hiding each in every form of `secretForms`. */
export function createRedactor(...secrets: string[]): Redactor {
  const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  if (forms.length === 0) return (text) => text;
  return (text) => {
    let result = text;
    for (const form of forms) if (result.includes(form)) result = result.replaceAll(form, REDACTED);
    return result;
  };
}

/** Redacts every string (values and keys) of a parsed JSON value, returning a copy without prototypes' help. */
export function redactValue(value: unknown, redact: Redactor): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, redact));
  if (value !== null && typeof value === 'object') {
    const copy = Object.create(null) as Record<string, unknown>;
    for (const [key, item] of Object.entries(value)) copy[redact(key)] = redactValue(item, redact);
    return copy;
  }
  return value;
}

/**
 * Returns an error safe to keep as a cause: the original when neither its message nor its stack holds the
 * secret, else a copy with both redacted that keeps the `code` and `name` the failure classification reads.
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
