import { ANNOTATION_LIMITS, planAnnotations } from '../../core/annotations.ts';
import type { RunReport } from '../../core/run-report.ts';
import type { ReportContext, Reporter } from './reporter.ts';

/**
 * Workflow-command annotations (`::error file=…::`): GitHub shows 10 of each level from a step and drops the
 * rest silently, so the action emits that many, most severe first, and says how many were not annotated. The
 * fallback when the token may not create check runs, and the choice of `annotations: workflow-commands`.
 */
export const workflowAnnotationsReporter: Reporter = {
  name: 'workflow-command annotations',
  needs: { rows: 0, perSeverity: ANNOTATION_LIMITS.perLevelPerStep.warning },
  finish(report: Readonly<RunReport>, { toolkit, delivery }: ReportContext): Promise<void> {
    const results = report.results;
    if (results === undefined) return Promise.resolve();
    const plan = planAnnotations(results.findings, results.reportedTotal, {
      warningsUsed: report.notes.length,
    });
    for (const annotation of plan.annotations) {
      toolkit[annotation.level](annotation.message, {
        title: annotation.title,
        ...(annotation.file === undefined ? {} : { file: annotation.file }),
        ...(annotation.startLine === undefined ? {} : { startLine: annotation.startLine }),
      });
    }
    delivery.annotations = {
      sink: 'workflow commands',
      shown: plan.annotations.length,
      notShown: plan.notShown,
    };
    if (plan.notShown > 0) {
      toolkit.info(
        `${plan.notShown} reported findings are not shown as annotations: GitHub shows at most 10 annotations ` +
          'of each level from a step. The job summary lists them.',
      );
    }
    return Promise.resolve();
  },
};
