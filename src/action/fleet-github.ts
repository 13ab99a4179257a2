import type { Dispatcher } from 'undici';
import { DEFAULT_USER_AGENT, type Logger } from '../client/index.ts';
import { FleetGitHubError } from '../fleet/fleet-github.ts';
import { GitHubCredentialsError } from '../github/app-credentials.ts';
import type { FleetGitHubAccess } from '../github/fleet-github-access.ts';
import { openFleetGitHub, type NamedGitHubCredentials } from '../github/fleet-github-open.ts';
import { GitHubError } from '../github/github-client.ts';
import type { Toolkit } from '../github/toolkit.ts';
import { RunError } from '../run/run-error.ts';

/** What fleet mode gives its GitHub: the night's length and stop, its clock, its log and its connection pool. */
export interface FleetGitHubSetting {
  readonly seconds: number;
  readonly stopSignal: AbortSignal;
  readonly now: () => number;
  readonly log: Logger;
  readonly dispatcher: Dispatcher;
}

/**
 * The GitHub App of fleet mode, checked before the repositories are listed: its id and key parsed, and GitHub
 * asked whether it takes them; every installation token it mints is masked as it comes (the key was masked, line
 * by line, when the inputs were read). A key or id that does not parse, or that GitHub refuses, fails the step
 * naming the inputs, before any scan starts.
 */
export async function connectFleetGitHub(
  toolkit: Toolkit,
  given: NamedGitHubCredentials,
  setting: FleetGitHubSetting,
): Promise<FleetGitHubAccess> {
  const ms = setting.seconds * 1000;
  try {
    const { access, who } = await openFleetGitHub(given, {
      dispatcher: setting.dispatcher,
      signal: AbortSignal.any([setting.stopSignal, AbortSignal.timeout(ms)]),
      deadline: setting.now() + ms,
      logger: setting.log,
      userAgent: DEFAULT_USER_AGENT,
      fleetError: (kind, message, status) => new FleetGitHubError(kind, message, status),
      onSecret: (secret) => {
        toolkit.setSecret(secret);
      },
      now: setting.now,
    });
    setting.log.info(`GitHub: ${who}, at ${given.apiUrl.value}.`);
    return access;
  } catch (error) {
    if (error instanceof GitHubCredentialsError) throw new RunError(error.message);
    if (error instanceof GitHubError)
      throw new RunError(
        `GitHub did not answer whether it takes the GitHub App (${given.apiUrl.value}): ${error.message}`,
      );
    throw error;
  }
}
