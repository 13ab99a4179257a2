/** Names of the state values the main step leaves for the post step. */
export const STATE = {
  /** Set by the main step: the same bundle then runs as the post step. */
  isPost: 'isPost',
  scanId: 'scan-id',
  /** The scan reached a terminal state (or was cancelled) while the main step watched it. */
  scanSettled: 'scan-settled',
  /** A baseline scan the action started to compare a pull request with, and whether it settled. */
  baselineScanId: 'baseline-scan-id',
  baselineSettled: 'baseline-settled',
} as const;
