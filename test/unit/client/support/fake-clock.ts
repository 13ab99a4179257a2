import type { Logger } from '../../../../src/client/logger.ts';

/**
 * Time that only moves when the code under test sleeps. Sleeps are recorded and honour the abort signal,
 * so retry and polling tests never really wait.
 */
export class FakeClock {
  current = 1_700_000_000_000;
  readonly sleeps: number[] = [];

  readonly now = (): number => this.current;

  readonly sleep = (ms: number, signal?: AbortSignal): Promise<void> => {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    this.sleeps.push(ms);
    this.current += ms;
    return Promise.resolve();
  };
}

export interface RecordingLogger extends Logger {
  readonly lines: { level: 'debug' | 'info' | 'warning'; message: string }[];
  text(): string;
}

export function recordingLogger(): RecordingLogger {
  const lines: RecordingLogger['lines'] = [];
  return {
    lines,
    debug: (message) => lines.push({ level: 'debug', message }),
    info: (message) => lines.push({ level: 'info', message }),
    warning: (message) => lines.push({ level: 'warning', message }),
    startGroup: (name) => lines.push({ level: 'info', message: name }),
    endGroup: () => undefined,
    text: () => lines.map((line) => `${line.level}: ${line.message}`).join('\n'),
  };
}
