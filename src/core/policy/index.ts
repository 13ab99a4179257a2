export { PolicyError, type Policy, type Suppression } from './policy.ts';
export { describePolicyChange } from './policy-change.ts';
export { pathScope, globMatcher, repositoryPathOf, type PathMatcher } from './path-scope.ts';
export { EXPIRY_NOTICE_DAYS, expiredSuppressionWarning } from './suppression-notices.ts';
export {
  describeSuppression,
  suppressionLabel,
  suppressionState,
  type SuppressionState,
} from './suppression.ts';
export { policyFilter } from './policy-filter.ts';
