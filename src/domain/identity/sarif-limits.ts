/**
 * The SARIF writer's budgets for what it writes: each string, a rule's tags, an artifact's URI. It holds every one
 * by construction. GitHub's limits on a whole upload (results, rules, the compressed size) are code scanning's:
 * src/code-scanning/github-upload-limits.ts.
 */

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
