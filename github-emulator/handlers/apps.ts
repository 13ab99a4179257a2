import type { App, Installation } from '../apps/app-registry.ts';
import type { GrantedAccess } from '../apps/app-seed.ts';
import { isoSeconds } from '../clock.ts';
import { GitHubError, notFound } from '../github-errors.ts';
import { nodeId, type Handler, type Links, type RequestContext } from '../request-context.ts';
import { accountId, userJson } from '../users.ts';

/**
 * A GitHub App's own operations, each authenticated by the App's JWT: the App (`GET /app`), its installation
 * that reaches a repository (`GET /repos/{owner}/{repo}/installation`, 404 when none does) and an installation
 * token (`POST /app/installations/{installation_id}/access_tokens`), valid one hour of the emulator's clock,
 * narrowed to the `repositories`/`repository_ids` and `permissions` asked for, never beyond the installation's.
 */

const CREATED_AT = '2026-01-01T00:00:00Z';
const NOT_IN_INSTALLATION =
  'There is at least one repository that does not exist or is not accessible to the parent installation.';
const NOT_GRANTED = 'The permissions requested are not granted to this installation.';

function appOf(context: RequestContext): App {
  const { app } = context.caller;
  if (!app) throw notFound();
  return app;
}

export const getAuthenticatedApp: Handler = (context) => {
  const app = appOf(context);
  const { serverUrl, apiUrl } = context.links;
  const permissions: Record<string, GrantedAccess> = {};
  for (const installation of app.installations)
    for (const [name, access] of Object.entries(installation.permissions))
      if (permissions[name] !== 'write') permissions[name] = access;
  return {
    status: 200,
    body: {
      id: app.id,
      slug: app.slug,
      node_id: nodeId('A', app.id),
      client_id: `Iv23li${String(app.id).padStart(14, '0')}`,
      owner: { ...userJson(app.owner, serverUrl, apiUrl), type: 'Organization' },
      name: app.name,
      description: null,
      external_url: `${serverUrl}/apps/${app.slug}`,
      html_url: `${serverUrl}/apps/${app.slug}`,
      created_at: CREATED_AT,
      updated_at: CREATED_AT,
      permissions,
      events: [],
      installations_count: app.installations.length,
    },
  };
};

export const getRepoInstallation: Handler = (context) => {
  const app = appOf(context);
  const installation = context.store.apps.installationOn(
    app,
    context.params.owner ?? '',
    context.params.repo ?? '',
  );
  if (!installation) throw notFound();
  return { status: 200, body: installationJson(installation, context.links) };
};

function installationJson(installation: Installation, links: Links): Record<string, unknown> {
  const { apiUrl, serverUrl } = links;
  return {
    id: installation.id,
    account: { ...userJson(installation.account, serverUrl, apiUrl), type: 'Organization' },
    repository_selection: installation.repositories === 'all' ? 'all' : 'selected',
    access_tokens_url: `${apiUrl}/app/installations/${installation.id}/access_tokens`,
    repositories_url: `${apiUrl}/installation/repositories`,
    html_url: `${serverUrl}/organizations/${installation.account}/settings/installations/${installation.id}`,
    app_id: installation.app.id,
    app_slug: installation.app.slug,
    target_id: accountId(installation.account),
    target_type: 'Organization',
    permissions: installation.permissions,
    events: [],
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    single_file_name: null,
    has_multiple_single_files: false,
    single_file_paths: [],
    suspended_by: null,
    suspended_at: null,
  };
}

export const createInstallationToken: Handler = (context) => {
  const app = appOf(context);
  const installation = app.installations.find(
    (candidate) => String(candidate.id) === context.params.installation_id,
  );
  if (!installation) throw notFound();
  const repositories = narrowedRepositories(context, installation);
  const permissions = narrowedPermissions(context.body.permissions, installation);
  const minted = context.store.apps.mint(installation, {
    ...(repositories === undefined ? {} : { repositories }),
    ...(permissions === undefined ? {} : { permissions }),
  });
  return {
    status: 201,
    body: {
      token: minted.token,
      expires_at: isoSeconds(minted.expiresAtMs),
      permissions: minted.permissions,
      repository_selection: minted.repositories === 'all' ? 'all' : 'selected',
    },
  };
};

/** The lower-cased names asked for, each one the installation reaches; undefined when none are named. */
function narrowedRepositories(context: RequestContext, installation: Installation): Set<string> | undefined {
  const names = (context.body.repositories ?? []) as string[];
  const ids = (context.body.repository_ids ?? []) as number[];
  if (names.length === 0 && ids.length === 0) return undefined;
  const chosen = new Set(names.map((name) => name.toLowerCase()));
  for (const id of ids) {
    const repository = [...context.store.repositories.values()].find((candidate) => candidate.id === id);
    if (!repository) throw new GitHubError(422, NOT_IN_INSTALLATION);
    chosen.add(repository.name.toLowerCase());
  }
  for (const name of chosen)
    if (!context.store.apps.reaches(installation, installation.account, name))
      throw new GitHubError(422, NOT_IN_INSTALLATION);
  return chosen;
}

function narrowedPermissions(
  asked: unknown,
  installation: Installation,
): Record<string, GrantedAccess> | undefined {
  if (asked === undefined) return undefined;
  const wanted = asked as Record<string, GrantedAccess>;
  for (const [name, access] of Object.entries(wanted)) {
    const granted = installation.permissions[name];
    if (granted === undefined || (access === 'write' && granted !== 'write'))
      throw new GitHubError(422, NOT_GRANTED);
  }
  // Metadata comes with every token, as on GitHub.
  return { metadata: 'read', ...wanted };
}
