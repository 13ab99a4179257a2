import type { FeaturePermissions } from '../../github/token-permissions.ts';
import { choiceInput, schemaOf } from '../../run/input-descriptor.ts';
import { describeFeature } from '../reporter.ts';

/** The sticky comment's modes (`pr-comment`). */
const PR_COMMENT_MODES = ['always', 'on-failure', 'never'] as const;
export type PrCommentMode = (typeof PR_COMMENT_MODES)[number];

/** The sticky comment on the pull request the workflow runs for (keyed by check-name). */
export const PR_COMMENT_PERMISSIONS: FeaturePermissions = {
  feature: 'the pull request comment',
  needs: [{ scope: 'pull-requests', access: 'write' }],
};

/** The pull request comment, rendered from what the sinks delivered. */
export const PR_COMMENT_MANIFEST = describeFeature({
  name: 'pull request comment',
  stage: 'view',
  faces: ['one-scan'],
  inputs: {
    prComment: choiceInput(
      {
        name: 'pr-comment',
        default: 'on-failure',
        description:
          'The sticky pull request comment: always, on-failure (created when the gate fails, then kept up to date), or never.',
        schema: schemaOf.oneOf('The sticky pull request comment.', PR_COMMENT_MODES),
      },
      PR_COMMENT_MODES,
    ),
  },
  settle: undefined,
  outputs: { 'comment-url': 'Address of the pull request comment created or updated (empty when none).' },
  permissions: [PR_COMMENT_PERMISSIONS],
  deliveryKeys: [],
  needs: ['github', 'pull-request', 'findings shown'],
  beforeVerdict: undefined,
  reporter: () => import('./pr-comment-reporter.ts').then((module) => module.prCommentFactory),
});
