import type { Logger } from '../client/logger.ts';
import { utcSecond } from './utc-time.ts';

/**
 * The fleet's log with every line opened by the UTC time (`YYYY-MM-DDTHH:MM:SSZ `): a night's log is read hours
 * later, and a line without its time says nothing of when a scan started or how long one stood still.
 */
export function timestampedLog(log: Logger, now: () => number): Logger {
  const stamped = (message: string): string => `${utcSecond(now())} ${message}`;
  return {
    debug: (message) => {
      log.debug(stamped(message));
    },
    info: (message) => {
      log.info(stamped(message));
    },
    warning: (message) => {
      log.warning(stamped(message));
    },
    startGroup: (name) => {
      log.startGroup(stamped(name));
    },
    endGroup: () => {
      log.endGroup();
    },
  };
}
