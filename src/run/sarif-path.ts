import { ACTION_WORDS, problemText } from './input-problem.ts';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** The path cannot be used: what was given and what is expected instead. */
export class SarifPathError extends Error {
  override name = 'SarifPathError';
  readonly given: string;
  readonly expected: string;

  constructor(given: string, expected: string) {
    super(problemText({ input: 'sarif-file', given, expected: [expected] }, ACTION_WORDS));
    this.given = given;
    this.expected = expected;
  }
}

/**
 * The `sarif-file` input as an absolute path. An absolute path is taken as given (`${{ runner.temp }}/x.sarif`
 * keeps the file out of the checkout). A relative one is resolved against the workspace and must stay inside it:
 * relative paths are documented as the workspace's, so one that climbs out with `..` is a mistake, not a wish;
 * an absolute path says where else to write. A path that names a folder (ending in `/`, or the workspace itself)
 * or holds a control character is refused too. Each message names the input and how to fix it.
 */
export function resolveSarifPath(path: string, workspace: string): string {
  const refuse = (expected: string): SarifPathError => new SarifPathError(path, expected);
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (path.trim() === '' || /[\u0000-\u001f\u007f]/.test(path))
    throw refuse('a file path on one line, such as results/svc-scan.sarif');
  if (/[\\/]$/.test(path))
    throw refuse('a file path, such as results/svc-scan.sarif, where this names a folder');
  if (isAbsolute(path)) return resolve(path);
  if (!isAbsolute(workspace))
    throw refuse(
      `an absolute path: this one is relative, and GITHUB_WORKSPACE ('${workspace}') is not an absolute path to resolve it against`,
    );
  const target = resolve(workspace, path);
  const inside = relative(resolve(workspace), target);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    throw refuse(
      'a path that stays inside the workspace (GITHUB_WORKSPACE) when relative; to write elsewhere, an absolute path such as ${{ runner.temp }}/svc-scan.sarif',
    );
  return target;
}
