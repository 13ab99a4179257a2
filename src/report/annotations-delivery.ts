import { deliveryKey } from './reporter.ts';

/** Where the annotations went, so the summary and the comment can say it. */
export type AnnotationSink = 'check run' | 'workflow commands' | 'none';

/**
 * The annotations made, by the workflow-command reporter or the check run (which also says which sink took them)
 * (src/report/annotations/, src/report/check-run/).
 */
export const ANNOTATIONS_DELIVERED = deliveryKey<{ sink: AnnotationSink; shown: number; notShown: number }>(
  'annotations',
  { sink: 'none', shown: 0, notShown: 0 },
);
