import { describe, expect, it } from 'vitest';
import { notCountedNote, withNotCounted } from '../../../src/text/not-counted.ts';

describe('notCountedNote', () => {
  it('names what the policy took out of the counts', () => {
    expect(notCountedNote({ suppressedCount: 1, outOfScopeCount: 0 })).toBe(
      '(and 1 suppressed by the policy, not counted)',
    );
    expect(notCountedNote({ suppressedCount: 0, outOfScopeCount: 3 })).toBe(
      "(and 3 outside the policy's paths, not counted)",
    );
    expect(notCountedNote({ suppressedCount: 2, outOfScopeCount: 3 })).toBe(
      '(and 2 suppressed by the policy and 3 outside its paths, not counted)',
    );
  });

  it('says nothing when the policy took nothing out, or there is none', () => {
    expect(notCountedNote({ suppressedCount: 0, outOfScopeCount: 0 })).toBe('');
    expect(notCountedNote(undefined)).toBe('');
    expect(withNotCounted('24 findings', undefined)).toBe('24 findings');
    expect(withNotCounted('24 findings', { suppressedCount: 1, outOfScopeCount: 0 })).toBe(
      '24 findings (and 1 suppressed by the policy, not counted)',
    );
  });
});
