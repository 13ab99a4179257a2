import { checkRunDescriptor } from '../../report/check-run/check-run-reporter.ts';
import { codeScanningUploadDescriptor } from '../../code-scanning/code-scanning-upload-reporter.ts';
import { fixSuggestionsDescriptor } from '../../fix-suggestions/fix-suggestions-reporter.ts';
import { fixedThreadsDescriptor } from '../../fix-suggestions/fixed-threads-reporter.ts';
import { jobSummaryDescriptor } from '../../report/summary/job-summary-reporter.ts';
import { logDescriptor } from '../../report/log/log-reporter.ts';
import { outputsDescriptor } from '../../report/outputs/outputs-reporter.ts';
import type { ReporterDescriptor } from '../../report/reporter.ts';
import { prCommentDescriptor } from '../../report/pr-comment/pr-comment-reporter.ts';
import { sarifFileDescriptor } from '../../code-scanning/sarif-file-reporter.ts';
import { workflowAnnotationsDescriptor } from '../../report/annotations/workflow-annotations-reporter.ts';

/**
 * Every reporter, one line each. They run by stage (sinks, then views, then the outputs) and, within a stage, in
 * this order. A new place to report to is its file, exporting its descriptor, its inputs' table in
 * reporter-inputs.ts (if it has inputs), and one line here.
 */
const REPORTERS = [
  logDescriptor,
  checkRunDescriptor,
  workflowAnnotationsDescriptor,
  fixSuggestionsDescriptor,
  fixedThreadsDescriptor,
  sarifFileDescriptor,
  codeScanningUploadDescriptor,
  prCommentDescriptor,
  jobSummaryDescriptor,
  outputsDescriptor,
] as const;

/** The same list, each descriptor seen through its inputs' common shape (the setup and the settings walk it). */
export const REPORTER_DESCRIPTORS = REPORTERS as unknown as readonly ReporterDescriptor[];
