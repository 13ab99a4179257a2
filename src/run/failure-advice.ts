import {
  AuthError,
  ConfigError,
  ConnectionError,
  DecodeError,
  IncompleteListError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestTimeoutError,
  ServerError,
  ServiceError,
  ValidationError,
} from '../client/errors.ts';
import { hasVersionPrefix } from '../client/base-url.ts';

/** Where in the run an error happened, so the advice can name what was being done. */
export type RunStage =
  'inputs' | 'credentials' | 'repository' | 'scan' | 'report' | 'findings' | 'remediation';

export interface AdviceContext {
  /** The service's base URL, when the run got as far as resolving it. */
  baseUrl?: string | undefined;
  /** What was being done, as words that follow "while", when the stage's words do not fit (a svc command). */
  doing?: string | undefined;
  /** The face's words for its settings and its advice; the action's by default. */
  words?: AdviceWords | undefined;
}

/**
 * What differs between the faces in the same advice: how the URL and the key are given, where the process runs,
 * and how to try again. The explanations themselves are shared.
 */
export interface AdviceWords {
  /** The setting that holds the service's URL: `api-url` (an input) or `--api-url`. */
  urlSetting: string;
  /** How to give a new key, after "create a new key (…) and". */
  giveKey: string;
  /** Where the client runs: `the runner`, `this machine`. */
  machine: string;
  /** Where NODE_EXTRA_CA_CERTS is set, after "set NODE_EXTRA_CA_CERTS to its path". */
  caSetting: string;
  /** How to try again, a sentence without its full stop: `Re-run the job`. */
  again: string;
  /** Which role does what, in brackets after "a role that allows it". */
  roles: string;
}

/** The action's words: inputs, the runner, the job. */
const ACTION_ADVICE_WORDS: AdviceWords = {
  urlSetting: 'api-url',
  giveKey: 'store it as a repository or organization secret and pass it as the api-key input',
  machine: 'the runner',
  caSetting: "in the job's env",
  again: 'Re-run the job',
  roles: '(member starts scans and remediations)',
};

/**
 * Turns any thrown value into a message that says what happened and what to do next. Messages from the client
 * never contain the key (the client redacts it), but they do contain server text, so the caller escapes the
 * result.
 */
export function adviseOnFailure(error: unknown, stage: RunStage, context: AdviceContext = {}): string {
  const doing = context.doing ?? describeStage(stage);
  const words = context.words ?? ACTION_ADVICE_WORDS;
  if (error instanceof ConfigError) return error.message;
  if (error instanceof PermissionDeniedError) {
    return (
      `The service refused the request (403) while ${doing}: the API key's role may not do this. ` +
      `Use a key with a role that allows it ${words.roles}, or ask an org admin. ` +
      `Service said: ${error.message}`
    );
  }
  if (error instanceof AuthError) {
    return (
      `The service rejected the API key (401) while ${doing}. The key may be mistyped, revoked or from ` +
      `another environment: create a new key (svc keys create ci --role member) and ${words.giveKey}. ` +
      `Service said: ${error.message}`
    );
  }
  if (error instanceof NotFoundError) {
    if (context.baseUrl !== undefined && !hasVersionPrefix(context.baseUrl)) {
      return (
        `The service answered 404 while ${doing}, and the ${words.urlSetting} (${context.baseUrl}) does not end in /api/v1, ` +
        `where the service's paths live: set ${words.urlSetting} to the base URL ending in /api/v1. ${error.message}`
      );
    }
    return `The service answered 404 while ${doing}: ${error.message}`;
  }
  if (error instanceof ValidationError) {
    return `The service rejected the request (${String(error.statusCode)}) while ${doing}: ${error.message}. Check the inputs named in the message.`;
  }
  if (error instanceof RateLimitError) {
    return `The service rate limited the requests (429) while ${doing}, ${attempted(error, stage)}. ${words.again} later. ${error.message}`;
  }
  if (error instanceof ServerError) {
    return `The service failed (${String(error.statusCode)}) while ${doing}, ${attempted(error, stage)}. ${words.again}; if it persists, check the service status. ${error.message}`;
  }
  if (error instanceof ConnectionError) return adviseOnConnection(error, stage, doing, words);
  if (error instanceof RequestTimeoutError) {
    return `The service did not answer in time while ${doing}, ${attempted(error, stage)}. ${words.again}; if it persists, check the service status. ${error.message}`;
  }
  if (error instanceof DecodeError) {
    return `The service's answer could not be used while ${doing}, ${attempted(error, stage)}: ${error.message}. The service may be failing or answering in an unexpected format; ${words.again.toLowerCase()}.`;
  }
  if (error instanceof IncompleteListError) {
    return `A list the service paged through did not end while ${doing}: ${error.message}. The service's totals keep changing; ${words.again.toLowerCase()}.`;
  }
  if (error instanceof ServiceError) return `Failed while ${doing}: ${error.message}`;
  if (error instanceof Error) return `Unexpected error while ${doing}: ${error.message}`;
  return `Unexpected error while ${doing}: ${String(error)}`;
}

/**
 * Says whether the request was sent again, truthfully: a start request (POST) is not repeated after a failure
 * the server may have seen, since that could start a second scan or job.
 */
function attempted(error: ServiceError, stage: RunStage): string {
  if (error.attempts > 1) return `after ${error.attempts} attempts`;
  const starts = stage === 'scan' || stage === 'remediation';
  return starts
    ? 'and the request was not repeated (repeating a request that starts a scan or a job could start a second one)'
    : 'and the request was not repeated';
}

function adviseOnConnection(
  error: ConnectionError,
  stage: RunStage,
  doing: string,
  words: AdviceWords,
): string {
  switch (error.failure) {
    case 'tls':
      return (
        `The TLS connection to the service failed while ${doing} (${error.code ?? 'certificate problem'}). A self-signed ` +
        `or corporate certificate authority is not trusted by Node: put the CA certificate (PEM) on ${words.machine} and set ` +
        `NODE_EXTRA_CA_CERTS to its path ${words.caSetting}. ${error.message}`
      );
    case 'dns':
      return (
        `The service's host name could not be resolved while ${doing} (${error.code ?? 'DNS'}). Check the host in ` +
        `${words.urlSetting} (or SVC_API_URL), and that ${words.machine}'s network can resolve it. ${error.message}`
      );
    case 'connect':
      return (
        `The connection to the service was refused or unreachable while ${doing}, ${attempted(error, stage)}. Check ${words.urlSetting} ` +
        `(is the service listening at that host and port?), and that ${words.machine} can reach the host (firewall, proxy: HTTPS_PROXY). ${error.message}`
      );
    case 'reset':
    case 'other':
      return `The connection to the service failed while ${doing}, ${attempted(error, stage)}. ${words.again}; if it persists, check the network between ${words.machine} and the service. ${error.message}`;
  }
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
