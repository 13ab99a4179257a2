import { describeFeature } from '../reporter.ts';

/** The step's outputs: the run's own here, a feature's (check-run-id, …) in its manifest. */
export const OUTPUTS_MANIFEST = describeFeature({
  name: 'outputs',
  stage: 'outputs',
  faces: ['one-scan'],
  inputs: {},
  settle: undefined,
  outputs: {
    'scan-id': 'Id of the scan on the service.',
    'scan-status':
      'Final status of the scan (completed, failed, cancelled, or timed-out); the last status seen when the run failed mid-scan.',
    'risk-score': 'Risk score from the scan report.',
    'total-findings':
      'Number of findings of the scan, not counting those the policy suppressed or left out of scope (suppressed-findings, out-of-scope-findings).',
    'findings-critical': 'Number of critical findings.',
    'findings-high': 'Number of high findings.',
    'findings-medium': 'Number of medium findings.',
    'findings-low': 'Number of low findings.',
    'findings-info': 'Number of info findings.',
    'failing-findings': 'Number of findings at or above fail-on.',
    result:
      'passed, failed, or skipped (a pull request or merge group that changes no file in paths: no scan was started).',
    'suppressed-findings':
      'Findings that matched a suppression of the policy file in force (not gated; shown with their reasons).',
    'out-of-scope-findings': 'Findings outside paths or inside paths-ignore (neither reported nor gated).',
    'remediation-prs': 'JSON array of {finding_id, pr_url, branch} for the remediation jobs started.',
    'new-findings':
      'Findings the pull request introduces, against the baseline (empty when the gate is all or no baseline was had).',
    'new-failing-findings':
      'New findings at or above fail-on: what the gate decides on under gate new (empty when no baseline).',
    'fixed-findings': 'Baseline findings the pull request fixes (empty when no baseline).',
    'existing-findings': 'Findings that were already in the baseline (empty when no baseline).',
    'baseline-scan-id': 'The scan compared against (empty when none).',
    'suggestions-posted': 'How many fix suggestions this run posted (0 when none: off, a fork, nothing new).',
    'ai-risk-score':
      'Risk score of the AI analysis, as the service gives it (empty unless the analysis completed).',
    'ai-confidence':
      'Overall confidence of the AI analysis, as the service gives it (empty unless the analysis completed).',
    'compliance-score': 'Overall compliance score of the frameworks (empty when no frameworks).',
  },
  permissions: [],
  deliveryKeys: [],
  needs: [],
  beforeVerdict: undefined,
  reporter: () => import('./outputs-reporter.ts').then((module) => module.outputsFactory),
});
