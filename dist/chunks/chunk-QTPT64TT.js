import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/client/severity.ts
var SEVERITIES = ["critical", "high", "medium", "low", "info"];
function severityRank(severity) {
  return SEVERITIES.indexOf(severity);
}
function isSeverity(value) {
  return SEVERITIES.includes(value);
}
function isAtOrAbove(severity, floor) {
  return severityRank(severity) <= severityRank(floor);
}
function severitiesAtOrAbove(floor) {
  return SEVERITIES.slice(0, severityRank(floor) + 1);
}
function lowerOf(a, b) {
  return severityRank(a) >= severityRank(b) ? a : b;
}
function zeroCounts() {
  return { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
}

export {
  SEVERITIES,
  severityRank,
  isSeverity,
  isAtOrAbove,
  severitiesAtOrAbove,
  lowerOf,
  zeroCounts
};
//# sourceMappingURL=chunk-QTPT64TT.js.map
