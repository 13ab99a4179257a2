export { type Policy, type Suppression } from '../domain/policy.ts';
export { pathScope } from './path-scope.ts';
export { expiredSuppressionWarning } from './suppression-notices.ts';
export { describeSuppression, suppressionState } from './suppression.ts';
export { policyFilter } from './policy-filter.ts';
