import type { ReportedFinding } from '../domain/finding-tally.ts';

/** Where links to files point: the workflow's own repository at the scanned commit. */
export interface FileLinkBase {
  /** GITHUB_SERVER_URL, without a trailing slash. */
  serverUrl: string;
  owner: string;
  repo: string;
  sha: string;
}

/**
 * `${server}/<owner>/<repo>/blob/<sha>/<path>#L<line>` for a finding with a usable path, or undefined. Only the
 * workflow's own repository gets links (the caller passes no base otherwise): another repository's paths
 * would point into the wrong tree. Each path segment is encoded; a path that climbs (`..`) or is absolute gets
 * no link.
 */
export function fileLink(
  base: FileLinkBase | undefined,
  finding: Pick<ReportedFinding, 'filePath' | 'line'>,
): string | undefined {
  if (base === undefined) return undefined;
  const path = finding.filePath.replace(/^\.\//, '');
  if (path === '' || path.startsWith('/') || /^[a-z]+:/i.test(path) || path.includes('\\')) return undefined;
  const segments = path.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.' || segment === '')) return undefined;
  const encoded = segments.map((segment) => encodeURIComponent(segment)).join('/');
  const anchor = Number.isInteger(finding.line) && finding.line > 0 ? `#L${finding.line}` : '';
  return `${base.serverUrl}/${encodeURIComponent(base.owner)}/${encodeURIComponent(base.repo)}/blob/${encodeURIComponent(base.sha)}/${encoded}${anchor}`;
}
