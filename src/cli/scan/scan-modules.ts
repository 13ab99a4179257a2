import { didYouMean } from '../../text/did-you-mean.ts';

/**
 * The scan modules svc knows. The spec names none (it says a scan runs "modules" and that the service has a
 * default); these are the emulator's, which the README lists under "Where the spec is silent". `--modules` is
 * checked against them before anything is sent, so a typo is a usage error (exit 2), not a 422 after a request.
 */
export const SCAN_MODULES = ['sast', 'secrets', 'dependencies', 'iac', 'containers', 'licenses'] as const;

/** The problem with a list of modules, or undefined when every name is known. */
export function unknownModulesProblem(modules: readonly string[]): string | undefined {
  const known: readonly string[] = SCAN_MODULES;
  const unknown = modules.filter((name) => !known.includes(name));
  if (unknown.length === 0) return undefined;
  const names = unknown.map((name) => `'${name}'`).join(', ');
  const hint = unknown.length === 1 ? didYouMean(unknown[0] ?? '', known) : '';
  return `--modules names ${unknown.length === 1 ? 'an unknown module' : 'unknown modules'}: ${names}. Known modules: ${SCAN_MODULES.join(', ')}.${hint}`;
}
