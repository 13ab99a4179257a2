import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/domain/insights.ts
var AI_RUNS_KEPT = 100;
var LIST_KEPT = 200;
var PASSED_STATUSES = ["passed", "pass", "compliant", "ok"];
var NOT_APPLICABLE_STATUSES = ["not_applicable", "not-applicable", "n/a", "na", "skipped"];
function didNotPass(status) {
  const normalized = status.trim().toLowerCase();
  return !PASSED_STATUSES.includes(normalized) && !NOT_APPLICABLE_STATUSES.includes(normalized);
}
function isPassedStatus(status) {
  return PASSED_STATUSES.includes(status.trim().toLowerCase());
}
function creditsRunShort(credits) {
  return credits?.used !== void 0 && credits.used > 0 && credits.remaining < credits.used;
}
function creditsNotice(credits) {
  if (!creditsRunShort(credits) || credits?.used === void 0) return void 0;
  return `${credits.remaining} service credits remain, fewer than the ${credits.used} this run used: another run like this one may not be paid for. Add credits to the plan, or scan fewer modules.`;
}

export {
  AI_RUNS_KEPT,
  LIST_KEPT,
  didNotPass,
  isPassedStatus,
  creditsRunShort,
  creditsNotice
};
//# sourceMappingURL=chunk-YNNDKLNH.js.map
