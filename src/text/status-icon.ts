import { classifyModuleStatus } from '../client/job-status.ts';

/** The icon beside a module's or an agent run's status: done, failed, skipped, cancelled, or still going. */
export function moduleIcon(status: string): string {
  switch (classifyModuleStatus(status)) {
    case 'succeeded':
      return '✅';
    case 'failed':
      return '❌';
    case 'skipped':
      return '⏭️';
    case 'cancelled':
      return '🚫';
    case 'running':
      return '⏳';
  }
}
