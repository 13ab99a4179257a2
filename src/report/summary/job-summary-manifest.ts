import { describeFeature } from '../reporter.ts';

/** The job summary, rendered from what the sinks delivered. */
export const JOB_SUMMARY_MANIFEST = describeFeature({
  name: 'job summary',
  stage: 'view',
  faces: ['one-scan'],
  inputs: {},
  settle: undefined,
  outputs: {},
  permissions: [],
  deliveryKeys: [],
  needs: ['findings shown'],
  beforeVerdict: undefined,
  reporter: () => import('./job-summary-reporter.ts').then((module) => module.jobSummaryFactory),
});
