import { checkRunDescriptor } from './check-run.ts';
import { codeScanningUploadDescriptor } from './code-scanning-upload.ts';
import { fixSuggestionsDescriptor } from './fix-suggestions.ts';
import { fixedThreadsDescriptor } from './fixed-threads.ts';
import { jobSummaryDescriptor } from './job-summary.ts';
import { logDescriptor } from './log-reporter.ts';
import { outputsDescriptor } from './outputs.ts';
import type { ReporterDescriptor } from './reporter.ts';
import { prCommentDescriptor } from './pr-comment.ts';
import { sarifFileDescriptor } from './sarif.ts';
import { workflowAnnotationsDescriptor } from './workflow-annotations.ts';

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
