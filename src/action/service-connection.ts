import type { Dispatcher } from 'undici';
import {
  ConfigError,
  ServiceClient,
  resolveCredentials,
  type CredentialSource,
  type Credentials,
  type Logger,
} from '../client/index.ts';
import type { Toolkit } from '../github/toolkit.ts';

export interface ServiceConnectionInput {
  /** The api-key and api-url inputs; undefined when empty. */
  apiKey: string | undefined;
  apiUrl: string | undefined;
  env: NodeJS.ProcessEnv;
  homeDir: string;
  toolkit: Toolkit;
  /** The workflow's event (GITHUB_EVENT_NAME): on pull_request_target only the api-url input names the service. */
  eventName: string | undefined;
  /** The action's log, where the service's URL and its source are said. */
  log: Logger;
  /** The client's log (its retries); none by default. */
  logger?: Logger;
  maxRetries?: number;
  /** A 429 waited out for up to this long a call, beyond maxRetries (the fleet's deadline). */
  rateLimitWaitMs?: number;
  /** A dispatcher the caller owns (and closes); the client's own proxy-aware pool otherwise. */
  dispatcher?: Dispatcher;
}

/** Where the URL came from, as the log says it. */
const URL_SOURCES: Readonly<Record<CredentialSource, string>> = {
  argument: 'from the api-url input',
  environment: 'from SVC_API_URL',
  'config-file': 'from ~/.svc/config.toml',
  default: 'the built-in placeholder',
};

/** Where a key that is not the api-key input came from, as the pull_request_target refusal says it. */
const KEY_SOURCES: Readonly<Record<Exclude<CredentialSource, 'argument' | 'default'>, string>> = {
  environment: 'from SVC_API_KEY',
  'config-file': 'from ~/.svc/config.toml',
};

/** The one example the messages give: a repository or organization variable, the commonest way to set the URL. */
const SET_API_URL = "set api-url to your service's base URL, e.g. `api-url: ${{ vars.SVC_API_URL }}`";

/**
 * The one way the main and the post step reach the service: the spec's credential order (input, SVC_API_KEY /
 * SVC_API_URL, ~/.svc/config.toml), the key masked before any request, the URL's source logged, and the client
 * built on them. Nothing is sent to a URL the workflow did not name (see serviceRefusal).
 */
export function connectToService(input: ServiceConnectionInput): ServiceClient {
  const credentials = resolveCredentials({
    apiKey: input.apiKey,
    baseUrl: input.apiUrl,
    env: input.env,
    homeDir: input.homeDir,
    ...(input.logger ? { logger: input.logger } : {}),
    baseUrlArgumentLabel: "from the 'api-url' input",
  });
  input.toolkit.setSecret(credentials.apiKey);
  const refusal = serviceRefusal(credentials, input.eventName);
  if (refusal !== undefined) throw new ConfigError(refusal);
  input.log.info(`Service URL: ${credentials.baseUrl} (${URL_SOURCES[credentials.baseUrlSource]}).`);
  return new ServiceClient({
    apiKey: credentials.apiKey,
    baseUrl: credentials.baseUrl,
    ...(input.logger ? { logger: input.logger } : {}),
    ...(input.maxRetries === undefined ? {} : { maxRetries: input.maxRetries }),
    ...(input.rateLimitWaitMs === undefined ? {} : { rateLimitWaitMs: input.rateLimitWaitMs }),
    ...(input.dispatcher ? { dispatcher: input.dispatcher } : {}),
  });
}

/**
 * Why the action will not send the key to the URL resolved, or undefined when it will.
 *
 * - No URL given at all: the built-in one is a placeholder on a reserved domain no service answers at, so the
 *   step fails at once, as svc does, instead of retrying a host that cannot exist.
 * - On pull_request_target, a URL or a key from anywhere but the inputs: SVC_API_URL and SVC_API_KEY can be set by
 *   any earlier step of the job (through $GITHUB_ENV) and ~/.svc/config.toml written by one, and on that event such
 *   a step may have run the pull request's code. Its URL would receive the key and decide the gate; its key would
 *   read another tenant's repository of the same name, whose scans the pull request's author controls.
 */
function serviceRefusal(
  credentials: Pick<Credentials, 'baseUrl' | 'baseUrlSource' | 'apiKeySource'>,
  eventName: string | undefined,
): string | undefined {
  const { baseUrl, baseUrlSource: source } = credentials;
  if (eventName === 'pull_request_target' && source !== 'argument') {
    const found = source === 'default' ? '' : ` The URL ${URL_SOURCES[source]} (${baseUrl}) was refused.`;
    return (
      'api-url is empty, and on pull_request_target the action takes the service URL from the api-url input ' +
      'only: SVC_API_URL and ~/.svc/config.toml can be set by an earlier step of the job, which may have run ' +
      `the pull request's code.${found} Nothing was sent: ${SET_API_URL}.`
    );
  }
  if (eventName === 'pull_request_target' && credentials.apiKeySource !== 'argument') {
    return (
      'api-key is empty, and on pull_request_target the action takes the API key from the api-key input only: ' +
      `the key ${KEY_SOURCES[credentials.apiKeySource]} can be set by an earlier step of the job, which may have ` +
      "run the pull request's code. Nothing was sent: set api-key, e.g. `api-key: ${{ secrets.SVC_API_KEY }}`."
    );
  }
  if (source !== 'default') return undefined;
  return (
    'api-url is empty and neither SVC_API_URL nor ~/.svc/config.toml gives a URL, so the built-in placeholder ' +
    `${baseUrl} would be used, where no service answers. Nothing was sent: ${SET_API_URL}.`
  );
}
