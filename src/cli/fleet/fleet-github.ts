import type { Dispatcher } from 'undici';
import type { Logger } from '../../client/index.ts';
import { FleetGitHubError } from '../../fleet/fleet-github.ts';
import { GitHubCredentialsError, privateKeyMaskParts } from '../../github/app-credentials.ts';
import type { FleetGitHubAccess } from '../../github/fleet-github-access.ts';
import { openFleetGitHub } from '../../github/fleet-github-open.ts';
import { GitHubError } from '../../github/github-client.ts';
import { USER_AGENT, type CommandContext } from '../command-context.ts';
import { CommandFailure, EXIT } from '../exit-codes.ts';
import { readGivenKey, type GitHubFlagCredentials } from './fleet-github-flags.ts';

/** What svc's fleet gives its GitHub: the night's length, its log and its connection pool. */
export interface FleetGitHubBounds {
  /** The fleet's deadline from now (`--wait-timeout`): no GitHub wait outlasts it; budgets are spread up to it. */
  readonly seconds: number;
  readonly log: Logger;
  readonly dispatcher: Dispatcher;
}

/**
 * The fleet's GitHub for `svc fleet scan` and `merge --verify`, checked before any scan or read: the key's file
 * read, the key and every token minted kept out of all svc writes, the id, key and URL parsed, and GitHub asked
 * whether it takes them. A file that cannot be read, a key or id that does not parse, or credentials GitHub
 * refuses exit 3 naming where they were given; GitHub failing to answer exits 4.
 */
export async function connectFleetGitHub(
  context: CommandContext,
  given: GitHubFlagCredentials,
  bounds: FleetGitHubBounds,
): Promise<FleetGitHubAccess> {
  const credentials = readGivenKey(given);
  // The key is a secret from the moment it is read, even one that turns out not to parse.
  if (credentials.app !== undefined)
    for (const part of privateKeyMaskParts(credentials.app.privateKey.value)) context.addSecret(part);
  if (credentials.token !== undefined) context.addSecret(credentials.token.value);
  const ms = bounds.seconds * 1000;
  try {
    const { access, who } = await openFleetGitHub(credentials, {
      dispatcher: bounds.dispatcher,
      signal: AbortSignal.any([context.signal, AbortSignal.timeout(ms)]),
      deadline: context.io.now() + ms,
      logger: bounds.log,
      userAgent: USER_AGENT,
      fleetError: (kind, message, status) => new FleetGitHubError(kind, message, status),
      onSecret: (secret) => {
        context.addSecret(secret);
      },
      now: context.io.now,
    });
    bounds.log.info(`GitHub: ${who}, at ${credentials.apiUrl.value}.`);
    return access;
  } catch (error) {
    if (error instanceof GitHubCredentialsError) throw new CommandFailure(error.message, EXIT.config);
    if (error instanceof GitHubError)
      throw new CommandFailure(
        `GitHub did not answer whether it takes the fleet's credentials (${credentials.apiUrl.value}): ${error.message}`,
        EXIT.service,
      );
    throw error;
  }
}
