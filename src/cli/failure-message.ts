import {
  AuthError,
  ConfigError,
  ConnectionError,
  InvalidIdError,
  NotFoundError,
  hasVersionPrefix,
} from '../client/index.ts';
import { FleetUsageError } from '../fleet/fleet-usage-error.ts';
import { RunError } from '../run/run-error.ts';
import { RepositoryNotFoundError } from '../run/scan-step.ts';
import { adviseOnFailure, type AdviceWords, type RunStage } from '../run/failure-advice.ts';
import { CommandFailure, EXIT, UsageError, type ExitCode } from './exit-codes.ts';

export interface Failure {
  exitCode: ExitCode;
  message: string;
}

/** What svc knew when the command failed: which command, and where its URL came from. */
export interface FailureScope {
  /** The command's words, e.g. `keys create`. */
  command?: string | undefined;
  baseUrl?: string | undefined;
  /** True when no --api-url, SVC_API_URL or config file gave the URL: svc used its built-in one. */
  builtInUrl?: boolean | undefined;
}

/** The action's advice (src/run/failure-advice.ts) in svc's words: flags, this machine, the command. */
const SVC_ADVICE_WORDS: AdviceWords = {
  urlSetting: '--api-url',
  giveKey: 'log in with it (svc login), or pass it with --api-key or SVC_API_KEY',
  machine: 'this machine',
  caSetting: 'in the environment of svc',
  again: 'Run the command again',
  roles: '(member starts scans and remediations; admin manages keys and reads the audit log)',
};

/**
 * Turns anything a command threw into its exit code and a message that says what to do next, with the same
 * explanations as the action's. Client messages never hold the key (the client redacts it), and the writers
 * scrub it again on the way out.
 */
export function describeFailure(error: unknown, interrupted: boolean, scope: FailureScope = {}): Failure {
  if (interrupted) return { exitCode: EXIT.interrupted, message: 'Interrupted.' };
  if (error instanceof CommandFailure) return { exitCode: error.exitCode, message: error.message };
  // An id refused before any request (`svc scans view ..`) is a value svc was given, like a bad flag's; so is a
  // fleet that selects nothing or shards' roll-ups that cannot be merged.
  if (error instanceof UsageError || error instanceof InvalidIdError || error instanceof FleetUsageError)
    return { exitCode: EXIT.usage, message: error.message };
  if (error instanceof ConfigError || error instanceof RepositoryNotFoundError) {
    return { exitCode: EXIT.config, message: error.message };
  }
  // The run's own failures (a scan that could not be read, cancelled) already say what happened and what to do.
  if (error instanceof RunError) return { exitCode: EXIT.service, message: error.message };
  const advice = adviseOnFailure(error, stageOf(scope.command), {
    baseUrl: scope.baseUrl,
    doing: scope.command === undefined ? 'running svc' : `running svc ${scope.command}`,
    words: SVC_ADVICE_WORDS,
  });
  if (error instanceof ConnectionError && scope.builtInUrl) {
    return {
      exitCode: EXIT.config,
      message: `${noUrlGiven(scope.baseUrl, 'which did not answer')} ${advice}`,
    };
  }
  if (error instanceof AuthError) return { exitCode: EXIT.config, message: advice };
  // A 404 from a URL that does not end in /api/v1 is the URL's fault, not the service's: configuration.
  if (error instanceof NotFoundError && scope.baseUrl !== undefined && !hasVersionPrefix(scope.baseUrl)) {
    return { exitCode: EXIT.config, message: advice };
  }
  return { exitCode: EXIT.service, message: advice };
}

/** The advice's stage only decides how a request that was not repeated is explained: a start is never sent twice. */
function stageOf(command: string | undefined): RunStage {
  if (command === 'scan') return 'scan';
  if (command === 'remediate' || command === 'ai-analysis start') return 'remediation';
  return 'report';
}

/** The likeliest cause of a failure when svc used its built-in URL: no URL was given. */
export function noUrlGiven(builtInUrl: string | undefined, what: string): string {
  return (
    `No service URL was given (no --api-url, SVC_API_URL or base_url in ~/.svc/config.toml), so svc took its ` +
    `built-in one${builtInUrl ? `, ${builtInUrl},` : ''} ${what}. Give yours ` +
    'with --api-url https://<host>/api/v1 or SVC_API_URL, or save it with svc login --api-url https://<host>/api/v1 ' +
    '(written to ~/.svc/config.toml).'
  );
}
