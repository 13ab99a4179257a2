import type { FeaturePermissions } from '../github/token-permissions.ts';
import { FIX_SUGGESTIONS_DELIVERED } from '../report/fix-suggestions-delivery.ts';
import { describeFeature } from '../report/reporter.ts';
import { booleanInput, numberInput, rangeText, schemaOf } from '../run/input-descriptor.ts';
import { LIMITS } from '../run/settings.ts';

/** Fixes as suggested changes, on the pull request this run judges. */
export const FIX_SUGGESTIONS_PERMISSIONS: FeaturePermissions = {
  feature: 'fix suggestions',
  needs: [{ scope: 'pull-requests', access: 'write' }],
};

/** The fixes of the findings the gate fails on, as suggested changes on the pull request's lines. */
export const FIX_SUGGESTIONS_MANIFEST = describeFeature({
  name: 'fix suggestions',
  stage: 'sink',
  faces: ['one-scan'],
  inputs: {
    suggestFixes: booleanInput({
      name: 'suggest-fixes',
      default: 'true',
      description:
        "Post the fixes of the findings the gate fails on as suggested changes on the pull request's lines, in one review (true or false). Needs pull-requests: write.",
      schema: schemaOf.boolean('Post fixes as suggested changes on the pull request.'),
    }),
    maxSuggestions: numberInput(
      {
        name: 'max-suggestions',
        default: '20',
        description: `Most suggestions posted in one run, and most finding details read for fixes (${rangeText(LIMITS.maxSuggestions)}).`,
        schema: schemaOf.number('Most suggestions posted in one run.', LIMITS.maxSuggestions, true),
      },
      LIMITS.maxSuggestions,
      true,
    ),
  },
  settle: undefined,
  outputs: {},
  permissions: [FIX_SUGGESTIONS_PERMISSIONS],
  deliveryKeys: [FIX_SUGGESTIONS_DELIVERED],
  needs: ['github', 'pull-request', 'fixes of failing findings'],
  beforeVerdict: undefined,
  reporter: () => import('./fix-suggestions-reporter.ts').then((module) => module.fixSuggestionsFactory),
});
