import { Option } from 'commander';
import { flagOf, type InputDescriptor } from '../../run/input-descriptor.ts';
import { phraseText, problemText, type Phrase, type ProblemWords } from '../../run/input-problem.ts';
import {
  InputError,
  NO_ORIGIN,
  POLICY_FILE_INPUT,
  RUN_INPUTS,
  parseSettings,
  type PolicySettings,
  type Settings,
} from '../../run/settings.ts';
import { UsageError } from '../exit-codes.ts';
import { unknownModulesProblem } from './scan-modules.ts';

export const SCAN_FORMATS = ['text', 'json', 'sarif'] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

/** The run's settings svc scan takes as flags: those whose descriptor names one (`cli`). */
const FLAG_SETTINGS: readonly InputDescriptor<unknown, never>[] = Object.values(RUN_INPUTS).filter(
  (descriptor) => descriptor.cli !== undefined,
);

/**
 * The options commander parses, each under its attribute (`--fail-on` is `failOn`): a setting the action shares
 * is a string, a switch (--reuse-scan, --no-reuse-scan) a boolean, undefined when not given.
 */
export interface ScanFlags {
  readonly [attribute: string]: string | boolean | undefined;
  format?: ScanFormat | undefined;
  output?: string | undefined;
  /** A policy file, or `none`; undefined: the checkout's .github/svc-scan.yml when present. */
  policy?: string | undefined;
}

/** The flags of the settings svc scan shares with the action, from their descriptors: names, choices, defaults. */
export function sharedScanOptions(): Option[] {
  return [...FLAG_SETTINGS, POLICY_FILE_INPUT].flatMap(flagOptions);
}

/** commander's options of a setting svc takes as a flag (`cli`): its name, value, choices and the default it says. */
export function flagOptions(descriptor: InputDescriptor<unknown, never>): Option[] {
  const { cli } = descriptor;
  if (cli === undefined) return [];
  const flag = flagOf(descriptor);
  if (cli.value === undefined) {
    const shown = cli.default ?? (descriptor.default === 'true' ? 'on' : 'off');
    return [
      new Option(flag, withDefault(cli.help, shown)),
      new Option(`--no-${flag.slice(2)}`, cli.negated ?? ''),
    ];
  }
  const option = new Option(`${flag} ${cli.value}`, withDefault(cli.help, cli.default ?? descriptor.default));
  return [descriptor.choices ? option.choices(descriptor.choices) : option];
}

const withDefault = (help: string, shown: string): string =>
  shown === '' ? help : `${help} (default: ${shown})`;

/** svc's words for the run's inputs: the repository is its argument, a setting its flag. */
const SVC_WORDS: ProblemWords = {
  subject: (input) => (input === 'repository' ? 'The repository argument' : flagNamed(input)),
  reference: (input) => (input === 'repository' ? 'the repository argument' : flagNamed(input)),
};

/** The flag of an input, or its name quoted when svc takes it from the policy file only. */
function flagNamed(input: string): string {
  const descriptor = [...FLAG_SETTINGS, POLICY_FILE_INPUT].find((candidate) => candidate.name === input);
  return descriptor ? flagOf(descriptor) : `'${input}'`;
}

/** A message of the run that names inputs, in svc's words. */
export function inSvcWords(phrase: Phrase): string {
  return phraseText(phrase, SVC_WORDS);
}

/** The format to write: --format, else json with --json, else text. */
export function scanFormat(flags: Pick<ScanFlags, 'format'>, json: boolean | undefined): ScanFormat {
  return flags.format ?? (json ? 'json' : 'text');
}

/**
 * The action's settings from the flags and the policy file, read by the action's own parser: a flag wins over
 * the file as an input does, the file over the same defaults (fail-on high, severity-threshold low, wait-timeout
 * 600 s); the same checks and the same gate. Nothing is read from the environment: the GitHub variables the
 * action uses for the repository and the ref mean nothing here, and the ref defaults to the repository's default
 * branch. svc scan starts no remediation and no AI analysis, whatever the file says: it shows neither.
 */
export function scanSettings(
  repository: string,
  flags: ScanFlags,
  policy?: PolicySettings,
): Readonly<Settings> {
  const inputs: Record<string, string | undefined> = {
    repository,
    ...Object.fromEntries(FLAG_SETTINGS.map((descriptor) => [descriptor.name, flagValue(flags, descriptor)])),
    remediate: 'false',
    'ai-analysis': 'false',
  };
  let settings: Readonly<Settings>;
  try {
    settings = parseSettings((name) => inputs[name] ?? '', NO_ORIGIN, policy);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new UsageError(error.found.map((problem) => problemText(problem, SVC_WORDS)).join('\n'));
  }
  const modules = unknownModulesProblem(settings.modules);
  if (modules !== undefined) throw new UsageError(modules);
  return settings;
}

/** A flag's value as the input's text (a switch's `true` or `false`); undefined when it was not given. */
function flagValue(flags: ScanFlags, descriptor: InputDescriptor<unknown, never>): string | undefined {
  const value = flags[new Option(flagOf(descriptor)).attributeName()];
  return value === undefined ? undefined : String(value);
}
