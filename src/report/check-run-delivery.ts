import { deliveryKey } from './reporter.ts';

/** The check run this run completed, for the comment's and the summary's link to it (src/report/check-run/check-run-reporter.ts). */
export const CHECK_RUN_DELIVERED = deliveryKey<{ id: number; url: string } | undefined>(
  'check run',
  undefined,
);
