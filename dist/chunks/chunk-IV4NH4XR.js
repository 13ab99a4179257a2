import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/core/sarif/sarif-limits.ts
var GITHUB_SARIF_LIMITS = Object.freeze({
  maxResults: 25e3,
  maxRules: 25e3,
  // 10 MB read as 10^7 bytes, the smaller of the two readings of "MB".
  maxGzipBytes: 1e7
});
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

// src/core/sarif/rule-identity.ts
var { createHash } = process.getBuiltinModule("node:crypto");
var INSTANCE_MARKER = /\s*(?:\(#\d+\)|#\d+)$/u;
function kindTitle(cleanTitle) {
  return cleanTitle.replace(INSTANCE_MARKER, "").trim();
}
function normaliseTitle(cleanTitle) {
  return kindTitle(cleanTitle.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim());
}
function parseCwe(raw) {
  if (typeof raw !== "string") return void 0;
  const match = /^\s*(?:cwe)?[-_: ]?\s*(\d{1,6})\s*$/iu.exec(raw);
  if (!match?.[1]) return void 0;
  const cwe = Number(match[1]);
  return cwe > 0 ? cwe : void 0;
}
function ruleIdFor(cwe, normalisedTitle) {
  const prefix = cwe === void 0 ? "" : `cwe-${cwe}/`;
  const words = normalisedTitle.split(" ").filter((word) => word !== "");
  const exact = words.length > 0 && words.every((word) => /^[a-z0-9]+$/.test(word));
  const slug = normalisedTitle.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, TEXT_BUDGETS.ruleSlug).replace(/-+$/, "");
  if (exact && slug.length === words.join("-").length) return `${prefix}${slug}`;
  const hash = createHash("sha256").update(`${cwe ?? ""}\0${normalisedTitle}`).digest("hex").slice(0, 10);
  return `${prefix}${slug === "" ? "untitled" : slug}--${hash}`;
}

export {
  GITHUB_SARIF_LIMITS,
  MAX_RULE_TAGS,
  TEXT_BUDGETS,
  MAX_ARTIFACT_URI_LENGTH,
  kindTitle,
  normaliseTitle,
  parseCwe,
  ruleIdFor
};
//# sourceMappingURL=chunk-IV4NH4XR.js.map
