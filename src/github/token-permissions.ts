/**
 * The permissions of the workflow's token a feature needs, as the feature declares them (a reporter's
 * descriptor, the policy file): the run plans them from the features that are on, a refusal names them, and the
 * README's permissions table is generated from them.
 */

/** The `permissions:` scopes the action's features use, in the order the README lists them. */
const SCOPES = ['contents', 'checks', 'pull-requests', 'security-events', 'actions'] as const;
type PermissionScope = (typeof SCOPES)[number];
type PermissionAccess = 'read' | 'write';

/** One scope of the token a feature needs, at one level. */
interface PermissionNeed {
  readonly scope: PermissionScope;
  readonly access: PermissionAccess;
  /** When only some runs need it: `on private repositories`. */
  readonly only?: string;
  /** What this level is for, when a feature needs two levels of one scope: `to honour dismissals`. */
  readonly for?: string;
}

/** What a feature needs of the token, as it declares it. */
export interface FeaturePermissions {
  /** As a sentence names it, lower case first: `the check run and its annotations`. */
  readonly feature: string;
  readonly needs: readonly PermissionNeed[];
  /** What no permission of the workflow's token gives (GitHub Advanced Security, another token). */
  readonly besides?: readonly string[];
}

/** The permissions a run needs, planned before the scan from the features its settings turn on. */
export interface PermissionPlan {
  readonly features: readonly FeaturePermissions[];
  /** Each scope at the highest level a feature that is on needs (write covers read). */
  readonly scopes: Readonly<Partial<Record<PermissionScope, PermissionAccess>>>;
}

export function permissionPlanOf(features: readonly FeaturePermissions[]): PermissionPlan {
  const scopes: Partial<Record<PermissionScope, PermissionAccess>> = {};
  for (const { scope, access } of features.flatMap((feature) => feature.needs))
    if (scopes[scope] !== 'write') scopes[scope] = access;
  return Object.freeze({ features: Object.freeze([...features]), scopes: Object.freeze(scopes) });
}

/** The plan as a `permissions:` block names it: "`checks: write`, `pull-requests: write`"; "none" when empty. */
export function scopesText(plan: PermissionPlan): string {
  const scopes = Object.entries(plan.scopes).map(([scope, access]) => `\`${scope}: ${access}\``);
  return scopes.length > 0 ? scopes.join(', ') : 'none';
}

/**
 * What a refusal tells the user to give the job, from the feature's declaration: "`checks: write`", or
 * "`security-events: read` to honour dismissals, `write` to dismiss and reopen".
 */
export function grantOf(feature: FeaturePermissions): string {
  return needsText(feature.needs, ' and ');
}

/**
 * The README's permissions table, one row per set of needs: the features that need the same are named together
 * (in the order given), and the rows follow the first scope each needs (a row of what no scope gives comes last).
 */
export function permissionsTable(features: readonly FeaturePermissions[]): string[] {
  const rows = new Map<string, string[]>();
  for (const feature of [...features].sort((a, b) => rankOf(a) - rankOf(b))) {
    const needs = [needsText(feature.needs, '; '), ...(feature.besides ?? [])].filter((t) => t !== '');
    const cell = needs.join('; ');
    rows.set(cell, [...(rows.get(cell) ?? []), feature.feature]);
  }
  return [
    '| Feature | Needs |',
    '| --- | --- |',
    ...[...rows].map(([needs, named]) => `| ${capitalized(named.join(', '))} | ${needs} |`),
  ];
}

/** Needs apart by `separator`; a second level of the same scope follows the first as "`write` to …". */
function needsText(needs: readonly PermissionNeed[], separator: string): string {
  return needs
    .map((need, index) => {
      const sameScope = index > 0 && needs[index - 1]?.scope === need.scope;
      const named = sameScope ? `\`${need.access}\`` : `\`${need.scope}: ${need.access}\``;
      const text = [named, need.only, need.for].filter((part) => part !== undefined).join(' ');
      return index === 0 ? text : `${sameScope ? ', ' : separator}${text}`;
    })
    .join('');
}

function rankOf(feature: FeaturePermissions): number {
  const first = feature.needs[0];
  return first === undefined ? SCOPES.length : SCOPES.indexOf(first.scope);
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
