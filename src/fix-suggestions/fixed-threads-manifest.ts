import { describeFeature } from '../report/reporter.ts';

/**
 * Fixed findings' threads: a reply on a thread needs the workflow's token to write to pull requests; resolving one
 * needs another token: GitHub refuses it to GITHUB_TOKEN whatever its permissions.
 */
export const FIXED_THREADS_MANIFEST = describeFeature({
  name: 'fixed findings threads',
  stage: 'sink',
  faces: ['one-scan'],
  inputs: {},
  settle: undefined,
  outputs: {},
  permissions: [
    { feature: 'replies on threads', needs: [{ scope: 'pull-requests', access: 'write' }] },
    {
      feature: "resolving fixed findings' threads",
      needs: [],
      besides: [
        "a GitHub App token (Contents and Pull requests write) or a person's token: never `GITHUB_TOKEN`",
      ],
    },
  ],
  deliveryKeys: [],
  needs: ['github', 'pull-request', 'every finding at or above the floor'],
  beforeVerdict: undefined,
  reporter: () => import('./fixed-threads-reporter.ts').then((module) => module.fixedThreadsFactory),
});
