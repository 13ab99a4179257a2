import {
  AuthError,
  ConfigError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ServiceError,
  ValidationError,
} from '../client/index.ts';

/** Where in the run an error happened, so the advice can name what was being done. */
export type RunStage =
  'inputs' | 'credentials' | 'repository' | 'scan' | 'report' | 'findings' | 'remediation';

/**
 * Turns any thrown value into a message that tells the user what to do next. Messages from the client never
 * contain the key (the client redacts it), but they do contain server text, so the caller escapes the result.
 */
export function adviseOnFailure(error: unknown, stage: RunStage): string {
  if (error instanceof ConfigError) return error.message;
  if (error instanceof AuthError) {
    if (error.statusCode === 403) {
      return (
        `The service refused the request (403) while ${describeStage(stage)}: the API key's role may not do this. ` +
        'Use a key with a role that allows it (member starts scans and remediations), or ask an org admin. ' +
        `Service said: ${error.message}`
      );
    }
    return (
      `The service rejected the API key (401) while ${describeStage(stage)}. The key may be mistyped, revoked or from ` +
      'another environment: create a new key (svc keys create ci --role member), store it as a repository or ' +
      `organization secret and pass it as the api-key input. Service said: ${error.message}`
    );
  }
  if (error instanceof NotFoundError) {
    return `The service answered 404 while ${describeStage(stage)}: ${error.message}`;
  }
  if (error instanceof ValidationError) {
    return `The service rejected the request (${String(error.statusCode)}) while ${describeStage(stage)}: ${error.message}. Check the inputs named in the message.`;
  }
  if (error instanceof RateLimitError) {
    return `The service rate limited the requests (429) while ${describeStage(stage)}, longer or more often than the retries allow. Re-run the job later. ${error.message}`;
  }
  if (error instanceof ServerError) {
    return `The service failed (${String(error.statusCode)}) while ${describeStage(stage)}, after retries. Re-run the job; if it persists, check the service status. ${error.message}`;
  }
  if (error instanceof ServiceError) {
    return `Failed while ${describeStage(stage)}: ${error.message}`;
  }
  if (error instanceof Error) return `Unexpected error while ${describeStage(stage)}: ${error.message}`;
  return `Unexpected error while ${describeStage(stage)}: ${String(error)}`;
}

/** What the run was doing at a stage, as words that follow "while". */
export function describeStage(stage: RunStage): string {
  switch (stage) {
    case 'inputs':
      return 'reading the inputs';
    case 'credentials':
      return 'resolving the credentials';
    case 'repository':
      return 'looking up the repository';
    case 'scan':
      return 'running the scan';
    case 'report':
      return 'reading the scan report';
    case 'findings':
      return 'reading the findings';
    case 'remediation':
      return 'starting remediations';
  }
}
