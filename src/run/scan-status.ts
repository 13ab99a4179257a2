import { classifyScanStatus } from '../client/job-status.ts';

/** The scan-status output: the action's own words for the terminal states, whatever the service's spelling. */
export function scanStatusOutput(status: string): string {
  switch (classifyScanStatus(status)) {
    case 'succeeded':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    case 'running':
      return status;
  }
}
