import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  TEXT_BUDGETS
} from "./chunk-XDHJISCG.js";

// src/domain/identity/rule-identity.ts
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
  kindTitle,
  normaliseTitle,
  parseCwe,
  ruleIdFor
};
//# sourceMappingURL=chunk-HN7FLA5P.js.map
