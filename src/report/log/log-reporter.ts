import { creditsNotice } from '../../domain/insights.ts';
import { withNotCounted } from '../../text/not-counted.ts';
import { expiringSuppressionNotice } from '../../policy/suppression-notices.ts';
import type { RunReport } from '../../domain/run-report.ts';
import { SEVERITIES } from '../../domain/severity.ts';
import type { ReportContext, Reporter, ReporterFactory } from '../reporter.ts';

/**
 * The log: the counts and the verdict as two lines, each note as a warning, and a notice when the credits left
 * would not pay for another run like this one. A run that ended without a verdict says why through the step's
 * failure message instead.
 */
const logReporter: Reporter = {
  name: 'log',
  finish(report: Readonly<RunReport>, { log, toolkit }: ReportContext): Promise<undefined> {
    for (const note of report.notes) log.warning(note);
    for (const entry of report.policy?.expiringSoon ?? [])
      toolkit.annotate('notice', expiringSuppressionNotice(entry));
    const unused = report.policy?.unused ?? [];
    if (unused.length > 0) log.info(`Unused suppressions (they matched no finding): ${unused.join(' | ')}`);
    const notice = creditsNotice(report.insights?.credits);
    if (notice) toolkit.annotate('notice', notice);
    const results = report.results;
    if (results === undefined) return Promise.resolve(undefined);
    const breakdown = SEVERITIES.map((severity) => `${results.counts[severity]} ${severity}`).join(', ');
    const findings = withNotCounted(breakdown, report.policy);
    log.info(`Findings: ${findings}. Risk score: ${results.riskScore ?? 'n/a'}.`);
    log.info(`Gate ${results.verdict.passed ? 'passed' : 'failed'}: ${results.verdict.reason}`);
    return Promise.resolve(undefined);
  },
};

export const logFactory: ReporterFactory<Record<string, never>> = { create: () => logReporter };
