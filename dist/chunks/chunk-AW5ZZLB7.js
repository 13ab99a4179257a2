import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  EXPIRY_NOTICE_DAYS
} from "./chunk-MDKAJOYT.js";
import {
  segmentMatcher
} from "./chunk-CIRYOFMV.js";
import {
  parseCwe
} from "./chunk-HN7FLA5P.js";

// src/policy/path-scope.ts
function globMatcher(globs) {
  const compiled = globs.map((glob) => {
    const negated = glob.startsWith("!");
    return { negated, test: segmentMatcher(negated ? glob.slice(1) : glob) };
  });
  const known = /* @__PURE__ */ new Map();
  return (path) => {
    let matched = known.get(path);
    if (matched !== void 0) return matched;
    matched = false;
    for (const glob of compiled) if (glob.test(path)) matched = !glob.negated;
    known.set(path, matched);
    return matched;
  };
}
function repositoryPathOf(path) {
  return path.replaceAll("\\", "/").replace(/^(?:\.\/|\/)+/, "");
}
function pathScope(paths, pathsIgnore) {
  if (paths.length === 0 && pathsIgnore.length === 0) return void 0;
  const included = paths.length === 0 ? () => true : globMatcher(paths);
  const ignored = pathsIgnore.length === 0 ? () => false : globMatcher(pathsIgnore);
  return (path) => {
    const inRepository = repositoryPathOf(path);
    return included(inRepository) && !ignored(inRepository);
  };
}

// src/policy/suppression.ts
function suppressionState(suppression, today) {
  if (suppression.expires === void 0) return "active";
  const day = today.toISOString().slice(0, 10);
  if (suppression.expires < day) return "expired";
  const daysLeft = (Date.parse(`${suppression.expires}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 864e5;
  return daysLeft <= EXPIRY_NOTICE_DAYS ? "expiring" : "active";
}
function suppressionLabel(suppression) {
  const what = [
    suppression.fingerprint ? `fingerprint ${suppression.fingerprint.slice(0, 12)}\u2026` : "",
    suppression.cwe !== void 0 ? `CWE-${suppression.cwe}` : "",
    suppression.title !== void 0 ? `"${suppression.title}"` : ""
  ].filter((part) => part !== "");
  const where = suppression.paths.length > 0 ? `, in ${suppression.paths.join(", ")}` : "";
  return `ignore[${suppression.index}] (${what.join(", ")}${where})`;
}
function describeSuppression(suppression) {
  const expiry = suppression.expires ? `, expires ${suppression.expires}` : "";
  const line = suppression.line === void 0 ? "" : ` at line ${suppression.line}`;
  return `${suppressionLabel(suppression)}${line}${expiry}; reason: ${suppression.reason}`;
}
var SuppressionMatcher = class {
  suppression;
  #paths;
  #title;
  constructor(suppression) {
    this.suppression = suppression;
    this.#paths = suppression.paths.length > 0 ? globMatcher(suppression.paths) : void 0;
    this.#title = suppression.title?.toLowerCase();
  }
  get needsFingerprint() {
    return this.suppression.fingerprint !== void 0;
  }
  covers(finding) {
    const { suppression } = this;
    if (suppression.fingerprint !== void 0 && suppression.fingerprint !== finding.fingerprint)
      return false;
    if (suppression.cwe !== void 0 && finding.cwe !== suppression.cwe) return false;
    if (suppression.title !== void 0 && this.#title !== finding.title) return false;
    return this.#paths === void 0 || this.#paths(finding.path);
  }
};
function findingKey(finding, fingerprint) {
  return {
    fingerprint,
    cwe: parseCwe(finding.cwe),
    title: finding.title.trim().toLowerCase(),
    path: repositoryPathOf(finding.file_path)
  };
}

export {
  pathScope,
  suppressionState,
  suppressionLabel,
  describeSuppression,
  SuppressionMatcher,
  findingKey
};
//# sourceMappingURL=chunk-AW5ZZLB7.js.map
