import type { Finding } from '../client/types.ts';
import { parseCwe } from '../domain/identity/rule-identity.ts';
import { globMatcher, repositoryPathOf, type PathMatcher } from './path-scope.ts';
import type { Suppression } from '../domain/policy.ts';
import { EXPIRY_NOTICE_DAYS } from './suppression-notices.ts';

export type SuppressionState = 'active' | 'expired' | 'expiring';

/** In force until the end of its `expires` day (UTC); expiring when that is at most 14 days away. */
export function suppressionState(suppression: Suppression, today: Date): SuppressionState {
  if (suppression.expires === undefined) return 'active';
  const day = today.toISOString().slice(0, 10);
  if (suppression.expires < day) return 'expired';
  const daysLeft =
    (Date.parse(`${suppression.expires}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000;
  return daysLeft <= EXPIRY_NOTICE_DAYS ? 'expiring' : 'active';
}

/** The entry's short name, for messages: `ignore[2] (CWE-79, in legacy/**)`. User text: renderers escape it. */
export function suppressionLabel(suppression: Suppression): string {
  const what = [
    suppression.fingerprint ? `fingerprint ${suppression.fingerprint.slice(0, 12)}…` : '',
    suppression.cwe !== undefined ? `CWE-${suppression.cwe}` : '',
    suppression.title !== undefined ? `"${suppression.title}"` : '',
  ].filter((part) => part !== '');
  const where = suppression.paths.length > 0 ? `, in ${suppression.paths.join(', ')}` : '';
  return `ignore[${suppression.index}] (${what.join(', ')}${where})`;
}

/** The entry as a warning or a list item names it: its label, its expiry, its reason. */
export function describeSuppression(suppression: Suppression): string {
  const expiry = suppression.expires ? `, expires ${suppression.expires}` : '';
  const line = suppression.line === undefined ? '' : ` at line ${suppression.line}`;
  return `${suppressionLabel(suppression)}${line}${expiry}; reason: ${suppression.reason}`;
}

/** Whether an entry covers a finding: every criterion it gives must hold (fingerprint, CWE, title, paths). */
export class SuppressionMatcher {
  readonly suppression: Suppression;
  readonly #paths: PathMatcher | undefined;

  readonly #title: string | undefined;

  constructor(suppression: Suppression) {
    this.suppression = suppression;
    this.#paths = suppression.paths.length > 0 ? globMatcher(suppression.paths) : undefined;
    this.#title = suppression.title?.toLowerCase();
  }

  get needsFingerprint(): boolean {
    return this.suppression.fingerprint !== undefined;
  }

  covers(finding: FindingKey): boolean {
    const { suppression } = this;
    if (suppression.fingerprint !== undefined && suppression.fingerprint !== finding.fingerprint)
      return false;
    if (suppression.cwe !== undefined && finding.cwe !== suppression.cwe) return false;
    if (suppression.title !== undefined && this.#title !== finding.title) return false;
    return this.#paths === undefined || this.#paths(finding.path);
  }
}

/** What suppressions compare of a finding, worked out once per finding whatever the number of entries. */
export interface FindingKey {
  fingerprint: string | undefined;
  cwe: number | undefined;
  /** Trimmed, lower case. */
  title: string;
  /** The repository path. */
  path: string;
}

export function findingKey(finding: Finding, fingerprint: string | undefined): FindingKey {
  return {
    fingerprint,
    cwe: parseCwe(finding.cwe),
    title: finding.title.trim().toLowerCase(),
    path: repositoryPathOf(finding.file_path),
  };
}
