import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/policy/suppression-notices.ts
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

export {
  EXPIRY_NOTICE_DAYS,
  expiringSuppressionNotice,
  expiredSuppressionWarning
};
//# sourceMappingURL=chunk-MDKAJOYT.js.map
