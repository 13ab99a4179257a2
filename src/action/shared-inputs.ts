import {
  choiceInput,
  optionalTextInput,
  schemaOf,
  textOf,
  type InputDescriptor,
  type InputTable,
  type ParsedInputs,
} from '../run/input-descriptor.ts';
import { LIMITS, type RunOrigin, type Settings } from '../run/settings.ts';

export const ANNOTATIONS_MODES = ['check-run', 'workflow-commands', 'none'] as const;
export type AnnotationsMode = (typeof ANNOTATIONS_MODES)[number];

/** The check run's name: GitHub shows it on the pull request, where a line break or an invisible character would garble it. */
const checkNameInput: InputDescriptor<string> = {
  name: 'check-name',
  default: 'svc-scan',
  description:
    'Name of the check run; matrix jobs scanning several repositories set their own. Also keys the pull request comment. Default: svc-scan.',
  parse: (value, problems) => {
    const name = textOf(value);
    if (name.length > LIMITS.checkNameLength.max || /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name))
      problems.invalid(
        name,
        `1 to ${LIMITS.checkNameLength.max} characters on one line, no control characters`,
      );
    return name;
  },
};

/**
 * The action's inputs that more than one reporter reads (the token for GitHub, the check's name that also keys
 * the comment, where the annotations go). A reporter's own inputs live in its descriptor.
 */
export const SHARED_INPUTS = {
  githubToken: optionalTextInput({
    name: 'github-token',
    default: '',
    description:
      'Token for the GitHub API: the check run (checks: write) and the pull request comment (pull-requests: write). Masked; never sent to the service.',
  }),
  checkName: checkNameInput,
  annotations: choiceInput(
    {
      name: 'annotations',
      default: 'check-run',
      description:
        'Where findings are annotated on their lines: check-run (up to max-annotations, through the check run), workflow-commands (GitHub shows 10 of each level), or none. Default: check-run.',
      schema: schemaOf.oneOf('Where findings are annotated.', ANNOTATIONS_MODES),
    },
    ANNOTATIONS_MODES,
  ),
} satisfies InputTable<RunOrigin>;

/** The run's settings and the action's shared inputs: what every reporter may read. */
export type SharedSettings = Settings & ParsedInputs<typeof SHARED_INPUTS>;
