import { defaultSarifCategory, sarifCategoryProblem } from '../sarif/sarif-category.ts';
import {
  choiceInput,
  numberInput,
  optionalTextInput,
  rangeText,
  schemaOf,
  textOf,
  type InputDescriptor,
  type InputManifest,
  type InputTable,
  type ParsedInputs,
} from '../run/input-descriptor.ts';
import { LIMITS, type RunOrigin, type Settings } from '../run/settings.ts';

const ANNOTATIONS_MODES = ['check-run', 'workflow-commands', 'none'] as const;

/** The check run's name: GitHub shows it on the pull request, where a line break or an invisible character would garble it. */
const checkNameInput: InputDescriptor<string> = {
  name: 'check-name',
  default: 'svc-scan',
  description:
    'Name of the check run; matrix jobs scanning several repositories set their own. Also keys the pull request comment.',
  parse: (value, problems) => {
    const name = textOf(value);
    const { min, max } = LIMITS.checkNameLength;
    if (name.length < min || name.length > max || /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name))
      problems.invalid(
        name,
        `${rangeText(LIMITS.checkNameLength)} characters on one line, no control characters`,
      );
    return name;
  },
};

/** A category given is checked; the default follows from the scanned repository (see sarifCategoryOf). */
const sarifCategoryInput: InputDescriptor<string> = {
  name: 'sarif-category',
  default: '',
  description:
    'Code scanning category of the SARIF run (runs[0].automationDetails.id); a / is appended when it does not end in one, so the category is exactly this. Empty: svc-scan/<owner>/<name> of the scanned repository, so matrix jobs over several repositories never collide.',
  parse: (value, problems) => {
    const category = textOf(value);
    const problem = category === '' ? undefined : sarifCategoryProblem(category);
    if (problem) problems.invalid(category, problem);
    return category;
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
    declaredDefault: '${{ github.token }}',
    description:
      'Token for the GitHub API: the check run (checks: write) and the pull request comment (pull-requests: write). Masked; never sent to the service.',
  }),
  // The workflow's own token, to know whose comments are the action's when GitHub's viewer cannot be read: the
  // action cannot otherwise tell github-token's default from a token the workflow passed.
  workflowToken: optionalTextInput({
    name: 'workflow-token',
    default: '',
    declaredDefault: '${{ github.token }}',
    description:
      "Internal: the workflow's own token, compared with github-token to know which account the action writes as when GitHub cannot say (on github.com its comments are then github-actions[bot]'s; elsewhere nothing is edited). Leave it unset.",
  }),
  checkName: checkNameInput,
  annotations: choiceInput(
    {
      name: 'annotations',
      default: 'check-run',
      description:
        'Where findings are annotated on their lines: check-run (up to max-annotations, through the check run), workflow-commands (GitHub shows 10 of each level), or none.',
      schema: schemaOf.oneOf('Where findings are annotated.', ANNOTATIONS_MODES),
    },
    ANNOTATIONS_MODES,
  ),
  // The SARIF file and the code scanning upload write the same run.
  sarifCategory: sarifCategoryInput,
  sarifMaxResults: numberInput(
    {
      name: 'sarif-max-results',
      default: '5000',
      description: `Most results in the SARIF run (the file and the upload), the most severe, with a notification counting the rest: ${rangeText(LIMITS.sarifMaxResults)}. Code scanning shows the top 5000 of a run.`,
    },
    LIMITS.sarifMaxResults,
    true,
  ),
} satisfies InputTable<RunOrigin>;

/** The shared inputs as the faces read them: one scan only (the fleet writes neither a check run nor SARIF). */
export const SHARED_MANIFEST: InputManifest<typeof SHARED_INPUTS> = {
  name: 'reporting',
  faces: ['one-scan'],
  inputs: SHARED_INPUTS,
};

/** The SARIF run's category: `sarif-category`, else `svc-scan/<owner>/<name>` of the scanned repository. */
export function sarifCategoryOf(
  settings: Readonly<Pick<SharedSettings, 'sarifCategory' | 'repository'>>,
): string {
  return settings.sarifCategory || defaultSarifCategory(settings.repository);
}

/** The run's settings and the action's shared inputs: what every reporter may read. */
export type SharedSettings = Settings & ParsedInputs<typeof SHARED_INPUTS>;
