import { SARIF_FILE_DELIVERED } from '../report/sarif-file-delivery.ts';
import { describeFeature } from '../report/reporter.ts';
import { textOf, type InputDescriptor } from '../run/input-descriptor.ts';
import { SarifPathError, resolveSarifPath } from '../run/sarif-path.ts';
import type { RunOrigin } from '../run/settings.ts';

/** `sarif-file` resolved against the workspace (GITHUB_WORKSPACE); a path that cannot be used is a problem. */
const sarifFileInput: InputDescriptor<string | undefined, RunOrigin> = {
  name: 'sarif-file',
  default: '',
  description:
    'Path of a SARIF 2.1.0 file to write for code scanning (github/codeql-action/upload-sarif), with every finding at or above severity-threshold, most severe first, within code scanning limits. Relative paths resolve against GITHUB_WORKSPACE and must stay inside it; absolute paths are taken as given. Empty: no file.',
  parse: (value, problems, origin) => {
    const path = textOf(value);
    if (path === '') return undefined;
    try {
      return resolveSarifPath(path, origin.workspace ?? '');
    } catch (error) {
      if (!(error instanceof SarifPathError)) throw error;
      problems.invalid(error.given, error.expected);
      return undefined;
    }
  },
};

/** The SARIF file for code scanning: the run's one SARIF run, written to disk. */
export const SARIF_FILE_MANIFEST = describeFeature({
  name: 'SARIF file',
  stage: 'sink',
  faces: ['one-scan'],
  inputs: { sarifFile: sarifFileInput },
  settle: undefined,
  outputs: { 'sarif-file': 'Absolute path of the SARIF file written (empty when none).' },
  permissions: [],
  deliveryKeys: [SARIF_FILE_DELIVERED],
  needs: ['every finding at or above the floor'],
  beforeVerdict: undefined,
  reporter: () => import('./sarif-file-reporter.ts').then((module) => module.sarifFileFactory),
});
