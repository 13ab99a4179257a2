import { SarifPathError, resolveSarifPath } from '../run/sarif-path.ts';
import {
  booleanInput,
  choiceInput,
  numberInput,
  rangeText,
  schemaOf,
  textOf,
  type InputDescriptor,
} from '../run/input-descriptor.ts';
import { LIMITS, type RunOrigin } from '../run/settings.ts';
import { describeReporterInputs } from './reporter.ts';

/*
 * The reporters' own inputs, apart from the reporters: the main step reads and checks every input before it loads
 * the run (src/action/main-run.ts), and the reporters, their renderers and the SARIF writer, with it. Each
 * reporter's descriptor takes its table from here; REPORTER_INPUTS lists the tables the settings read, and the
 * registry's test holds the two together.
 */

/** `code-scanning-triage`: empty follows `upload-sarif` (settled below). */
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

/** The sticky comment's modes (`pr-comment`). */
export const PR_COMMENT_MODES = ['always', 'on-failure', 'never'] as const;

export const CHECK_RUN_INPUTS = describeReporterInputs({
  name: 'check run',
  inputs: {
    maxAnnotations: numberInput(
      {
        name: 'max-annotations',
        default: '1000',
        description: `Most findings annotated through the check run, most severe first (${rangeText(LIMITS.maxAnnotations)}).`,
        schema: schemaOf.number(
          'Most findings annotated through the check run.',
          LIMITS.maxAnnotations,
          true,
        ),
      },
      LIMITS.maxAnnotations,
      true,
    ),
  },
});

export const FIX_SUGGESTIONS_INPUTS = describeReporterInputs({
  name: 'fix suggestions',
  inputs: {
    suggestFixes: booleanInput({
      name: 'suggest-fixes',
      default: 'true',
      description:
        "Post the fixes of the findings the gate fails on as suggested changes on the pull request's lines, in one review (true or false). Needs pull-requests: write.",
      schema: schemaOf.boolean('Post fixes as suggested changes on the pull request.'),
    }),
    maxSuggestions: numberInput(
      {
        name: 'max-suggestions',
        default: '20',
        description: `Most suggestions posted in one run, and most finding details read for fixes (${rangeText(LIMITS.maxSuggestions)}).`,
        schema: schemaOf.number('Most suggestions posted in one run.', LIMITS.maxSuggestions, true),
      },
      LIMITS.maxSuggestions,
      true,
    ),
  },
});

export const SARIF_FILE_INPUTS = describeReporterInputs({
  name: 'SARIF file',
  inputs: { sarifFile: sarifFileInput },
});

export const CODE_SCANNING_UPLOAD_INPUTS = describeReporterInputs({
  name: 'code scanning upload',
  inputs: {
    uploadSarif: booleanInput({
      name: 'upload-sarif',
      default: 'false',
      description:
        "Upload the SARIF run to code scanning (needs security-events: write), gzip-compressed, for the scanned commit on refs/pull/N/head on a pull request, else GITHUB_REF. Nothing is uploaded from a run that did not read every finding (an error, a cancel, a timeout). Fleet mode: each judged repository's SARIF to its own code scanning, for its default branch at the scanned commit (needs GitHub credentials with security_events write).",
    }),
    waitForProcessing: booleanInput({
      name: 'wait-for-processing',
      default: 'true',
      description:
        'After upload-sarif, wait (within wait-timeout) for code scanning to process the upload, and report complete, or failed with its errors.',
    }),
    codeScanningTriage: triageInput,
  },
  settle: (own) => ({ ...own, codeScanningTriage: own.codeScanningTriage ?? own.uploadSarif }),
});

export const PR_COMMENT_INPUTS = describeReporterInputs({
  name: 'pull request comment',
  inputs: {
    prComment: choiceInput(
      {
        name: 'pr-comment',
        default: 'on-failure',
        description:
          'The sticky pull request comment: always, on-failure (created when the gate fails, then kept up to date), or never.',
        schema: schemaOf.oneOf('The sticky pull request comment.', PR_COMMENT_MODES),
      },
      PR_COMMENT_MODES,
    ),
  },
});

/** Every reporter's inputs, in the registry's order (a reporter without inputs of its own has no table). */
export const REPORTER_INPUTS = [
  CHECK_RUN_INPUTS,
  FIX_SUGGESTIONS_INPUTS,
  SARIF_FILE_INPUTS,
  CODE_SCANNING_UPLOAD_INPUTS,
  PR_COMMENT_INPUTS,
] as const;
