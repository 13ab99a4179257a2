/** The operations of GitHub's REST API that the emulator serves, by their `operationId` in GitHub's description. */
export const SERVED_OPERATION_IDS = [
  'checks/create',
  'checks/update',
  'checks/get',
  'checks/list-annotations',
  'issues/list-comments',
  'issues/create-comment',
  'issues/update-comment',
  'pulls/list-files',
  'pulls/create-review',
  'pulls/list-review-comments',
  'repos/compare-commits-with-basehead',
  'repos/get-content',
  'repos/get',
  'code-scanning/upload-sarif',
  'code-scanning/get-sarif',
  'code-scanning/list-alerts-for-repo',
  'code-scanning/get-alert',
  'code-scanning/update-alert',
] as const;

export type OperationId = (typeof SERVED_OPERATION_IDS)[number];
