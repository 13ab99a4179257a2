import type { RunReport } from '../../core/run-report.ts';
import { SUMMARY_MAX_FINDINGS, renderFailureSummary, renderScanSummary } from '../../core/summary.ts';
import { renderSkippedSummary } from '../../core/policy-summary.ts';
import { describeReporter, type ReportContext, type Reporter } from './reporter.ts';

/**
 * The job summary: the verdict and why, the counts, the modules, the findings (linked to their lines in the
 * workflow's own repository), where they were annotated, the remediations. A run without a verdict gets a
 * failure summary. GitHub refuses a summary over 1 MiB; the findings stop well before (see core/summary.ts).
 */
export const jobSummaryReporter: Reporter = {
  name: 'job summary',
  needs: { rows: SUMMARY_MAX_FINDINGS, perSeverity: 0 },
  async finish(report: Readonly<RunReport>, context: ReportContext): Promise<undefined> {
    const { log, toolkit, delivery } = context;
    const results = report.results;
    const markdown =
      report.outcome === 'skipped'
        ? renderSkippedSummary(report.reason, report.policy)
        : results === undefined || report.scan === undefined
          ? renderFailureSummary({ message: report.reason, scan: report.scan })
          : renderScanSummary({
              ...results,
              scan: report.scan,
              annotationsShown: delivery.annotations.shown,
              annotationsNotShown: delivery.annotations.notShown,
              annotations: {
                sink: delivery.annotations.sink,
                checkRun: delivery.checkRun
                  ? { name: context.settings?.checkName ?? 'check run', url: delivery.checkRun.url }
                  : undefined,
              },
              links: context.links,
              foldedFixes: delivery.foldedFixes,
              suggestionsPosted: delivery.suggestionsPosted,
              notes: [...report.notes, ...delivery.notes],
              insights: report.insights,
              sarifFile: delivery.sarifFile,
              policy: report.policy,
            });
    await toolkit.appendSummary(markdown).catch((error: unknown) => {
      // GitHub's own failure to take a summary must not become the step's.
      log.warning(`Could not write the job summary: ${String(error)}`);
    });
    return undefined;
  },
};

export const jobSummaryDescriptor = describeReporter({
  name: 'job summary',
  stage: 'view',
  inputs: {},
  outputs: {},
  needs: ['findings shown'],
  create: () => jobSummaryReporter,
});
