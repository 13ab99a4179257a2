import { permissionsTable, type FeaturePermissions } from '../github/token-permissions.ts';
import { POLICY_FILE_PERMISSIONS } from './policy/policy-file.ts';
import { FEATURE_MANIFESTS } from './reporters/registry.ts';

/**
 * Every feature's permissions as it declares them, in the order the README names them: the policy file, then
 * the views a user reads first (the comment), then the sinks in the registry's order; each reporter's work before
 * the verdict follows its own.
 */
function declaredPermissions(): FeaturePermissions[] {
  const views = FEATURE_MANIFESTS.filter((feature) => feature.stage === 'view');
  const rest = FEATURE_MANIFESTS.filter((feature) => feature.stage !== 'view');
  return [
    POLICY_FILE_PERMISSIONS,
    ...[...views, ...rest].flatMap((feature) => [
      ...feature.permissions,
      ...(feature.beforeVerdict ? [feature.beforeVerdict] : []),
    ]),
  ];
}

/** The README's permissions table (markdown rows, before Prettier pads them), from what the features declare. */
export function readmePermissionsTable(): string[] {
  return permissionsTable(declaredPermissions());
}
