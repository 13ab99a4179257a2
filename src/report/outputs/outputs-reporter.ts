import { remediationPrsOutput } from '../../domain/remediation.ts';
import type { RunReport } from '../../domain/run-report.ts';
import { SEVERITIES } from '../../domain/severity.ts';
import type { RunnerToolkit } from '../../github/toolkit.ts';
import { FIX_SUGGESTIONS_DELIVERED } from '../fix-suggestions-delivery.ts';
import { describeReporter, type ReportContext, type Reporter } from '../reporter.ts';

/**
 * The step's outputs, set together at the end whatever happened before: `result` is `passed` only when the gate
 * passed on the scan the action started (fail closed). Runs last, and always.
 */
export const outputsReporter: Reporter = {
  name: 'outputs',
  finish(report: Readonly<RunReport>, { toolkit, delivery }: ReportContext): Promise<undefined> {
    toolkit.setOutput('result', resultOutput(report));
    if (report.scan) toolkit.setOutput('scan-id', report.scan.id);
    if (report.scanStatus) toolkit.setOutput('scan-status', report.scanStatus);
    // Outputs never set read as empty in a workflow: these are set only when there is something to say.
    for (const [name, value] of Object.entries(delivery.outputs)) if (value) toolkit.setOutput(name, value);
    const results = report.results;
    if (results === undefined) return Promise.resolve(undefined);
    const { counts } = results;
    toolkit.setOutput('risk-score', results.riskScore === null ? '' : String(results.riskScore));
    toolkit.setOutput('total-findings', String(SEVERITIES.reduce((sum, s) => sum + counts[s], 0)));
    for (const severity of SEVERITIES) toolkit.setOutput(`findings-${severity}`, String(counts[severity]));
    toolkit.setOutput('failing-findings', String(results.verdict.failingFindings));
    toolkit.setOutput('remediation-prs', remediationPrsOutput(results.remediations));
    toolkit.setOutput('suggestions-posted', String(delivery.of(FIX_SUGGESTIONS_DELIVERED).posted));
    toolkit.setOutput('suppressed-findings', String(report.policy?.suppressedCount ?? 0));
    toolkit.setOutput('out-of-scope-findings', String(report.policy?.outOfScopeCount ?? 0));
    // Empty (never set) when the gate judged all findings or no baseline was had.
    const comparison = results.comparison;
    if (comparison) {
      toolkit.setOutput('new-findings', String(comparison.counts.new));
      toolkit.setOutput('new-failing-findings', String(comparison.counts.newFailing));
      toolkit.setOutput('fixed-findings', String(comparison.counts.fixed));
      toolkit.setOutput('existing-findings', String(comparison.counts.existing));
      toolkit.setOutput('baseline-scan-id', comparison.baselineScanId);
    }
    setInsightOutputs(report, toolkit);
    return Promise.resolve(undefined);
  },
};

/** The outputs of the run itself; a reporter's own outputs (check-run-id, …) are declared by its descriptor. */
export const outputsDescriptor = describeReporter({
  name: 'outputs',
  stage: 'outputs',
  inputs: {},
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
  needs: [],
  create: () => outputsReporter,
});

/** passed only when the gate passed; skipped when no file in scope changed; failed for everything else. */
function resultOutput(report: Readonly<RunReport>): 'passed' | 'failed' | 'skipped' {
  if (report.outcome === 'passed' || report.outcome === 'skipped') return report.outcome;
  return 'failed';
}

/**
 * The AI analysis's risk score and confidence as the service gave them, only when it completed; the compliance
 * overall score when frameworks were read. Otherwise they stay unset, which a workflow reads as empty.
 */
function setInsightOutputs(report: Readonly<RunReport>, toolkit: RunnerToolkit): void {
  const { ai, compliance } = report.insights ?? {};
  if (ai?.outcome === 'succeeded') {
    if (ai.riskScore !== null) toolkit.setOutput('ai-risk-score', String(ai.riskScore));
    if (ai.overallConfidence !== null) toolkit.setOutput('ai-confidence', String(ai.overallConfidence));
  }
  if (compliance?.overallScore !== undefined)
    toolkit.setOutput('compliance-score', String(compliance.overallScore));
}
