import type { FeaturePermissions } from '../../github/token-permissions.ts';
import { numberInput, rangeText, schemaOf } from '../../run/input-descriptor.ts';
import { LIMITS } from '../../run/settings.ts';
import { ANNOTATIONS_DELIVERED } from '../annotations-delivery.ts';
import { CHECK_RUN_DELIVERED } from '../check-run-delivery.ts';
import { describeFeature } from '../reporter.ts';

/** The check run and its annotations, when `annotations: check-run`. */
export const CHECK_RUN_PERMISSIONS: FeaturePermissions = {
  feature: 'the check run and its annotations',
  needs: [{ scope: 'checks', access: 'write' }],
};

/**
 * The check run, when `annotations: check-run`: without a token or the workflow's repository and commit, the
 * annotations go through workflow commands instead, said once.
 */
export const CHECK_RUN_MANIFEST = describeFeature({
  name: 'check run',
  stage: 'sink',
  faces: ['one-scan'],
  inputs: {
    maxAnnotations: numberInput(
      {
        name: 'max-annotations',
        default: '1000',
        description: `Most findings annotated through the check run, most severe first (${rangeText(LIMITS.maxAnnotations)}).`,
        schema: schemaOf.number(
          'Most findings annotated through the check run.',
          LIMITS.maxAnnotations,
          true,
        ),
      },
      LIMITS.maxAnnotations,
      true,
    ),
  },
  settle: undefined,
  outputs: {
    'check-run-id': 'Id of the check run created (empty when none).',
    'check-run-url': 'Address of the check run created (empty when none).',
  },
  permissions: [CHECK_RUN_PERMISSIONS],
  deliveryKeys: [CHECK_RUN_DELIVERED, ANNOTATIONS_DELIVERED],
  needs: ['github', 'findings shown'],
  beforeVerdict: undefined,
  reporter: () => import('./check-run-reporter.ts').then((module) => module.checkRunFactory),
});
