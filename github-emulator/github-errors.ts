import { HttpError } from '../emulator-kit/http-error.ts';

/**
 * The one catalogue of errors the emulator answers with, in GitHub's shape:
 * `{message, documentation_url, status: "422"}`, with `errors` where GitHub gives them. Handlers throw these;
 * the shared toolkit's own errors (413, the control endpoint's) are written in the same shape (`errorBody`).
 */

const REST_DOCS = 'https://docs.github.com/rest';
const RATE_LIMIT_DOCS =
  'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-secondary-rate-limits';

export class GitHubError extends HttpError {
  override name = 'GitHubError';
  readonly errors: readonly unknown[] | undefined;
  /** Filled in with the operation's documentation URL when the route is known. */
  documentationUrl: string | undefined;

  constructor(
    status: number,
    message: string,
    options: {
      errors?: readonly unknown[];
      headers?: Record<string, string>;
      documentationUrl?: string;
    } = {},
  ) {
    super(status, 'github_error', message, options.headers ?? {});
    this.errors = options.errors;
    this.documentationUrl = options.documentationUrl;
  }

  body(): Record<string, unknown> {
    return {
      message: this.message,
      ...(this.errors === undefined ? {} : { errors: this.errors }),
      documentation_url: this.documentationUrl ?? REST_DOCS,
      status: String(this.status),
    };
  }
}

/** Any error the server writes, in GitHub's shape. */
export function errorBody(error: HttpError): Record<string, unknown> {
  return error instanceof GitHubError ? error.body() : new GitHubError(error.status, error.message).body();
}

export const requiresAuthentication = (): GitHubError =>
  new GitHubError(401, 'Requires authentication', { documentationUrl: REST_DOCS });

export const badCredentials = (): GitHubError =>
  new GitHubError(401, 'Bad credentials', { documentationUrl: REST_DOCS });

/** What an installation token without the permission gets (a fork's token, or `permissions:` without it). */
export const notAccessible = (acceptedPermissions: string): GitHubError =>
  new GitHubError(403, 'Resource not accessible by integration', {
    headers: acceptedPermissions === '' ? {} : { 'x-accepted-github-permissions': acceptedPermissions },
  });

export const notFound = (): GitHubError => new GitHubError(404, 'Not Found');

/** `Invalid request.` followed by what the schema check found, as GitHub words it. */
export const invalidRequest = (detail: string): GitHubError =>
  new GitHubError(422, `Invalid request.\n\n${detail}`);

export const problemsParsingJson = (): GitHubError =>
  new GitHubError(400, 'Problems parsing JSON', { documentationUrl: REST_DOCS });

/** A model validation: `Validation Failed` with one `{resource, code, field, message}` per problem. */
export const validationFailed = (
  resource: string,
  field: string,
  code: string,
  message?: string,
): GitHubError =>
  new GitHubError(422, 'Validation Failed', {
    errors: [{ resource, code, field, ...(message === undefined ? {} : { message }) }],
  });

/** The review endpoints' form: `Unprocessable Entity` with a list of sentences. */
export const unprocessable = (sentences: readonly string[]): GitHubError =>
  new GitHubError(422, 'Unprocessable Entity', { errors: [toSentence(sentences)] });

export const secondaryRateLimit = (status: 403 | 429, headers: Record<string, string>): GitHubError =>
  new GitHubError(
    status,
    'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID.',
    { headers, documentationUrl: RATE_LIMIT_DOCS },
  );

/** Rails' `to_sentence`, which joins GitHub's review errors: "a, b, and c". */
function toSentence(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  if (parts.length === 2) return `${parts[0] ?? ''} and ${parts[1] ?? ''}`;
  return `${parts.slice(0, -1).join(', ')}, and ${parts.at(-1) ?? ''}`;
}
