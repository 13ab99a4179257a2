import { ANNOTATION_LIMITS, planAnnotations } from './annotations.ts';
import type { RunReport } from '../../domain/run-report.ts';
import {
  delivered,
  type DeliveryPart,
  type ReportContext,
  type Reporter,
  type ReporterFactory,
} from '../reporter.ts';
import { ANNOTATIONS_DELIVERED } from '../annotations-delivery.ts';

/**
 * Workflow-command annotations (`::error file=…::`): GitHub shows 10 of each level from a step and drops the
 * rest silently, so the action emits that many, most severe first, and says how many were not annotated. The
 * fallback when the token may not create check runs, and the choice of `annotations: workflow-commands`.
 */
export const workflowAnnotationsReporter: Reporter = {
  name: 'workflow-command annotations',
  needs: { rows: 0, perSeverity: ANNOTATION_LIMITS.perLevelPerStep.warning },
  finish(report: Readonly<RunReport>, { log, toolkit }: ReportContext): Promise<DeliveryPart | undefined> {
    const results = report.results;
    if (results === undefined) return Promise.resolve(undefined);
    const plan = planAnnotations(results.findings, results.reportedTotal, {
      warningsUsed: report.notes.length,
    });
    for (const annotation of plan.annotations) {
      toolkit.annotate(annotation.level, annotation.message, {
        title: annotation.title,
        ...(annotation.file === undefined ? {} : { file: annotation.file }),
        ...(annotation.startLine === undefined ? {} : { startLine: annotation.startLine }),
      });
    }
    if (plan.notShown > 0) {
      log.info(
        `${plan.notShown} reported findings are not shown as annotations: GitHub shows at most 10 annotations ` +
          'of each level from a step. The job summary lists them.',
      );
    }
    return Promise.resolve({
      delivered: [
        delivered(ANNOTATIONS_DELIVERED, {
          sink: 'workflow commands',
          shown: plan.annotations.length,
          notShown: plan.notShown,
        }),
      ],
    });
  },
};

/** `annotations: workflow-commands` (the check run's factory also falls back to these). */
/** Its reporter, when `annotations: workflow-commands` (the check run falls back to it on its own). */
export const workflowAnnotationsFactory: ReporterFactory<Record<string, never>> = {
  create: (_own, run) =>
    run.settings.annotations === 'workflow-commands' ? workflowAnnotationsReporter : undefined,
};
