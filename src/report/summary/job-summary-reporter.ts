import type { RunReport } from '../../domain/run-report.ts';
import { SUMMARY_MAX_FINDINGS, renderFailureSummary, renderScanSummary } from './summary.ts';
import { renderSkippedSummary } from '../policy-summary.ts';
import { CHECK_RUN_DELIVERED } from '../check-run-delivery.ts';
import { FIX_SUGGESTIONS_DELIVERED } from '../fix-suggestions-delivery.ts';
import type { ReportContext, Reporter, ReporterFactory } from '../reporter.ts';
import { SARIF_FILE_DELIVERED } from '../sarif-file-delivery.ts';
import { ANNOTATIONS_DELIVERED } from '../annotations-delivery.ts';

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
    const annotations = delivery.of(ANNOTATIONS_DELIVERED);
    const checkRun = delivery.of(CHECK_RUN_DELIVERED);
    const suggestions = delivery.of(FIX_SUGGESTIONS_DELIVERED);
    const markdown =
      report.outcome === 'skipped'
        ? renderSkippedSummary(report.reason, report.policy)
        : results === undefined || report.scan === undefined
          ? renderFailureSummary({ message: report.reason, scan: report.scan })
          : renderScanSummary({
              ...results,
              scan: report.scan,
              annotationsShown: annotations.shown,
              annotationsNotShown: annotations.notShown,
              annotations: {
                sink: annotations.sink,
                checkRun: checkRun
                  ? { name: context.settings?.checkName ?? 'check run', url: checkRun.url }
                  : undefined,
              },
              links: context.links,
              foldedFixes: suggestions.folded,
              suggestionsPosted: suggestions.posted,
              notes: [...report.notes, ...delivery.notes],
              insights: report.insights,
              sarifFile: delivery.of(SARIF_FILE_DELIVERED),
              policy: report.policy,
            });
    await toolkit.appendSummary(markdown).catch((error: unknown) => {
      // GitHub's own failure to take a summary must not become the step's.
      log.warning(`Could not write the job summary: ${String(error)}`);
    });
    return undefined;
  },
};

export const jobSummaryFactory: ReporterFactory<Record<string, never>> = { create: () => jobSummaryReporter };
