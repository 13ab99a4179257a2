import { ANNOTATIONS_MANIFEST } from '../../report/annotations/annotations-manifest.ts';
import { CHECK_RUN_MANIFEST } from '../../report/check-run/check-run-manifest.ts';
import { CODE_SCANNING_UPLOAD_MANIFEST } from '../../code-scanning/code-scanning-upload-manifest.ts';
import { FIX_SUGGESTIONS_MANIFEST } from '../../fix-suggestions/fix-suggestions-manifest.ts';
import { FIXED_THREADS_MANIFEST } from '../../fix-suggestions/fixed-threads-manifest.ts';
import { JOB_SUMMARY_MANIFEST } from '../../report/summary/job-summary-manifest.ts';
import { LOG_MANIFEST } from '../../report/log/log-manifest.ts';
import { OUTPUTS_MANIFEST } from '../../report/outputs/outputs-manifest.ts';
import { PR_COMMENT_MANIFEST } from '../../report/pr-comment/pr-comment-manifest.ts';
import type { FeatureManifest } from '../../report/reporter.ts';
import type { InputTable } from '../../run/input-descriptor.ts';
import type { RunOrigin } from '../../run/settings.ts';
import { SARIF_FILE_MANIFEST } from '../../code-scanning/sarif-file-manifest.ts';

/**
 * Every feature the action reports to, one manifest a line: the only list of them. The reporters run by stage
 * (sinks, then views, then the outputs) and, within a stage, in this order. From it are derived the settings and
 * their type (src/action/action-settings.ts), the inputs the fleet ignores (fleet-settings.ts), the permission
 * plan, and what `npm run generate` writes (action.yml, the README's tables, the policy's schema,
 * docs/policy-file.md's keys). A new feature is its folder, with its `<feature>-manifest.ts`, and one line here.
 */
export const FEATURES = [
  LOG_MANIFEST,
  CHECK_RUN_MANIFEST,
  ANNOTATIONS_MANIFEST,
  FIX_SUGGESTIONS_MANIFEST,
  FIXED_THREADS_MANIFEST,
  SARIF_FILE_MANIFEST,
  CODE_SCANNING_UPLOAD_MANIFEST,
  PR_COMMENT_MANIFEST,
  JOB_SUMMARY_MANIFEST,
  OUTPUTS_MANIFEST,
] as const;

/** The same list, each manifest seen through the common shape (the settings and the conductor walk it). */
export const FEATURE_MANIFESTS = FEATURES as unknown as readonly FeatureManifest<
  InputTable<RunOrigin>,
  unknown
>[];
