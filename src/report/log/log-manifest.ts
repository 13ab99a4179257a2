import { describeFeature } from '../reporter.ts';

/** The log: the counts, the verdict, each note as a warning. */
export const LOG_MANIFEST = describeFeature({
  name: 'log',
  stage: 'sink',
  faces: ['one-scan'],
  inputs: {},
  settle: undefined,
  outputs: {},
  permissions: [],
  deliveryKeys: [],
  needs: [],
  beforeVerdict: undefined,
  reporter: () => import('./log-reporter.ts').then((module) => module.logFactory),
});
