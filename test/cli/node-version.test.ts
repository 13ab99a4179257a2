import { describe, expect, it } from 'vitest';
import { isSupportedNode } from '../../src/cli/node-version.ts';

describe('isSupportedNode', () => {
  it('compares versions part by part against 22.19.0', () => {
    expect(isSupportedNode('20.20.2')).toBe(false);
    expect(isSupportedNode('22.18.9')).toBe(false);
    expect(isSupportedNode('22.19.0')).toBe(true);
    expect(isSupportedNode('22.100.0')).toBe(true);
    expect(isSupportedNode('24.0.0')).toBe(true);
    expect(isSupportedNode('100.0.0')).toBe(true);
  });
});
