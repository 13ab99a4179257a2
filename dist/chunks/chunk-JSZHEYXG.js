import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  parseCwe,
  segmentMatcher
} from "./chunk-LVLRSXFS.js";
import {
  SEVERITIES,
  isSeverity
} from "./chunk-QTPT64TT.js";

// src/core/policy/path-scope.ts
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

// src/core/policy/suppression-notices.ts
var EXPIRY_NOTICE_DAYS = 14;
function expiringSuppressionNotice(description) {
  return `A suppression expires within ${EXPIRY_NOTICE_DAYS} days: ${sentence(description)} Renew it or fix its findings.`;
}
function expiredSuppressionWarning(description) {
  return `A suppression has expired, so its findings count again: ${sentence(description)} Fix them, or renew the entry with a new expires date.`;
}
function sentence(text) {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// src/core/policy/suppression.ts
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

// src/core/policy/policy-change.ts
function describePolicyChange(base, head) {
  if (base === void 0 && head === void 0) return [];
  if (head === void 0)
    return [`removes the policy file ${base?.file ?? ""}: the inputs and defaults alone set the gate`];
  const sentences = base === void 0 ? [`adds the policy file ${head.file}`] : [];
  const before = base ?? { file: head.file, settings: {}, paths: [], pathsIgnore: [], ignore: [] };
  sentences.push(...settingChanges(before.settings, head.settings));
  sentences.push(...globChanges("paths", before.paths, head.paths));
  sentences.push(...globChanges("paths-ignore", before.pathsIgnore, head.pathsIgnore));
  sentences.push(...suppressionChanges(before.ignore, head.ignore));
  return sentences;
}
function settingChanges(before, after) {
  const keys = [.../* @__PURE__ */ new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((key) => {
    const was = textOfSetting(before[key]);
    const now = textOfSetting(after[key]);
    if (was === now) return [];
    if (now === void 0)
      return [`removes ${key} (was ${shown(was ?? "")}): the input or the default applies`];
    if (was === void 0) return [`sets ${key} to ${shown(now)}${gateEffect(key, void 0, now)}`];
    return [`${verb(key, was, now)} ${key} from ${shown(was)} to ${shown(now)}${gateEffect(key, was, now)}`];
  });
}
function textOfSetting(value) {
  if (value === void 0) return void 0;
  return typeof value === "object" ? value.join("\n") : String(value);
}
function rank(value) {
  if (value === "none") return SEVERITIES.length;
  return isSeverity(value) ? SEVERITIES.length - 1 - SEVERITIES.indexOf(value) : -1;
}
function verb(key, was, now) {
  if (!["fail-on", "severity-threshold", "remediate-severity"].includes(key)) return "changes";
  return rank(now) > rank(was) ? "raises" : "lowers";
}
function gateEffect(key, was, now) {
  if (key !== "fail-on") return "";
  if (now === "none") return " (no finding fails the gate)";
  if (was === void 0) return "";
  return rank(now) > rank(was) ? " (fewer findings fail the gate)" : " (more findings fail the gate)";
}
function shown(value) {
  return value.includes("\n") ? value.split("\n").join(", ") : value;
}
function globChanges(key, before, after) {
  const added = after.filter((glob) => !before.includes(glob));
  const removed = before.filter((glob) => !after.includes(glob));
  if (added.length === 0 && removed.length === 0) return [];
  const parts = [
    added.length > 0 ? `adds ${added.join(", ")}` : "",
    removed.length > 0 ? `removes ${removed.join(", ")}` : ""
  ].filter((part) => part !== "");
  return [`changes ${key}: ${parts.join("; ")}`];
}
function identity(suppression) {
  const { fingerprint, cwe, title, paths, reason, expires } = suppression;
  return JSON.stringify([fingerprint, cwe, title?.toLowerCase(), [...paths].sort(), reason, expires]);
}
function suppressionChanges(before, after) {
  const beforeIds = new Set(before.map(identity));
  const afterIds = new Set(after.map(identity));
  const added = after.filter((entry) => !beforeIds.has(identity(entry)));
  const removed = before.filter((entry) => !afterIds.has(identity(entry)));
  const sentences = [];
  if (added.length > 0) sentences.push(`adds ${count(added.length)}: ${added.map(named).join("; ")}`);
  if (removed.length > 0)
    sentences.push(`removes ${count(removed.length)}: ${removed.map(named).join("; ")}`);
  return sentences;
}
function count(n) {
  return `${n} ${n === 1 ? "suppression" : "suppressions"}`;
}
function named(suppression) {
  const expiry = suppression.expires ? `, until ${suppression.expires}` : "";
  return `${suppressionLabel(suppression)} because "${suppression.reason}"${expiry}`;
}

export {
  pathScope,
  expiringSuppressionNotice,
  expiredSuppressionWarning,
  suppressionState,
  suppressionLabel,
  describeSuppression,
  SuppressionMatcher,
  findingKey,
  describePolicyChange
};
//# sourceMappingURL=chunk-JSZHEYXG.js.map
