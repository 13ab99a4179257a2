/**
 * The one catalogue of errors the emulator answers with. Every error body has the README's shape
 * `{"error": {"code": "...", "message": "..."}}`; handlers throw these and the server writes them.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }

  body(): { error: { code: string; message: string } } {
    return { error: { code: this.code, message: this.message } };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const missingKey = (): ApiError =>
  new ApiError(401, 'unauthenticated', 'Send an API key in the header Authorization: Bearer svc_sk_...', {
    'www-authenticate': 'Bearer',
  });

export const invalidKey = (): ApiError =>
  new ApiError(401, 'invalid_api_key', 'The API key is not valid.', { 'www-authenticate': 'Bearer' });

export const revokedKey = (): ApiError =>
  new ApiError(401, 'invalid_api_key', 'The API key has been revoked.', { 'www-authenticate': 'Bearer' });

export const forbidden = (permission: string, role: string): ApiError =>
  new ApiError(403, 'forbidden', `The ${role} role lacks the permission ${permission}.`);

export const notFound = (what: string, id: string): ApiError =>
  new ApiError(404, 'not_found', `No ${what} with id ${JSON.stringify(id)}.`);

export const routeNotFound = (method: string, path: string): ApiError =>
  new ApiError(404, 'not_found', `No route for ${method} ${path}.`);

export const methodNotAllowed = (method: string, path: string, allowed: readonly string[]): ApiError =>
  new ApiError(
    405,
    'method_not_allowed',
    `${method} is not allowed on ${path}; use ${allowed.join(' or ')}.`,
    {
      allow: allowed.join(', '),
    },
  );

export const invalidJson = (reason: string): ApiError =>
  new ApiError(400, 'invalid_json', `The request body is not valid JSON: ${reason}`);

export const payloadTooLarge = (limit: number): ApiError =>
  new ApiError(413, 'payload_too_large', `The request body exceeds ${limit} bytes.`);

export const validation = (message: string): ApiError => new ApiError(422, 'validation_error', message);

export const conflict = (code: string, message: string): ApiError => new ApiError(409, code, message);

export const rateLimited = (retryAfterSeconds: number): ApiError =>
  new ApiError(429, 'rate_limited', `Too many requests; retry in ${retryAfterSeconds} s.`, {
    'retry-after': String(retryAfterSeconds),
  });

export const internal = (): ApiError =>
  new ApiError(500, 'internal_error', 'The service failed unexpectedly.');

const SERVER_ERROR_CODES: Readonly<Record<number, string>> = {
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

export const injectedServerError = (status: number, retryAfterSeconds?: number): ApiError =>
  new ApiError(
    status,
    SERVER_ERROR_CODES[status] ?? 'server_error',
    `The service answered ${status} (an injected fault).`,
    retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
  );
