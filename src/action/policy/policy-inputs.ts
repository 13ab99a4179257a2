import { choiceInput, type InputTable } from '../../run/input-descriptor.ts';
import { POLICY_FILE_INPUT, type RunOrigin } from '../../run/settings.ts';

const CONFIG_FROM = ['auto', 'head', 'base'] as const;
type ConfigFrom = (typeof CONFIG_FROM)[number];

/** The inputs that say where the policy file is: read from the inputs alone, since the file cannot move itself. */
export const POLICY_INPUTS = {
  path: POLICY_FILE_INPUT,
  from: choiceInput(
    {
      name: 'config-from',
      default: 'auto',
      description:
        "Which commit's policy judges a pull request: head, base (the pull request's base commit), or auto (base for a pull request from a fork, head otherwise). A change to the policy is shown either way.",
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
