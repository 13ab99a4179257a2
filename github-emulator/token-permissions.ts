import { notAccessible } from './github-errors.ts';
import type { OperationId } from './operation-ids.ts';

/**
 * What the token may do, as a workflow's `permissions:` grants it. Presets: `full` (the default), `read-only`
 * (a fork's pull request: every write answers 403), `no-checks` (no `checks:` permission) and
 * `no-pull-requests` (neither `pull-requests:` nor `issues:`, so no PR comments or reviews) and `no-contents`
 * (no `contents:`, so no file contents or comparisons) and `no-security-events` (no `security-events:`, so no
 * code scanning).
 */

type Access = 'none' | 'read' | 'write';
type Scope = 'checks' | 'pull_requests' | 'issues' | 'contents' | 'security_events';
export type TokenPermissions = Readonly<Record<Scope, Access>>;

export const TOKEN_MODES = [
  'full',
  'read-only',
  'no-checks',
  'no-pull-requests',
  'no-contents',
  'no-security-events',
] as const;
export type TokenMode = (typeof TOKEN_MODES)[number];

const FULL: TokenPermissions = {
  checks: 'write',
  pull_requests: 'write',
  issues: 'write',
  contents: 'write',
  security_events: 'write',
};

export function permissionsOf(mode: TokenMode): TokenPermissions {
  switch (mode) {
    case 'full':
      return FULL;
    case 'read-only':
      return {
        checks: 'read',
        pull_requests: 'read',
        issues: 'read',
        contents: 'read',
        security_events: 'read',
      };
    case 'no-checks':
      return { ...FULL, checks: 'none' };
    case 'no-pull-requests':
      return { ...FULL, pull_requests: 'none', issues: 'none' };
    case 'no-contents':
      return { ...FULL, contents: 'none' };
    case 'no-security-events':
      return { ...FULL, security_events: 'none' };
  }
}

/** Each operation's need: any one of the scopes at the access given (GitHub's `x-accepted-github-permissions`). */
const NEEDS: Readonly<Record<OperationId, { scopes: readonly Scope[]; access: 'read' | 'write' }>> = {
  'checks/create': { scopes: ['checks'], access: 'write' },
  'checks/update': { scopes: ['checks'], access: 'write' },
  'checks/get': { scopes: ['checks'], access: 'read' },
  'checks/list-annotations': { scopes: ['checks'], access: 'read' },
  'issues/list-comments': { scopes: ['issues', 'pull_requests'], access: 'read' },
  'issues/create-comment': { scopes: ['issues', 'pull_requests'], access: 'write' },
  'issues/update-comment': { scopes: ['issues', 'pull_requests'], access: 'write' },
  'pulls/list-files': { scopes: ['pull_requests'], access: 'read' },
  'pulls/create-review': { scopes: ['pull_requests'], access: 'write' },
  'pulls/list-review-comments': { scopes: ['pull_requests'], access: 'read' },
  'repos/compare-commits-with-basehead': { scopes: ['contents'], access: 'read' },
  'repos/get-content': { scopes: ['contents'], access: 'read' },
  // Metadata: every token of the repository may read it, whatever it was granted.
  'repos/get': { scopes: [], access: 'read' },
  'code-scanning/upload-sarif': { scopes: ['security_events'], access: 'write' },
  'code-scanning/get-sarif': { scopes: ['security_events'], access: 'read' },
  'code-scanning/list-alerts-for-repo': { scopes: ['security_events'], access: 'read' },
  'code-scanning/get-alert': { scopes: ['security_events'], access: 'read' },
  'code-scanning/update-alert': { scopes: ['security_events'], access: 'write' },
  'git/get-blob': { scopes: ['contents'], access: 'read' },
  'git/get-ref': { scopes: ['contents'], access: 'read' },
  'repos/get-commit': { scopes: ['contents'], access: 'read' },
  // A branch is metadata: every token of the repository may read it.
  'repos/get-branch': { scopes: [], access: 'read' },
  // An App's own operations take its JWT, which carries no permissions.
  'apps/get-authenticated': { scopes: [], access: 'read' },
  'apps/get-repo-installation': { scopes: [], access: 'read' },
  'apps/create-installation-access-token': { scopes: [], access: 'read' },
};

/** An installation token's grant, in GitHub's App permission names, as the scopes the emulator checks. */
export function permissionsOfGrant(grant: Readonly<Record<string, 'read' | 'write'>>): TokenPermissions {
  return {
    checks: grant.checks ?? 'none',
    pull_requests: grant.pull_requests ?? 'none',
    issues: grant.issues ?? 'none',
    contents: grant.contents ?? 'none',
    security_events: grant.security_events ?? 'none',
  };
}

export function authorize(permissions: TokenPermissions, operationId: OperationId): void {
  const need = NEEDS[operationId];
  if (need.scopes.length === 0) return;
  const granted = need.scopes.some((scope) => allows(permissions[scope], need.access));
  if (!granted) throw notAccessible(need.scopes.map((scope) => `${scope}=${need.access}`).join('; '));
}

function allows(access: Access, needed: 'read' | 'write'): boolean {
  return access === 'write' || (access === 'read' && needed === 'read');
}
