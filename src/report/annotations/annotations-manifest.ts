import { ANNOTATIONS_DELIVERED } from '../annotations-delivery.ts';
import { describeFeature } from '../reporter.ts';

/** Workflow-command annotations (`annotations: workflow-commands`, and the check run's fallback). */
export const ANNOTATIONS_MANIFEST = describeFeature({
  name: 'workflow-command annotations',
  stage: 'sink',
  faces: ['one-scan'],
  inputs: {},
  settle: undefined,
  outputs: {},
  permissions: [],
  deliveryKeys: [ANNOTATIONS_DELIVERED],
  needs: ['findings shown'],
  beforeVerdict: undefined,
  reporter: () =>
    import('./workflow-annotations-reporter.ts').then((module) => module.workflowAnnotationsFactory),
});
