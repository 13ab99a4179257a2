import { describe, expect, it } from 'vitest';
import { compareRollUps } from '../../../src/fleet/rollup-compare.ts';
import { renderRollUpMarkdown } from '../../../src/fleet/rollup-markdown.ts';
import { outcome, rollUpOf } from './rollup-fixtures.ts';

describe('the roll-up as markdown', () => {
  const rollUp = rollUpOf([
    outcome('acme/passing', 'passed', { low: 2 }),
    outcome('acme/some-high', 'failed', { high: 3 }),
    outcome('acme/broken', null, {}, 'The scan failed: module sast (failed).'),
    outcome('acme/one-critical', 'failed', { critical: 1 }),
    outcome('acme/two-critical', 'failed', { critical: 2, low: 9 }),
  ]);

  it('lists those failing first, most severe first, then those not judged and why, then those that passed', () => {
    const markdown = renderRollUpMarkdown(rollUp);
    const order = [
      'Failing the gate (3)',
      'acme/two-critical',
      'acme/one-critical',
      'acme/some-high',
      'Not judged (1)',
      'acme/broken',
      'module sast (failed)',
      'Passed (1)',
      'acme/passing',
    ];
    const positions = order.map((text) => markdown.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(markdown).toContain('| `acme/two-critical` | 2 | 0 | 0 | 9 | 0 | `scan_acme_two-critical` |');
    expect(markdown).toContain(
      '**3 failed the gate, 1 passed, 1 not judged.** Findings: 3 critical, 3 high, 0 medium, 11 low, 0 info.',
    );
  });

  it('says that repository policy files are not read in this version', () => {
    expect(renderRollUpMarkdown(rollUp)).toMatch(
      /Repository policy files .* are not read in this version: every repository is judged by fail-on high/,
    );
  });

  it('escapes every string of the service for markdown', () => {
    const hostile = rollUpOf([
      outcome(
        'acme/x`|<img src=x>',
        null,
        {},
        '<script>alert(1)</script> | @admin **bold** [link](http://evil)\n# heading',
      ),
    ]);
    hostile.repositories[0] = { ...hostile.repositories[0]!, status: 'fa|iled`<b>' };
    const markdown = renderRollUpMarkdown(hostile);
    // Inside a code span, < is text; outside one, no tag is left.
    const outsideCode = markdown.replace(/(`+)[\s\S]*?\1/g, '');
    expect(outsideCode).not.toMatch(/<[a-z]/i);
    expect(markdown).not.toContain('<script>');
    expect(markdown).not.toContain('@admin');
    expect(markdown).not.toContain('[link](');
    expect(markdown).not.toMatch(/\n# heading/);
    const row = markdown.split('\n').find((line) => line.includes('acme/x'));
    // Four cell borders: every | of the service's strings is escaped.
    expect(row?.replace(/\\\|/g, '').split('|')).toHaveLength(5);
  });

  it('stays within the budget with many repositories and long strings, and says how many it left out', () => {
    const many = rollUpOf(
      Array.from({ length: 5000 }, (_, i) =>
        outcome(`acme/${'r'.repeat(300)}-${i}`, null, {}, 'x'.repeat(5000)),
      ),
    );
    const markdown = renderRollUpMarkdown(many, undefined, 200_000);
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(200_000);
    expect(markdown).toMatch(/…and \d+ more, left out to keep the summary within GitHub's limit/);
    expect(Buffer.byteLength(renderRollUpMarkdown(many))).toBeLessThanOrEqual(1024 * 1024);
  });

  it('says a refused key, an interruption and missing shards', () => {
    expect(renderRollUpMarkdown({ ...rollUp, stopped_by: 'key-refused' })).toContain('refused the key');
    expect(renderRollUpMarkdown({ ...rollUp, stopped_by: 'interrupted' })).toContain('Interrupted');
    expect(renderRollUpMarkdown({ ...rollUp, missing_shards: ['2/3'] })).toContain('shard 2/3 were missing');
  });

  it('says what changed since a previous roll-up', () => {
    const previous = rollUpOf([
      outcome('acme/passing', 'failed', { high: 1, low: 2 }),
      outcome('acme/some-high', 'passed'),
      outcome('acme/old', 'passed'),
    ]);
    const markdown = renderRollUpMarkdown(rollUp, compareRollUps(rollUp, previous));
    expect(markdown).toContain('### Since the previous roll-up');
    expect(markdown).toContain(
      '- Newly failing (3): `acme/some-high`, `acme/one-critical`, `acme/two-critical`.',
    );
    expect(markdown).toContain('- Newly passing (1): `acme/passing`.');
    expect(markdown).toContain('- Findings up (1): `acme/some-high` (high +3).');
    expect(markdown).toContain('- Findings down (1): `acme/passing` (high −1).');
    expect(markdown).toContain('- No longer scanned (1): `acme/old`.');
  });
});
