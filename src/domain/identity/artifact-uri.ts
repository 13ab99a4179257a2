import { MAX_ARTIFACT_URI_LENGTH } from './sarif-limits.ts';

/**
 * The `artifactLocation.uri` of a finding's file, relative to the repository root (`uriBaseId: %SRCROOT%`), or
 * undefined when the service's path cannot be made into one safely; the result is then reported without a
 * location rather than pointing somewhere else.
 *
 * - Backslashes become slashes; a leading `../../core/sarif/` or `/` is dropped (the service writes repository paths either way).
 * - Refused: a `..` segment, a URL or any `scheme:` (which covers `file:///` and drive letters such as `C:`), a
 *   network path (`//host/share`, `\\host\share`), control or invisible characters, and paths longer than git's.
 * - Each segment is percent-encoded, so the value is a valid URI reference; upload-sarif decodes it
 *   (`decodeURIComponent`) before it looks for the file.
 */
export function repositoryRelativeUri(path: string): string | undefined {
  if (path.length === 0 || path.length > MAX_ARTIFACT_URI_LENGTH || !path.isWellFormed()) return undefined;
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u.test(path)) return undefined;
  const slashed = path.replaceAll('\\', '/');
  if (slashed.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(slashed)) return undefined;
  const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.includes('..')) return undefined;
  return segments.map((segment) => encodeURIComponent(segment)).join('/');
}
