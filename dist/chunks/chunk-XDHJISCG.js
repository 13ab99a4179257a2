import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/domain/identity/sarif-limits.ts
var MAX_RULE_TAGS = 20;
var TEXT_BUDGETS = Object.freeze({
  message: 2e3,
  shortDescription: 1e3,
  tag: 100,
  findingId: 200,
  category: 500,
  repository: 300,
  commit: 100,
  /** A rule id's readable part; a hash is appended when it had to be cut or changed. */
  ruleSlug: 80
});
var MAX_ARTIFACT_URI_LENGTH = 4096;

export {
  MAX_RULE_TAGS,
  TEXT_BUDGETS,
  MAX_ARTIFACT_URI_LENGTH
};
//# sourceMappingURL=chunk-XDHJISCG.js.map
