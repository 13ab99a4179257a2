import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  isAtOrAbove
} from "./chunk-QTPT64TT.js";

// src/domain/remediation.ts
function selectRemediationTargets(findings, floor, max) {
  return findings.filter((finding) => finding.id !== "" && isAtOrAbove(finding.severity, floor)).slice(0, max);
}
function remediationPrsOutput(outcomes) {
  return JSON.stringify(
    outcomes.map((outcome) => ({
      finding_id: outcome.findingId,
      pr_url: outcome.prUrl,
      branch: outcome.branch
    }))
  );
}

export {
  selectRemediationTargets,
  remediationPrsOutput
};
//# sourceMappingURL=chunk-JZ7SIFTV.js.map
