import { choiceInput, textInput, type InputTable } from '../../run/input-descriptor.ts';
import type { RunOrigin } from '../../run/settings.ts';

export const CONFIG_FROM = ['auto', 'head', 'base'] as const;
export type ConfigFrom = (typeof CONFIG_FROM)[number];

export const DEFAULT_POLICY_FILE = '.github/svc-scan.yml';

/** The inputs that say where the policy file is: read from the inputs alone, since the file cannot move itself. */
export const POLICY_INPUTS = {
  path: textInput({
    name: 'config-file',
    default: DEFAULT_POLICY_FILE,
    description:
      "The repository's policy file (YAML, schema svc-scan.schema.json): gate settings, paths and suppressions with reasons. An input the workflow sets wins over the file, the file over the built-in default. A missing default file means no policy; a file named here must exist. Default: .github/svc-scan.yml.",
  }),
  from: choiceInput(
    {
      name: 'config-from',
      default: 'auto',
      description:
        "Which commit's policy judges a pull request: head, base (the pull request's base commit), or auto (base for a pull request from a fork, head otherwise). A change to the policy is shown either way. Default: auto.",
    },
    CONFIG_FROM,
  ),
} satisfies InputTable<RunOrigin>;

/** Where the policy lives, from the inputs alone. */
export interface PolicyLocation {
  path: string;
  /** The workflow named the file: then it must exist (the default file may be missing: no policy). */
  named: boolean;
  from: ConfigFrom;
}
