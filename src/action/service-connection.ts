import type { Dispatcher } from 'undici';
import { ServiceClient, resolveCredentials, type Logger } from '../client/index.ts';
import type { Toolkit } from './toolkit.ts';

export interface ServiceConnectionInput {
  /** The api-key and api-url inputs; undefined when empty. */
  apiKey: string | undefined;
  apiUrl: string | undefined;
  env: NodeJS.ProcessEnv;
  homeDir: string;
  toolkit: Toolkit;
  logger?: Logger;
  maxRetries?: number;
  /** A dispatcher the caller owns (and closes); the client's own proxy-aware pool otherwise. */
  dispatcher?: Dispatcher;
}

/**
 * The one way the main and the post step reach the service: the spec's credential order (input, SVC_API_KEY /
 * SVC_API_URL, ~/.svc/config.toml, default), the key masked before any request, and the client built on it.
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
  return new ServiceClient({
    apiKey: credentials.apiKey,
    baseUrl: credentials.baseUrl,
    ...(input.logger ? { logger: input.logger } : {}),
    ...(input.maxRetries === undefined ? {} : { maxRetries: input.maxRetries }),
    ...(input.dispatcher ? { dispatcher: input.dispatcher } : {}),
  });
}
