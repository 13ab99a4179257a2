import { remediationPrsOutput } from '../../core/remediation.ts';
import type { RunReport } from '../../core/run-report.ts';
import { SEVERITIES } from '../../core/severity.ts';
import type { ReportContext, Reporter } from './reporter.ts';

/**
 * The step's outputs, set together at the end whatever happened before: `result` is `passed` only when the gate
 * passed on the scan the action started (fail closed). Runs last, and always.
 */
export const outputsReporter: Reporter = {
  name: 'outputs',
  finish(report: Readonly<RunReport>, { toolkit, delivery }: ReportContext): Promise<void> {
    toolkit.setOutput('result', report.outcome === 'passed' ? 'passed' : 'failed');
    if (report.scan) toolkit.setOutput('scan-id', report.scan.id);
    if (report.scanStatus) toolkit.setOutput('scan-status', report.scanStatus);
    // Outputs never set read as empty in a workflow: these are set only when there is something to say.
    if (delivery.checkRun) {
      toolkit.setOutput('check-run-id', String(delivery.checkRun.id));
      toolkit.setOutput('check-run-url', delivery.checkRun.url);
    }
    if (delivery.commentUrl) toolkit.setOutput('comment-url', delivery.commentUrl);
    if (delivery.sarifFile) toolkit.setOutput('sarif-file', delivery.sarifFile.path);
    const results = report.results;
    if (results === undefined) return Promise.resolve();
    const { counts } = results;
    toolkit.setOutput('risk-score', results.riskScore === null ? '' : String(results.riskScore));
    toolkit.setOutput('total-findings', String(SEVERITIES.reduce((sum, s) => sum + counts[s], 0)));
    for (const severity of SEVERITIES) toolkit.setOutput(`findings-${severity}`, String(counts[severity]));
    toolkit.setOutput('failing-findings', String(results.verdict.failingFindings));
    toolkit.setOutput('remediation-prs', remediationPrsOutput(results.remediations));
    return Promise.resolve();
  },
};
