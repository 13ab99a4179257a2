import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { EXIT_CODE_INTERRUPTED, watchTermination } from '../../../src/run/signals.ts';

/** A process whose signals the test sends and whose exit it records, instead of ending the test run. */
class FakeProcess extends EventEmitter {
  readonly exits: number[] = [];
  exit(code: number): void {
    this.exits.push(code);
  }
}

function watch() {
  const process = new FakeProcess();
  return { process, watch: watchTermination(process as unknown as NodeJS.Process) };
}

describe('watchTermination', () => {
  it('aborts the run on the first SIGINT or SIGTERM, naming the signal', () => {
    for (const name of ['SIGINT', 'SIGTERM'] as const) {
      const { process, watch: termination } = watch();
      expect(termination.signal.aborted).toBe(false);
      expect(termination.received()).toBeUndefined();
      process.emit(name, name);
      expect(termination.signal.aborted).toBe(true);
      expect(termination.received()).toBe(name);
      expect(String(termination.signal.reason)).toContain(name);
      expect(process.exits).toEqual([]);
    }
  });

  it('exits at once on a second signal: the cleanup is taking too long', () => {
    const { process } = watch();
    process.emit('SIGINT', 'SIGINT');
    expect(process.exits).toEqual([]);
    process.emit('SIGTERM', 'SIGTERM');
    expect(process.exits).toEqual([EXIT_CODE_INTERRUPTED]);
  });

  it('stops listening once disposed', () => {
    const { process, watch: termination } = watch();
    termination.dispose();
    expect(process.listenerCount('SIGINT') + process.listenerCount('SIGTERM')).toBe(0);
    process.emit('SIGINT', 'SIGINT');
    expect(termination.signal.aborted).toBe(false);
  });
});
