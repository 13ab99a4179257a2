/**
 * An error an emulator answers with: its status, a short code, the message and any headers (`allow`,
 * `retry-after`). Each emulator writes it in its own API's error shape (see `ErrorBody`); its own error classes
 * extend this one so the shared server writes them alike.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly code: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/** Turns an error into the JSON body of the emulator's API (`{error: {code, message}}`, `{message, ...}`). */
export type ErrorBody = (error: HttpError) => unknown;

export const notFound = (method: string, path: string): HttpError =>
  new HttpError(404, 'not_found', `No route for ${method} ${path}.`);

export const methodNotAllowed = (method: string, path: string, allowed: readonly string[]): HttpError =>
  new HttpError(
    405,
    'method_not_allowed',
    `${method} is not allowed on ${path}; use ${allowed.join(' or ')}.`,
    {
      allow: allowed.join(', '),
    },
  );

export const invalidInput = (message: string): HttpError => new HttpError(422, 'validation_error', message);
