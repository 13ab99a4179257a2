/**
 * GitHub's limits on an uploaded SARIF file (github/docs, "SARIF support for code scanning"; see
 * ../shared/github-platform.md) and the writer's own budgets for each string it writes. The writer holds every one
 * by construction, so upload-sarif never rejects or silently truncates a file of ours.
 */
export interface SarifLimits {
  /** Results in one run: GitHub rejects more than 25,000 (and shows the top 5,000 by severity). */
  maxResults: number;
  /** Rules in one run's driver. Each result brings at most one new rule, so maxResults bounds it already. */
  maxRules: number;
  /** The file, gzip-compressed: GitHub rejects more than 10 MB. */
  maxGzipBytes: number;
}

export const GITHUB_SARIF_LIMITS: Readonly<SarifLimits> = Object.freeze({
  maxResults: 25_000,
  maxRules: 25_000,
  // 10 MB read as 10^7 bytes, the smaller of the two readings of "MB".
  maxGzipBytes: 10_000_000,
});

/** GitHub keeps at most 20 tags per rule. */
export const MAX_RULE_TAGS = 20;

/** Characters each string may keep; longer ones are cut with an ellipsis. */
export const TEXT_BUDGETS = Object.freeze({
  message: 2_000,
  shortDescription: 1_000,
  tag: 100,
  findingId: 200,
  category: 500,
  repository: 300,
  commit: 100,
  /** A rule id's readable part; a hash is appended when it had to be cut or changed. */
  ruleSlug: 80,
});

/** Longer than any path git accepts (4,096 bytes): a longer one cannot be cut without pointing elsewhere. */
export const MAX_ARTIFACT_URI_LENGTH = 4_096;
