import { describe, expect, it } from 'vitest';
import { toolkitLogger, warningsAsInfo } from '../../../src/github/toolkit.ts';
import { FakeToolkit } from '../../support/fake-toolkit.ts';

/** The action's one Logger: callers pass plain text, and it is escaped here for the runner's log. */
describe('toolkitLogger', () => {
  it('escapes plain text once, so a line from the service cannot start a workflow command', () => {
    const toolkit = new FakeToolkit();
    const logger = toolkitLogger(toolkit);
    logger.info('Scan s1: ::add-mask::x\n::error::forged');
    logger.startGroup('::endgroup::');
    logger.endGroup();
    const lines = toolkit.log.join('\n').split('\n');
    expect(
      lines.filter((line) => line.trimStart().startsWith('::error') || line.startsWith('::add-mask')),
    ).toEqual([]);
    expect(lines).toContain(': :error::forged');
    expect(toolkit.annotations).toEqual([]);
  });

  it('makes a warning an annotation, and warningsAsInfo keeps the routine ones in the log', () => {
    const toolkit = new FakeToolkit();
    toolkitLogger(toolkit).warning('Could not cancel scan s1');
    warningsAsInfo(toolkitLogger(toolkit)).warning('retrying after 2 s');
    expect(toolkit.annotations).toEqual([
      expect.objectContaining({ level: 'warning', message: 'Could not cancel scan s1' }),
    ]);
    expect(toolkit.log.join('\n')).toContain('Warning: retrying after 2 s');
  });
});
