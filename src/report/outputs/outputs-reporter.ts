import { remediationPrsOutput } from '../../domain/remediation.ts';
import type { RunReport } from '../../domain/run-report.ts';
import { SEVERITIES } from '../../domain/severity.ts';
import type { RunnerToolkit } from '../../github/toolkit.ts';
import { FIX_SUGGESTIONS_DELIVERED } from '../fix-suggestions-delivery.ts';
import type { ReportContext, Reporter, ReporterFactory } from '../reporter.ts';

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

export const outputsFactory: ReporterFactory<Record<string, never>> = { create: () => outputsReporter };

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
