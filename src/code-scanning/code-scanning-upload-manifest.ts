import type { FeaturePermissions } from '../github/token-permissions.ts';
import { describeFeature } from '../report/reporter.ts';
import { booleanInput, textOf, type InputDescriptor } from '../run/input-descriptor.ts';

/** Uploading the SARIF run to code scanning. */
export const UPLOAD_PERMISSIONS: FeaturePermissions = {
  feature: '`upload-sarif`',
  needs: [
    { scope: 'security-events', access: 'write' },
    { scope: 'actions', access: 'read', only: 'on private repositories' },
  ],
  besides: ['GitHub Advanced Security on private repositories'],
};

/** Reading a person's dismissals before the verdict, and dismissing or reopening the alerts after the upload. */
export const TRIAGE_PERMISSIONS: FeaturePermissions = {
  feature: '`code-scanning-triage`',
  needs: [
    { scope: 'security-events', access: 'read', for: 'to honour dismissals' },
    { scope: 'security-events', access: 'write', for: 'to dismiss and reopen' },
  ],
};

/** `code-scanning-triage`: empty follows `upload-sarif` (settled below, the one place that choice is made). */
const triageInput: InputDescriptor<boolean | undefined> = {
  name: 'code-scanning-triage',
  default: '',
  description:
    'Triage both ways: a code scanning alert a person dismissed takes a finding out of the gate only at its exact place, no more severe than the alert, and never one a pull request introduces (listed with who, when and why); alerts of findings the policy suppresses are dismissed with its reason (reopened when the entry goes), those the default branch has by its own run only. Needs security-events: read (write to dismiss). Empty: on when upload-sarif is.',
  parse: (value, problems, origin) =>
    textOf(value) === ''
      ? undefined
      : booleanInput({ name: 'code-scanning-triage', default: '', description: '' }).parse(
          value,
          problems,
          origin,
        ),
};

/** The code scanning upload's settings, with the triage's choice made. */
export interface CodeScanningUploadSettings {
  uploadSarif: boolean;
  waitForProcessing: boolean;
  /** `code-scanning-triage`, or `upload-sarif` when it is empty. */
  codeScanningTriage: boolean;
}

/**
 * The code scanning upload (`upload-sarif`), and its work before the verdict (`code-scanning-triage`: the alerts
 * a person dismissed take their findings out of the gate), which runs with or without an upload.
 */
export const CODE_SCANNING_UPLOAD_MANIFEST = describeFeature({
  name: 'code scanning upload',
  stage: 'sink',
  faces: ['one-scan'],
  inputs: {
    uploadSarif: booleanInput({
      name: 'upload-sarif',
      default: 'false',
      description:
        "Upload the SARIF run to code scanning (needs security-events: write), gzip-compressed, for the scanned commit on refs/pull/N/head on a pull request, else GITHUB_REF. Nothing is uploaded from a run that did not read every finding (an error, a cancel, a timeout). Fleet mode: each judged repository's SARIF to its own code scanning, for its default branch at the scanned commit (needs GitHub credentials with security_events write).",
      // The fleet uploads each repository's SARIF too (src/fleet/fleet-manifest.ts takes this input).
      faces: ['one-scan', 'fleet'],
    }),
    waitForProcessing: booleanInput({
      name: 'wait-for-processing',
      default: 'true',
      description:
        'After upload-sarif, wait (within wait-timeout) for code scanning to process the upload, and report complete, or failed with its errors.',
    }),
    codeScanningTriage: triageInput,
  },
  settle: (own): CodeScanningUploadSettings => ({
    ...own,
    codeScanningTriage: own.codeScanningTriage ?? own.uploadSarif,
  }),
  outputs: {
    'sarif-id': 'Id of the SARIF upload to code scanning (empty when nothing was uploaded).',
    'analysis-url':
      "GitHub's address of the code scanning analyses the upload made (empty unless processing completed).",
  },
  permissions: [UPLOAD_PERMISSIONS],
  deliveryKeys: [],
  needs: ['github', 'every finding at or above the floor'],
  beforeVerdict: TRIAGE_PERMISSIONS,
  reporter: () =>
    import('./code-scanning-upload-reporter.ts').then((module) => module.codeScanningUploadFactory),
});
