import { HttpError } from '../emulator-kit/http-error.ts';

/**
 * The one catalogue of errors the emulator answers with. Every error body has the README's shape
 * `{"error": {"code": "...", "message": "..."}}` (`errorBody`); handlers throw these and the server writes them,
 * as it writes the shared toolkit's own (400 `invalid_json`, 413 `payload_too_large`, the control endpoint's).
 */
export class ApiError extends HttpError {
  override name = 'ApiError';
}

export function errorBody(error: HttpError): { error: { code: string; message: string } } {
  return { error: { code: error.code, message: error.message } };
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

/** The toolkit's 404 and 405 (with `Allow`), the same for the API and the control endpoint. */
export { notFound as routeNotFound, methodNotAllowed } from '../emulator-kit/http-error.ts';

export const validation = (message: string): ApiError => new ApiError(422, 'validation_error', message);

export const conflict = (code: string, message: string): ApiError => new ApiError(409, code, message);

export const rateLimited = (retryAfterSeconds: number): ApiError =>
  new ApiError(429, 'rate_limited', `Too many requests; retry in ${retryAfterSeconds} s.`, {
    'retry-after': String(retryAfterSeconds),
  });

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
