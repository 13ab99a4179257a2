import type { SarifLimits } from '../sarif/sarif-writer.ts';

/**
 * GitHub's limits on an uploaded SARIF file (github/docs, "SARIF support for code scanning"; see
 * ../shared/github-platform.md): the SARIF run is written within them by construction, so upload-sarif never
 * rejects or silently truncates a file of ours, whichever face wrote it.
 */
export const GITHUB_UPLOAD_LIMITS: Readonly<SarifLimits> = Object.freeze({
  // GitHub rejects more than 25,000 results in a run (and shows the top 5,000 by severity).
  maxResults: 25_000,
  // Each result brings at most one new rule, so maxResults bounds the rules already.
  maxRules: 25_000,
  // GitHub rejects a file over 10 MB gzip-compressed, read as 10^7 bytes, the smaller of the two readings of "MB".
  maxGzipBytes: 10_000_000,
});
