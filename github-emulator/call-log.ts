/** Every API call the emulator answered, for tests: the token's value never appears in it. */

export interface RecordedCall {
  readonly method: string;
  /** The path as requested, prefix (`/api/v3`) included. */
  readonly path: string;
  /** GitHub's operationId of the route, or null when no route matched. */
  readonly operationId: string | null;
  readonly query: Readonly<Record<string, string>>;
  /** The parsed JSON body, or the raw text when it was not JSON; undefined when empty. */
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
  readonly status: number;
  readonly response: unknown;
}

export function redactedHeaders(headers: NodeJS.Dict<string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    out[name] = name === 'authorization' ? text.replace(/^(\S+)\s.*$/, '$1 [redacted]') : text;
  }
  return out;
}
