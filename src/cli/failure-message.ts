import { AuthError, ConfigError, ServiceError } from '../client/index.ts';
import { CommandFailure, EXIT, UsageError, type ExitCode } from './exit-codes.ts';

export interface Failure {
  exitCode: ExitCode;
  message: string;
}

/**
 * Turns anything a command threw into its exit code and a message that says what to do next. Client messages
 * never hold the key (the client redacts it), and the writers scrub it again on the way out.
 */
export function describeFailure(error: unknown, interrupted: boolean): Failure {
  if (interrupted) return { exitCode: EXIT.interrupted, message: 'Interrupted.' };
  if (error instanceof CommandFailure) return { exitCode: error.exitCode, message: error.message };
  if (error instanceof UsageError) return { exitCode: EXIT.usage, message: error.message };
  if (error instanceof ConfigError) return { exitCode: EXIT.config, message: error.message };
  if (error instanceof AuthError) return { exitCode: EXIT.config, message: authAdvice(error) };
  if (error instanceof ServiceError) {
    const status = error.statusCode === undefined ? '' : ` (${error.statusCode})`;
    const id = error.requestId ? ` [request id ${error.requestId}]` : '';
    return { exitCode: EXIT.service, message: `The service request failed${status}: ${error.message}${id}` };
  }
  const text = error instanceof Error ? error.message : String(error);
  return { exitCode: EXIT.service, message: `Unexpected error: ${text}` };
}

function authAdvice(error: AuthError): string {
  if (error.statusCode === 403) {
    return (
      "The service refused the request (403): the key's role may not do this. Managing keys and reading the " +
      `audit log need an admin key; scans need member. Service said: ${error.message}`
    );
  }
  return (
    'The service rejected the API key (401): it is mistyped, revoked or from another environment. Log in ' +
    `again with svc login, or create a new key with svc keys create. Service said: ${error.message}`
  );
}
