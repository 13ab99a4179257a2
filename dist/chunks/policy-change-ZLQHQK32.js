import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  suppressionLabel
} from "./chunk-AW5ZZLB7.js";
import "./chunk-MDKAJOYT.js";
import "./chunk-CIRYOFMV.js";
import "./chunk-HN7FLA5P.js";
import "./chunk-XDHJISCG.js";
import "./chunk-2MCR5RCG.js";
import {
  SEVERITIES,
  isSeverity
} from "./chunk-QTPT64TT.js";
import "./chunk-RIUXWCXC.js";

// src/policy/policy-change.ts
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
  describePolicyChange
};
//# sourceMappingURL=policy-change-ZLQHQK32.js.map
