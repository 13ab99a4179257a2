import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);

// src/action/state.ts
var STATE = {
  /** Set by the main step: the same bundle then runs as the post step. */
  isPost: "isPost",
  scanId: "scan-id",
  /** The scan reached a terminal state (or was cancelled) while the main step watched it. */
  scanSettled: "scan-settled",
  /** A baseline scan the action started to compare a pull request with, and whether it settled. */
  baselineScanId: "baseline-scan-id",
  baselineSettled: "baseline-settled"
};
function savedScanRecord(toolkit) {
  return {
    scanId: (id) => {
      toolkit.saveState(STATE.scanId, id);
      toolkit.setOutput("scan-id", id);
    },
    scanSettled: () => {
      toolkit.saveState(STATE.scanSettled, "true");
    },
    baselineScanId: (id) => {
      toolkit.saveState(STATE.baselineScanId, id);
    },
    baselineSettled: () => {
      toolkit.saveState(STATE.baselineSettled, "true");
    }
  };
}

export {
  STATE,
  savedScanRecord
};
//# sourceMappingURL=chunk-FFWQE3NT.js.map
