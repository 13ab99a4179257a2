import {
  InputError,
  NO_ORIGIN,
  parseSettings,
  type InputName,
  type PolicySettings,
  type Settings,
} from '../../run/settings.ts';
import { UsageError } from '../exit-codes.ts';
import { unknownModulesProblem } from './scan-modules.ts';

export const SCAN_FORMATS = ['text', 'json', 'sarif'] as const;
export type ScanFormat = (typeof SCAN_FORMATS)[number];

export interface ScanFlags {
  ref?: string | undefined;
  modules?: string | undefined;
  frameworks?: string | undefined;
  severityThreshold?: string | undefined;
  failOn?: string | undefined;
  waitTimeout?: string | undefined;
  pollInterval?: string | undefined;
  projectId?: string | undefined;
  format?: ScanFormat | undefined;
  output?: string | undefined;
  /** A policy file, or `none`; undefined: the checkout's .github/svc-scan.yml when present. */
  policy?: string | undefined;
  /** --reuse-scan or --no-reuse-scan; undefined when neither is given (the policy file or the default decides). */
  reuseScan?: boolean | undefined;
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
  const inputs: Partial<Record<InputName, string | undefined>> = {
    repository,
    ref: flags.ref,
    modules: flags.modules,
    frameworks: flags.frameworks,
    'severity-threshold': flags.severityThreshold,
    'fail-on': flags.failOn,
    'wait-timeout': flags.waitTimeout,
    'poll-interval': flags.pollInterval,
    'project-id': flags.projectId,
    'reuse-scan': flags.reuseScan === undefined ? undefined : String(flags.reuseScan),
    remediate: 'false',
    'ai-analysis': 'false',
  };
  let settings: Readonly<Settings>;
  try {
    settings = parseSettings((name) => inputs[name] ?? '', NO_ORIGIN, policy);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new UsageError(error.problems.map(inFlagWords).join('\n'));
  }
  const modules = unknownModulesProblem(settings.modules);
  if (modules !== undefined) throw new UsageError(modules);
  return settings;
}

/**
 * The run speaks of the action's inputs; svc has flags of the same names, and the repository argument. Used for
 * the parser's problems and the run's messages that name an input (a repository the service does not have).
 */
export function inFlagWords(problem: string): string {
  return problem
    .replace(/^Input 'repository' is invalid/, 'The repository argument is invalid')
    .replace(/the repository input/g, 'the repository argument')
    .replace(/the ([a-z-]+) input/g, '--$1')
    .replace(/^Input '([a-z-]+)'/, '--$1')
    .replace(/'(poll-interval|wait-timeout)'/g, '--$1');
}
