import { randomUUID } from 'node:crypto';
import { jwtRequired } from './apps/app-jwt.ts';
import type { Installation, InstallationToken } from './apps/app-registry.ts';
import { budgetHeaders } from './apps/installation-limits.ts';
import type { EmulatorState } from './emulator-state.ts';
import { GitHubError, notAccessible, notFound, secondaryRateLimit } from './github-errors.ts';
import type { Route } from './routes.ts';
import { authorize, permissionsOfGrant } from './token-permissions.ts';
import type { Caller } from './tokens.ts';

/**
 * What stands between an authenticated request and its handler, in GitHub's order: the kind of credential the
 * operation takes (an App's own operations take its JWT, the rest a token), the installation's hourly budget,
 * the secondary rate limits (the one switched on for tests, then the installation's content-creation limit),
 * the repositories an installation token reaches (another is 404, as if it did not exist) and the token's
 * permissions (403). Also the headers every API answer carries.
 */

const CONTENT_CREATING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const PRIMARY_DOCS =
  'https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api#about-primary-rate-limits';

export function admit(
  state: EmulatorState,
  caller: Caller,
  request: { route: Route; params: Readonly<Record<string, string>>; method: string },
): void {
  const operationId = request.route.operation.operationId;
  const appOperation = operationId.startsWith('apps/');
  if (appOperation && caller.kind !== 'jwt') throw jwtRequired();
  // GitHub serves an App's JWT only its own operations; anything else needs an installation token.
  if (!appOperation && caller.kind === 'jwt') throw notAccessible('');
  const token = caller.installation;
  if (token) spendBudget(state, token.installation);
  const limited = state.secondaryRateLimit.take(Date.now());
  if (limited) throw limited;
  if (token) {
    if (CONTENT_CREATING.has(request.method)) takeContentCreation(state, token.installation);
    const { owner, repo } = request.params;
    if (owner !== undefined && repo !== undefined && !state.store.apps.reaches(token, owner, repo))
      throw notFound();
    authorize(permissionsOfGrant(token.permissions), operationId);
  } else if (caller.kind === 'actions') {
    authorize(state.permissions, operationId);
  }
}

function spendBudget(state: EmulatorState, installation: Installation): void {
  installation.counters.requests++;
  const nowMs = state.clock.nowMs();
  const limit = state.store.apps.limitOf(installation);
  if (installation.budget.take(nowMs, limit)) return;
  installation.counters.refusedPrimary++;
  throw new GitHubError(403, `API rate limit exceeded for installation ID ${installation.id}.`, {
    headers: budgetHeaders(installation.budget.state(nowMs, limit)),
    documentationUrl: PRIMARY_DOCS,
  });
}

function takeContentCreation(state: EmulatorState, installation: Installation): void {
  const wait = installation.contentLimiter.take(state.clock.nowMs(), installation.contentLimits);
  if (wait === undefined) {
    installation.counters.contentCreatingRequests++;
    return;
  }
  installation.counters.refusedSecondary++;
  throw secondaryRateLimit(403, { 'retry-after': String(wait) });
}

/** The headers of every API answer; the rate limit is the installation's for its tokens. */
export function apiHeaders(state: EmulatorState, caller: Caller | undefined): Record<string, string> {
  const nowMs = state.clock.nowMs();
  return {
    // @octokit/auth-app reads `date` to correct a JWT made on a skewed clock: it is the emulator's time.
    date: new Date(nowMs).toUTCString(),
    'x-github-request-id': randomUUID().toUpperCase().slice(0, 23),
    'x-github-api-version-selected': '2022-11-28',
    'x-github-media-type': 'github.v3; format=json',
    ...(caller?.installation
      ? installationRateHeaders(state, caller.installation)
      : sharedRateHeaders(state)),
    ...(caller?.expiresAtMs === undefined
      ? {}
      : { 'github-authentication-token-expiration': expirationHeader(caller.expiresAtMs) }),
  };
}

function installationRateHeaders(state: EmulatorState, token: InstallationToken): Record<string, string> {
  const { installation } = token;
  const limit = state.store.apps.limitOf(installation);
  return budgetHeaders(installation.budget.state(state.clock.nowMs(), limit));
}

/** Other tokens: GitHub's headers with a budget of 5,000 that counts the calls made, never enforced. */
function sharedRateHeaders(state: EmulatorState): Record<string, string> {
  const used = state.calls.length + 1;
  return {
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': String(Math.max(0, 5000 - used)),
    'x-ratelimit-used': String(used),
    'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 3600),
    'x-ratelimit-resource': 'core',
  };
}

/** GitHub's form: `2026-02-01 13:00:00 UTC`. */
function expirationHeader(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
